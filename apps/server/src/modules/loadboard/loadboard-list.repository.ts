import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import { EARTH_RADIUS_KM, kmToDegrees, radians, straightLineKmWithin } from '@app/domain/geo/geo.rules';
import type { LoadboardQuery } from '@app/domain/loadboard/loadboard.schema';
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
 * Where the fitting trucks are, as probes of the board: for each truck that may take a load (Available, or
 * On load when it may bid while on load) and has a place (its planned location when it has one, else its
 * current one), one row per one-degree cell its radius covers, with its type and place. The radius is the
 * product's estimate of `maxMilesOut` road miles (geo.rules: straight-line kilometres under
 * straightLineKmWithin). Computed here from the company's few trucks, so that the board's query looks up
 * only those cells (loads_board_match_idx: type and cell) and measures only the loads found there.
 */
export type MatchProbes = { types: string[]; cells: number[]; lats: number[]; lons: number[]; km: number };

export async function findMatchProbes(db: Db, companyId: number, maxMilesOut: number): Promise<MatchProbes> {
  const trucks = await db
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
  const km = straightLineKmWithin(maxMilesOut);
  const latDegrees = kmToDegrees(km);
  const probes: MatchProbes = { types: [], cells: [], lats: [], lons: [], km };
  for (const truck of trucks) {
    const planned =
      (truck.location_status === 2 || truck.location_status === 3) &&
      truck.future_location_lat !== null &&
      truck.future_location_lon !== null;
    const lat = planned ? truck.future_location_lat : truck.location_lat;
    const lon = planned ? truck.future_location_lon : truck.location_lon;
    if (lat === null || lon === null) continue;
    // A degree of longitude shrinks with the cosine of the latitude: the box is widest at its pole-side edge.
    const lonDegrees =
      latDegrees / Math.max(Math.cos(radians(Math.min(Math.abs(lat) + latDegrees, 89))), 0.01);
    for (let cellLat = Math.floor(lat - latDegrees); cellLat <= Math.floor(lat + latDegrees); cellLat++) {
      for (let cellLon = Math.floor(lon - lonDegrees); cellLon <= Math.floor(lon + lonDegrees); cellLon++) {
        probes.types.push(truck.transport_type);
        probes.cells.push(cellLat * 1000 + cellLon);
        probes.lats.push(lat);
        probes.lons.push(lon);
      }
    }
  }
  return probes;
}

/** The ids of the board loads a probe's truck reaches: same type, same cell, within the radius. */
function matchingLoads(companyId: number, probes: MatchProbes) {
  return sql<{ id: number }>`
    SELECT m.id
    FROM unnest(${probes.types}::text[], ${probes.cells}::int[], ${probes.lats}::float8[], ${probes.lons}::float8[])
      AS t (type, cell, lat, lon)
    JOIN loads m ON m.company_id = ${companyId} AND m.board_status = 'posted'
      AND m.pick_up_cell IS NOT NULL
      AND m.vehicle_type = t.type
      AND m.pick_up_cell = t.cell
    WHERE 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
        sin(radians(m.pick_up_lat - t.lat) / 2) ^ 2
        + cos(radians(t.lat)) * cos(radians(m.pick_up_lat)) * sin(radians(m.pick_up_lon - t.lon) / 2) ^ 2
      ))) < ${probes.km}::float8`;
}

/** The filters as conditions on the board load `l` of the company. */
function boardConditions(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  probes: MatchProbes | undefined,
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
    conditions.push(
      probes && probes.cells.length > 0
        ? sql<SqlBool>`l.id IN (${matchingLoads(companyId, probes)})`
        : sql<SqlBool>`false`,
    );
  }
  return eb.and(conditions);
}

/**
 * The ids of the company's board loads that pass the filters; `probes` (findMatchProbes) when `match` is
 * on: without them no load matches.
 */
export function boardLoadIds(db: Db, companyId: number, filters: BoardFilters, probes?: MatchProbes) {
  return db
    .selectFrom('loads as l')
    .select('l.id')
    .where('l.company_id', '=', companyId)
    .where('l.board_status', '=', 'posted')
    .where(boardConditions(db, companyId, filters, probes));
}

/** How many board loads pass the filters: one query. */
export async function countBoard(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  probes?: MatchProbes,
): Promise<number> {
  const row = await db
    .selectFrom(boardLoadIds(db, companyId, filters, probes).as('m'))
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
  probes?: MatchProbes,
) {
  return boardLoadIds(db, companyId, filters, probes)
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}
