import { sql, type RawBuilder } from 'kysely';
import type { Row } from '../../db/types';

// What a board row carries besides the load's own columns: its points, its pending driver and owner bids,
// and its first active dispatcher bid with their count, as JSON columns of the row's query. Read with the
// rows, a page is one query instead of one per kind; each is a probe of its table's load index per row.
// Times are written as the board shows them (Date.toISOString's form: UTC, milliseconds cut, not rounded,
// as both database drivers read them), so no driver parses them.

/** A load's point as the board reads it. */
export type BoardPointJson = Pick<
  Row<'load_points'>,
  'point_order' | 'type' | 'address' | 'city' | 'state' | 'zip_code' | 'country' | 'lat' | 'lon'
> & { date: string | null };

/** A pending driver or owner bid with its truck's unit and the driver's name. */
export type DriverBidJson = Pick<
  Row<'bids'>,
  'id' | 'kind' | 'vehicle_id' | 'driver_id' | 'price_cents' | 'miles_out'
> & {
  unit_id: string | null;
  driver_first_name: string | null;
  driver_last_name: string | null;
  eta_at: string | null;
  created_at: string;
};

/** The active dispatcher bid with the lowest id, with how many active ones the load has. */
export type DispatcherBidJson = Pick<
  Row<'bids'>,
  'id' | 'dispatcher_id' | 'vehicle_id' | 'price_cents' | 'status'
> & {
  unit_id: string | null;
  dispatcher_first_name: string | null;
  dispatcher_last_name: string | null;
  created_at: string;
  bids_count: number;
};

/** A timestamptz as Date.toISOString writes it (UTC, milliseconds cut). */
const isoTime = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The points of the load `l`, in order. */
export function pointsJson(): RawBuilder<BoardPointJson[]> {
  return sql<BoardPointJson[]>`(SELECT coalesce(json_agg(json_build_object(
      'point_order', p.point_order, 'type', p.type, 'address', p.address, 'city', p.city, 'state', p.state,
      'zip_code', p.zip_code, 'country', p.country, 'lat', p.lat, 'lon', p.lon, 'date', ${isoTime('p.date')})
      ORDER BY p.point_order), '[]')
    FROM load_points p WHERE p.load_id = l.id)`;
}

/** The driver and owner bids waiting for an answer (status 1) on the load `l`, oldest first. */
export function pendingDriverBidsJson(companyId: number): RawBuilder<DriverBidJson[]> {
  return sql<DriverBidJson[]>`(SELECT coalesce(json_agg(json_build_object(
      'id', bid.id, 'kind', bid.kind, 'vehicle_id', bid.vehicle_id, 'unit_id', v.unit_id,
      'driver_id', bid.driver_id, 'driver_first_name', d.first_name, 'driver_last_name', d.last_name,
      'price_cents', bid.price_cents, 'miles_out', bid.miles_out, 'eta_at', ${isoTime('bid.eta_at')},
      'created_at', ${isoTime('bid.created_at')})
      ORDER BY bid.id), '[]')
    FROM bids bid
    LEFT JOIN vehicles v ON v.id = bid.vehicle_id
    LEFT JOIN drivers d ON d.id = bid.driver_id
    WHERE bid.company_id = ${companyId} AND bid.load_id = l.id AND bid.kind <> 'dispatcher'
      AND bid.status = 1)`;
}

/** The active dispatcher bid (status 1) with the lowest id on the load `l` and the count of them; null without. */
export function firstDispatcherBidJson(companyId: number): RawBuilder<DispatcherBidJson | null> {
  return sql<DispatcherBidJson | null>`(SELECT json_build_object(
      'id', first.id, 'dispatcher_id', first.dispatcher_id, 'dispatcher_first_name', u.first_name,
      'dispatcher_last_name', u.last_name, 'vehicle_id', first.vehicle_id, 'unit_id', v.unit_id,
      'price_cents', first.price_cents, 'status', first.status, 'created_at', ${isoTime('first.created_at')},
      'bids_count', first.bids_count)
    FROM (
      SELECT bid.id, bid.dispatcher_id, bid.vehicle_id, bid.price_cents, bid.status, bid.created_at,
        count(*) OVER () AS bids_count
      FROM bids bid
      WHERE bid.company_id = ${companyId} AND bid.load_id = l.id AND bid.kind = 'dispatcher' AND bid.status = 1
      ORDER BY bid.id LIMIT 1
    ) first
    LEFT JOIN vehicles v ON v.id = first.vehicle_id
    LEFT JOIN users u ON u.id = first.dispatcher_id)`;
}
