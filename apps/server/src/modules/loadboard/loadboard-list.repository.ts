import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import {
  haversineKm,
  kmToDegrees,
  radians,
  straightLineKmWithin,
  type GeoPoint,
} from '@app/domain/geo/geo.rules';
import type { LoadboardQuery } from '@app/domain/loadboard/loadboard.schema';
import type { BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Database, LoadsTable } from '../../db/schema';
import type { Db } from '../../db/types';

// The board's list planner: which of the company's board loads (board_status 'posted') pass the filters
// of GET loads/loadboard, counted and paged newest first. Every condition is on the load row's columns
// that loads_board_idx holds, or an `id IN (...)` of an index range of its own (the states, the match),
// so that a page and its count are read from indexes. The rows of a page are read by loadboard.repository.

export type BoardFilters = Omit<LoadboardQuery, 'page' | 'limit'>;

/** The list state of board loads on load_points (migration 0011: list_class 0 is the board). */
const BOARD_LIST_CLASS = 0;

type Loads = Database & { l: LoadsTable };

/** The ids of the company's board loads with a pick-up (delivery) point in one of the states. */
function pointStateMatches(db: Db, companyId: number, type: 'pick_up' | 'deliver_to', states: string[]) {
  return db
    .selectFrom('load_points as p')
    .select('p.load_id')
    .where('p.company_id', '=', companyId)
    .where('p.type', '=', type)
    .where('p.state', 'in', states)
    .where('p.list_class', '=', BOARD_LIST_CLASS);
}

/** The users in these teams (working groups) or subgroups of the company. */
function teamMembers(db: Db, companyId: number, teams: number[]) {
  return db
    .selectFrom('working_group_members as m')
    .innerJoin('working_groups as g', 'g.id', 'm.working_group_id')
    .select('m.user_id')
    .where('g.company_id', '=', companyId)
    .where('g.id', 'in', teams);
}

function subgroupMembers(db: Db, companyId: number, subgroups: number[]) {
  return db
    .selectFrom('subgroup_members as m')
    .innerJoin('subgroups as s', 's.id', 'm.subgroup_id')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select('m.user_id')
    .where('g.company_id', '=', companyId)
    .where('s.id', 'in', subgroups);
}

/**
 * The company's trucks that could bid on a board load, with where they are free: a vehicle Available (or On
 * load when it may bid while on load), at its planned location when it has one (location status 2 or 3),
 * else its current one; trucks with no known place are left out. One query.
 */
export async function findBoardTrucks(db: Db, companyId: number): Promise<BoardTruck[]> {
  const rows = await db
    .selectFrom('vehicles as v')
    .select([
      'v.transport_type',
      'v.location_status',
      'v.location_lat',
      'v.location_lon',
      'v.future_location_lat',
      'v.future_location_lon',
    ])
    .where('v.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('v.status', '=', VEHICLE_STATUS.available),
        eb.and([eb('v.status', '=', VEHICLE_STATUS.onLoad), eb('v.can_bid_while_on_load', '=', true)]),
      ]),
    )
    .execute();
  const trucks: BoardTruck[] = [];
  for (const row of rows) {
    const planned =
      (row.location_status === 2 || row.location_status === 3) &&
      row.future_location_lat !== null &&
      row.future_location_lon !== null;
    const lat = planned ? row.future_location_lat : row.location_lat;
    const lon = planned ? row.future_location_lon : row.location_lon;
    if (lat !== null && lon !== null) trucks.push({ transport_type: row.transport_type, lat, lon });
  }
  return trucks;
}

/**
 * The ids of the company's board loads a fitting truck can reach: a truck of the load's type
 * (findBoardTrucks) within `maxMilesOut` road miles of the load's first pick-up by the product's estimate
 * (geo.rules: haversine kilometres under straightLineKmWithin). Two queries whatever the board's size: the
 * company's trucks, then the board loads of a truck's type in a one-degree cell a truck's radius covers,
 * read from loads_board_match_idx alone (type, cell and place); the distance of each such load to the
 * trucks of its cell is measured here.
 */
