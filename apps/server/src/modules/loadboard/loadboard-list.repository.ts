import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import { kmToDegrees, EARTH_RADIUS_KM, straightLineKmWithin } from '@app/domain/geo/geo.rules';
import { DEFAULT_MAX_MILES_OUT, type LoadboardQuery } from '@app/domain/loadboard/loadboard.schema';
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
 * The ids of the board loads a fitting truck can reach: a vehicle of the load's type, Available (or On load
 * when it may bid while on load), whose planned location (when it has one) or current location lies within
 * `maxMilesOut` road miles of the load's first pick-up, by the product's estimate (geo.rules: straight-line
 * kilometres under straightLineKmWithin). Each truck probes the one-degree cells its radius covers
 * (loads_board_match_idx: type and cell), and only the loads found there are measured.
 */
function matchingLoads(companyId: number, maxMilesOut: number) {
  const km = straightLineKmWithin(maxMilesOut);
  const latDegrees = kmToDegrees(km);
  const planned = sql`v.location_status IN (2, 3) AND v.future_location_lat IS NOT NULL
    AND v.future_location_lon IS NOT NULL`;
  return sql<{ id: number }>`
    SELECT m.id
    FROM (
      SELECT v.transport_type,
        CASE WHEN ${planned} THEN v.future_location_lat ELSE v.location_lat END AS lat,
        CASE WHEN ${planned} THEN v.future_location_lon ELSE v.location_lon END AS lon
      FROM vehicles v
      WHERE v.company_id = ${companyId}
        AND (v.status = ${VEHICLE_STATUS.available}
          OR (v.status = ${VEHICLE_STATUS.onLoad} AND v.can_bid_while_on_load))
    ) t
    CROSS JOIN LATERAL (
      SELECT ${latDegrees}::float8 / greatest(cos(radians(least(abs(t.lat) + ${latDegrees}::float8, 89))), 0.01)
        AS degrees
    ) lon_span
    CROSS JOIN LATERAL generate_series(
      floor(t.lat - ${latDegrees}::float8)::int, floor(t.lat + ${latDegrees}::float8)::int) AS cell_lat
    CROSS JOIN LATERAL generate_series(
      floor(t.lon - lon_span.degrees)::int, floor(t.lon + lon_span.degrees)::int) AS cell_lon
    JOIN loads m ON m.company_id = ${companyId} AND m.board_status = 'posted'
      AND m.pick_up_cell IS NOT NULL
      AND m.vehicle_type = t.transport_type
      AND m.pick_up_cell = cell_lat * 1000 + cell_lon
    WHERE t.lat IS NOT NULL AND t.lon IS NOT NULL
      AND 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
        sin(radians(m.pick_up_lat - t.lat) / 2) ^ 2
        + cos(radians(t.lat)) * cos(radians(m.pick_up_lat)) * sin(radians(m.pick_up_lon - t.lon) / 2) ^ 2
      ))) < ${km}::float8`;
}

/** The filters as conditions on the board load `l` of the company. */
function boardConditions(db: Db, companyId: number, filters: BoardFilters): Expression<SqlBool> {
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
    const matches = matchingLoads(companyId, filters.max_miles_out ?? DEFAULT_MAX_MILES_OUT);
    conditions.push(sql<SqlBool>`l.id IN (${matches})`);
  }
  return eb.and(conditions);
}

/** The ids of the company's board loads that pass the filters. */
export function boardLoadIds(db: Db, companyId: number, filters: BoardFilters) {
  return db
    .selectFrom('loads as l')
    .select('l.id')
    .where('l.company_id', '=', companyId)
    .where('l.board_status', '=', 'posted')
    .where(boardConditions(db, companyId, filters));
}

/** How many board loads pass the filters: one query. */
export async function countBoard(db: Db, companyId: number, filters: BoardFilters): Promise<number> {
  const row = await db
    .selectFrom(boardLoadIds(db, companyId, filters).as('m'))
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
) {
  return boardLoadIds(db, companyId, filters).orderBy('l.id', 'desc').limit(page.limit).offset(page.offset);
}
