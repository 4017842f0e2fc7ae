import type { LoadboardQuery } from '@app/domain/loadboard/loadboard.schema';
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Database, LoadsTable } from '../../db/schema';
import type { Db } from '../../db/types';
import type { BoardPlace } from './loadboard-trucks.repository';

// The board's list planner: which of the company's board loads (board_status 'posted') pass the filters
// of GET loads/loadboard, counted and paged newest first. Every condition is on the load row's columns
// that loads_board_idx holds, or an `id IN (...)` of an index range of its own (the states), so that a
// page and its count are read from indexes; `match` reads loads_board_places_idx, which also holds the
// first pick-up's place (migration 0024). `match` is decided per place, not per
// load: the board's loads counted by type and first pick-up place here, the places a truck reaches
// measured by loadboard-trucks.repository, then the loads at those places paged. The rows of a page are
// read by loadboard.repository.

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
export function teamMembers(db: Db, companyId: number, teams: number[]) {
  return db
    .selectFrom('working_group_members as m')
    .innerJoin('working_groups as g', 'g.id', 'm.working_group_id')
    .select('m.user_id')
    .where('g.company_id', '=', companyId)
    .where('g.id', 'in', teams);
}

export function subgroupMembers(db: Db, companyId: number, subgroups: number[]) {
  return db
    .selectFrom('subgroup_members as m')
    .innerJoin('subgroups as s', 's.id', 'm.subgroup_id')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select('m.user_id')
    .where('g.company_id', '=', companyId)
    .where('s.id', 'in', subgroups);
}

/**
 * The company's board loads that pass the filters (`match` aside), counted by vehicle type and first
 * pick-up place: the places `match` measures (reachedPlaces). A load without a type or a placed pick-up
 * is left out: no truck can reach it. One query, read from loads_board_places_idx alone; the board has
 * far fewer places than loads (postings name a city), so the answer stays small whatever its size.
 */
export async function countBoardPlaces(
  db: Db,
  companyId: number,
  filters: BoardFilters,
): Promise<BoardPlace[]> {
  const rows = await boardLoadIds(db, companyId, { ...filters, match: false }, 'count')
    .clearSelect()
    .select((eb) => [
      'l.vehicle_type',
      'l.pick_up_cell',
      'l.pick_up_lat',
      'l.pick_up_lon',
      eb.fn.countAll<string | number>().as('loads'),
    ])
    .where('l.vehicle_type', 'is not', null)
    .where('l.pick_up_cell', 'is not', null)
    .groupBy(['l.vehicle_type', 'l.pick_up_cell', 'l.pick_up_lat', 'l.pick_up_lon'])
    .execute();
  return rows.map((row) => ({
    type: row.vehicle_type!,
    cell: row.pick_up_cell!,
    lat: row.pick_up_lat!,
    lon: row.pick_up_lon!,
    loads: Number(row.loads),
  }));
}

/** Whether the conditions choose a page (read newest first until it is full) or count every load. */
type Reading = 'page' | 'count';

/**
 * A condition `l.x IN (subquery)` as a page reads it: a test of each row in the index's order (a hashed
 * subplan), so that the page stops once full. Written bare, the planner makes it a join, and since it
 * estimates the board by the whole loads table it expects few rows and reads the whole board, joins and
 * sorts it for every page. A count reads every row anyway, and keeps the join (a small state is read from
 * its own index range).
 */
function inSubquery(reading: Reading, condition: Expression<SqlBool>): Expression<SqlBool> {
  return reading === 'page' ? sql<SqlBool>`(${condition}) IS TRUE` : condition;
}

/** The filters as conditions on the board load `l` of the company; none when no filter is given. */
function boardConditions(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  matched: readonly BoardPlace[] | undefined,
  reading: Reading,
): Expression<SqlBool>[] {
  const eb = expressionBuilder<Loads, 'l'>();
  const conditions: Expression<SqlBool>[] = [];
  const pushSubquery = (condition: Expression<SqlBool>) => conditions.push(inSubquery(reading, condition));
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
    pushSubquery(
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
    pushSubquery(eb('l.id', 'in', pointStateMatches(db, companyId, 'pick_up', filters.pickUpAt_state)));
  }
  if (filters.deliverTo_state?.length) {
    pushSubquery(eb('l.id', 'in', pointStateMatches(db, companyId, 'deliver_to', filters.deliverTo_state)));
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
    // The loads at the reached places: three array parameters however many places (a list of parameters
    // has a limit), compared with the places as they were read (the same float8 values, so equal). A
    // reached place is placed: saying so lets the page read loads_board_places_idx.
    conditions.push(eb('l.pick_up_cell', 'is not', null));
    pushSubquery(
      matched && matched.length > 0
        ? sql<SqlBool>`(l.vehicle_type, l.pick_up_lat, l.pick_up_lon) IN (
            SELECT type, lat, lon FROM unnest(
              ${matched.map((place) => place.type)}::text[],
              ${matched.map((place) => place.lat)}::float8[],
              ${matched.map((place) => place.lon)}::float8[]) AS place (type, lat, lon))`
        : sql<SqlBool>`false`,
    );
  }
  return conditions;
}

/**
 * The ids of the company's board loads that pass the filters; with `match` on, `matched` (reachedPlaces)
 * are the places a truck reaches: without them no load matches.
 */
function boardLoadIds(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  reading: Reading,
  matched?: readonly BoardPlace[],
) {
  return db
    .selectFrom('loads as l')
    .select('l.id')
    .where('l.company_id', '=', companyId)
    .where('l.board_status', '=', 'posted')
    .where((eb) => eb.and(boardConditions(db, companyId, filters, matched, reading)));
}

/**
 * How many board loads pass the filters: one query. With no filter it is the board's count that
 * load_list_counts keeps (list class 0 is the board, migration 0011), not a count of the board's rows.
 */
export async function countBoard(db: Db, companyId: number, filters: BoardFilters): Promise<number> {
  if (boardConditions(db, companyId, filters, undefined, 'count').length === 0) {
    const row = await db
      .selectFrom('load_list_counts')
      .select('load_count')
      .where('company_id', '=', companyId)
      .where('list_class', '=', BOARD_LIST_CLASS)
      .executeTakeFirst();
    return Number(row?.load_count ?? 0);
  }
  const row = await db
    .selectFrom(boardLoadIds(db, companyId, filters, 'count').as('m'))
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
  matched?: readonly BoardPlace[],
) {
  return boardLoadIds(db, companyId, filters, 'page', matched)
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}