export async function findMatchingLoadIds(db: Db, companyId: number, maxMilesOut: number): Promise<number[]> {
  const trucks = await findBoardTrucks(db, companyId);
  const km = straightLineKmWithin(maxMilesOut);
  const latDegrees = kmToDegrees(km);
  // The trucks that reach into each cell, by type and cell.
  const reaching = new Map<string, GeoPoint[]>();
  for (const { transport_type, lat, lon } of trucks) {
    // A degree of longitude shrinks with the cosine of the latitude: the box is widest at its pole-side edge.
    const lonDegrees =
      latDegrees / Math.max(Math.cos(radians(Math.min(Math.abs(lat) + latDegrees, 89))), 0.01);
    for (let cellLat = Math.floor(lat - latDegrees); cellLat <= Math.floor(lat + latDegrees); cellLat++) {
      for (let cellLon = Math.floor(lon - lonDegrees); cellLon <= Math.floor(lon + lonDegrees); cellLon++) {
        const key = `${transport_type}|${cellLat * 1000 + cellLon}`;
        const list = reaching.get(key);
        if (list) list.push({ lat, lon });
        else reaching.set(key, [{ lat, lon }]);
      }
    }
  }
  if (reaching.size === 0) return [];
  const types: string[] = [];
  const cells: number[] = [];
  for (const key of reaching.keys()) {
    const [type, cell] = key.split('|') as [string, string];
    types.push(type);
    cells.push(Number(cell));
  }
  const candidates = await db
    .selectFrom('loads as m')
    .select(['m.id', 'm.vehicle_type', 'm.pick_up_cell', 'm.pick_up_lat', 'm.pick_up_lon'])
    .where('m.company_id', '=', companyId)
    .where('m.board_status', '=', 'posted')
    .where('m.pick_up_cell', 'is not', null)
    .where(
      sql<SqlBool>`(m.vehicle_type, m.pick_up_cell) IN (
        SELECT type, cell FROM unnest(${types}::text[], ${cells}::int[]) AS probe (type, cell))`,
    )
    .execute();
  return candidates
    .filter((load) => {
      const place = { lat: load.pick_up_lat!, lon: load.pick_up_lon! };
      const near = reaching.get(`${load.vehicle_type}|${load.pick_up_cell}`) ?? [];
      return near.some((truck) => haversineKm(truck, place) < km);
    })
    .map((load) => load.id);
}

/** The filters as conditions on the board load `l` of the company. */
function boardConditions(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  matchIds: readonly number[] | undefined,
): Expression<SqlBool> {
  const eb = expressionBuilder<Loads, 'l'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filters.loads_id?.length) conditions.push(eb('l.id', 'in', filters.loads_id));
  if (filters.wg?.length) {
    conditions.push(
      eb.or([
        eb('l.working_group_id', 'in', filters.wg),
        eb('l.dispatcher_id', 'in', teamMembers(db, companyId, filters.wg)),
      ]),
    );
  }
  if (filters.sub_wg?.length) {
    conditions.push(
      eb.or([
        eb('l.subgroup_id', 'in', filters.sub_wg),
        eb('l.dispatcher_id', 'in', subgroupMembers(db, companyId, filters.sub_wg)),
      ]),
    );
  }
  if (filters.brokerage?.length) {
    conditions.push(
      eb(
        'l.broker_company_id',
        'in',
        db
          .selectFrom('broker_companies as b')
          .select('b.id')
          .where('b.company_id', '=', companyId)
          .where('b.brokerage', 'in', filters.brokerage),
      ),
    );
  }
  if (filters.pickUpAt_state?.length) {
    conditions.push(eb('l.id', 'in', pointStateMatches(db, companyId, 'pick_up', filters.pickUpAt_state)));
  }
  if (filters.deliverTo_state?.length) {
    conditions.push(
      eb('l.id', 'in', pointStateMatches(db, companyId, 'deliver_to', filters.deliverTo_state)),
    );
  }
  if (filters.car?.length) conditions.push(eb('l.vehicle_type', 'in', filters.car));
  if (filters.not_car?.length) {
    conditions.push(
      eb.or([eb('l.vehicle_type', 'is', null), eb('l.vehicle_type', 'not in', filters.not_car)]),
    );
  }
  if (filters.max_miles !== undefined) conditions.push(eb('l.miles', '<=', filters.max_miles));
  if (filters.brokers?.length) conditions.push(eb('l.broker_company_id', 'in', filters.brokers));
  if (filters.not_brokers?.length) {
    conditions.push(
      eb.or([
        eb('l.broker_company_id', 'is', null),
        eb('l.broker_company_id', 'not in', filters.not_brokers),
      ]),
    );
  }
  if (filters.match) {
    // One array parameter however many loads match (a list of parameters has a limit).
    conditions.push(
      matchIds && matchIds.length > 0 ? sql<SqlBool>`l.id = ANY(${matchIds}::bigint[])` : sql<SqlBool>`false`,
    );
  }
  return eb.and(conditions);
}

/**
 * The ids of the company's board loads that pass the filters; with `match` on, `matchIds`
 * (findMatchingLoadIds) are the loads a truck reaches: without them no load matches.
 */
export function boardLoadIds(db: Db, companyId: number, filters: BoardFilters, matchIds?: readonly number[]) {
  return db
    .selectFrom('loads as l')
    .select('l.id')
    .where('l.company_id', '=', companyId)
    .where('l.board_status', '=', 'posted')
    .where(boardConditions(db, companyId, filters, matchIds));
}

/** How many board loads pass the filters: one query. */
export async function countBoard(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  matchIds?: readonly number[],
): Promise<number> {
  const row = await db
    .selectFrom(boardLoadIds(db, companyId, filters, matchIds).as('m'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the ids that pass the filters, newest first (ids grow with posting). */
export function boardPageIds(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  page: { limit: number; offset: number },
  matchIds?: readonly number[],
) {
  return boardLoadIds(db, companyId, filters, matchIds)
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}
