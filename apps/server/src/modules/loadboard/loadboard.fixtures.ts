// Data for the load board's integration tests: board loads and trucks written straight to the database.
import type { VehicleType } from '@app/domain/common/lookups';
import { insertVehicle, unique } from '../../../test/factories';
import type { Db } from '../../db/types';

export const LOADBOARD_API = '/backend/api/v2/loads/loadboard';

/** Places the tests measure between (the board's match uses the first pick-up). */
export const PLACES = {
  chicago: { city: 'Chicago', state: 'IL', lat: 41.8781, lon: -87.6298 },
  milwaukee: { city: 'Milwaukee', state: 'WI', lat: 43.0389, lon: -87.9065 },
  dallas: { city: 'Dallas', state: 'TX', lat: 32.7767, lon: -96.797 },
  atlanta: { city: 'Atlanta', state: 'GA', lat: 33.749, lon: -84.388 },
  miami: { city: 'Miami', state: 'FL', lat: 25.7617, lon: -80.1918 },
  oklahomaCity: { city: 'Oklahoma City', state: 'OK', lat: 35.4676, lon: -97.5164 },
  denver: { city: 'Denver', state: 'CO', lat: 39.7392, lon: -104.9903 },
  phoenix: { city: 'Phoenix', state: 'AZ', lat: 33.4484, lon: -112.074 },
  losAngeles: { city: 'Los Angeles', state: 'CA', lat: 34.0522, lon: -118.2437 },
} as const;

export type Place = (typeof PLACES)[keyof typeof PLACES];

export type BoardLoadOptions = {
  vehicleType?: VehicleType | null;
  miles?: number | null;
  brokerId?: number | null;
  workingGroupId?: number | null;
  subgroupId?: number | null;
  dispatcherId?: number | null;
  /** Each point's place and type, in order; by default a pick-up in Dallas and a delivery in Houston. */
  points?: [Place, 'pick_up' | 'deliver_to'][];
  pickUp?: Date;
  paysCents?: number | null;
  boardStatus?: 'posted' | 'booked' | 'withdrawn' | 'expired' | null;
  status?: 1 | 2 | 12;
  postedAt?: Date;
};

const HOUR = 3_600_000;

/** A load on the board (or in another board state) with its points, as the intake would leave it. */
export async function insertBoardLoad(
  db: Db,
  companyId: number,
  options: BoardLoadOptions = {},
): Promise<number> {
  const pickUp = options.pickUp ?? new Date(Date.now() + 24 * HOUR);
  const boardStatus = options.boardStatus === undefined ? 'posted' : options.boardStatus;
  const { id } = await db
    .insertInto('loads')
    .values({
      company_id: companyId,
      status: options.status ?? 1,
      board_status: boardStatus,
      posted_at: boardStatus === null ? null : (options.postedAt ?? new Date()),
      posting_reference: `REF-${unique()}`,
      source: 'loadboard',
      broker_company_id: options.brokerId ?? null,
      working_group_id: options.workingGroupId ?? null,
      subgroup_id: options.subgroupId ?? null,
      dispatcher_id: options.dispatcherId ?? null,
      broker_name: 'Mary Broker',
      broker_phone: '(555) 123-4567',
      reply_email: 'loads@broker.test',
      pays_cents: options.paysCents === undefined ? 120_000 : options.paysCents,
      weight: 1500,
      pieces: 4,
      length: 48,
      width: 40,
      height: 36,
      vehicle_type: options.vehicleType === undefined ? 'VAN' : options.vehicleType,
      equipment: { straps: true },
      pick_up_datetime: pickUp,
      delivery_datetime: new Date(pickUp.getTime() + 12 * HOUR),
      miles: options.miles === undefined ? 400 : options.miles,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const points = options.points ?? [
    [PLACES.dallas, 'pick_up'],
    [PLACES.oklahomaCity, 'deliver_to'],
  ];
  await db
    .insertInto('load_points')
    .values(
      points.map(([place, type], index) => ({
        load_id: id,
        point_order: index + 1,
        type,
        address: `${index + 1} Main St, ${place.city}, ${place.state}`,
        city: place.city,
        state: place.state,
        lat: place.lat,
        lon: place.lon,
        date: new Date(pickUp.getTime() + index * 6 * HOUR),
        is_active: index === 0,
      })),
    )
    .execute();
  return id;
}

export type TruckOptions = {
  type: VehicleType;
  status: 1 | 2 | 3;
  at: Place;
  canBidWhileOnLoad?: boolean;
  /** A planned location: the match measures from it instead of the current one. */
  plannedAt?: Place;
};

/** A vehicle with its current (and planned) location. */
export async function insertTruck(db: Db, companyId: number, options: TruckOptions): Promise<number> {
  const planned = options.plannedAt;
  const vehicle = await insertVehicle(db, companyId, {
    transport_type: options.type,
    status: options.status,
    can_bid_while_on_load: options.canBidWhileOnLoad ?? false,
    location_city: options.at.city,
    location_state: options.at.state,
    location_lat: options.at.lat,
    location_lon: options.at.lon,
    location_status: planned ? 3 : 1,
    future_location_city: planned?.city ?? null,
    future_location_state: planned?.state ?? null,
    future_location_lat: planned?.lat ?? null,
    future_location_lon: planned?.lon ?? null,
    future_location_available_date: planned ? new Date(Date.now() + 6 * HOUR) : null,
  });
  return vehicle.id;
}
