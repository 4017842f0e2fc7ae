import { centsToAmount } from '@app/domain/common/money';
import type { GeoPoint } from '@app/domain/geo/geo.rules';
import type { BoardDispatcherBid, BoardDriverBid, BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { nearestTruckMiles, type BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import type { Db } from '../../db/types';
import type { BoardPointJson, DispatcherBidJson, DriverBidJson } from './loadboard-details.repository';
import * as trucksRepository from './loadboard-trucks.repository';
import type { BoardRow } from './loadboard.repository';

// A board load as every answer and event of the board shows it, from its row (loadboard.repository): its
// points, bids, posted rate and rate per mile, age, and the deadhead of the nearest truck that could take it.

/** The items of a list by a key (Map.groupBy is Node 21's; Node 20 runs the server too). */
export function groupBy<Item, Key>(items: readonly Item[], keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || null;
}

function toDriverBid(row: DriverBidJson): BoardDriverBid {
  return {
    id: row.id,
    kind: row.kind === 'owner' ? 'owner' : 'driver',
    vehicle_id: row.vehicle_id,
    unit_id: row.unit_id,
    driver_id: row.driver_id,
    driver_name: fullName(row.driver_first_name, row.driver_last_name),
    price: centsToAmount(row.price_cents),
    miles_out: row.miles_out,
    eta_at: row.eta_at,
    created_at: row.created_at,
  };
}

function toDispatcherBid(row: DispatcherBidJson): BoardDispatcherBid {
  return {
    id: row.id,
    dispatcher_id: row.dispatcher_id,
    dispatcher_name: fullName(row.dispatcher_first_name, row.dispatcher_last_name),
    vehicle_id: row.vehicle_id,
    unit_id: row.unit_id,
    price: centsToAmount(row.price_cents),
    status: row.status,
    created_at: row.created_at,
  };
}

/** The posted rate in cents: what the broker pays, else the broker price when one was set. */
function postedRateCents(row: BoardRow): number | null {
  if (row.pays_cents !== null) return row.pays_cents;
  return row.broker_price_cents > 0 ? row.broker_price_cents : null;
}

/** Where the load's first pick-up is, when it is placed on the map. */
function firstPickUpPlace(points: BoardPointJson[]): GeoPoint | null {
  const pickUp = points
    .filter((point) => point.type === 'pick_up')
    .sort((a, b) => a.point_order - b.point_order)[0];
  return pickUp && pickUp.lat !== null && pickUp.lon !== null ? { lat: pickUp.lat, lon: pickUp.lon } : null;
}

/**
 * The board's shape of loads (their points and bids come with their rows), with the trucks that could
 * take them for the nearest one's deadhead: one query, none when the caller has read them.
 */
export async function toBoardLoads(
  db: Db,
  companyId: number,
  rows: BoardRow[],
  at: Date,
  knownTrucks?: readonly BoardTruck[],
): Promise<BoardLoad[]> {
  if (rows.length === 0) return [];
  const trucks = knownTrucks ?? (await trucksRepository.findBoardTrucks(db, companyId));
  // Each load is measured against the trucks of its own type only (nearestTruckMiles skips the others).
  const trucksOf = groupBy(trucks, (truck) => truck.transport_type);
  return rows.map((row) => {
    const rate = postedRateCents(row);
    const dispatcherBid = row.first_dispatcher_bid;
    const loadPoints = row.points;
    return {
      id: row.id,
      status: row.status,
      board_status: row.board_status,
      load_accounting_number: row.load_accounting_number,
      points: loadPoints.map((point) => ({
        order: point.point_order,
        type: point.type,
        address: point.address,
        city: point.city,
        state: point.state,
        zip_code: point.zip_code,
        country: point.country,
        lat: point.lat,
        lon: point.lon,
        date: point.date,
      })),
      pick_up_datetime: row.pick_up_datetime?.toISOString() ?? null,
      delivery_datetime: row.delivery_datetime?.toISOString() ?? null,
      pending_driver_bids: row.pending_driver_bids.map(toDriverBid),
      dispatcher_bids: dispatcherBid ? [toDispatcherBid(dispatcherBid)] : [],
      dispatcher_bids_count: dispatcherBid?.bids_count ?? 0,
      already_saw: row.already_saw,
      broker_company_instance:
        row.broker_company_id !== null && row.broker_company_name !== null
          ? {
              id: row.broker_company_id,
              name: row.broker_company_name,
              mc_number: row.broker_company_mc_number,
              rating: row.broker_company_rating ?? 1,
              in_blacklist: row.broker_company_in_blacklist ?? false,
            }
          : null,
      is_blacklisted: row.broker_company_in_blacklist ?? false,
      broker_name: row.broker_name,
      broker_phone: row.broker_phone,
      reply_email: row.reply_email,
      posting_reference: row.posting_reference,
      miles: row.miles,
      deadhead_miles: nearestTruckMiles(
        firstPickUpPlace(loadPoints),
        row.vehicle_type,
        row.vehicle_type === null ? [] : (trucksOf.get(row.vehicle_type) ?? []),
      ),
      vehicle_type: row.vehicle_type as BoardLoad['vehicle_type'],
      length: row.length,
      width: row.width,
      height: row.height,
      weight: row.weight,
      pieces: row.pieces,
      equipment: row.equipment,
      dock_level: row.dock_level,
      is_danger: row.is_danger,
      note: row.note,
      pays: rate === null ? null : centsToAmount(rate),
      rate_per_mile: rate !== null && row.miles ? Math.round(rate / row.miles) / 100 : null,
      posted_at: row.posted_at?.toISOString() ?? null,
      age_minutes: row.posted_at
        ? Math.max(0, Math.floor((at.getTime() - row.posted_at.getTime()) / 60_000))
        : null,
      working_group: row.working_group_id,
      subgroup: row.subgroup_id,
      dispatcher_id: row.dispatcher_id,
    };
  });
}
