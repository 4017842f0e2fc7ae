import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { parseLoadNumber } from '@app/domain/loads/load-number.rules';
import type { Database, LoadListClass, LoadsTable } from '../../db/schema';
import type { Db } from '../../db/types';
import { loadRowsQuery, type LoadRow } from './loads.repository';

// The list planner: one page of a load list and its count, with the filters of the list's query. Each
// page's ids are chosen from the indexes alone, from the narrowest source the filters allow, and only those
// rows are joined (findListPage). A new filter is a field of ListFilters and one condition: on the load row
// (loadConditions, and hasLoadConditions so that it is counted as one), or a set of matching ids like
// stateMatches and searchMatches.

export type ListScope = {
  companyId: number;
  /** The list; undefined for every list at once (a driver's history). */
  listClass: LoadListClass | undefined;
};

/**
 * The four lists at once: a load on the load board (list_class 0) or taken off it unbooked (5) is in none
 * of them (migration 0011).
 */
const BOOKED_LIST_CLASSES: readonly LoadListClass[] = [1, 2, 3, 4];

export type ListFilters = {
  search?: string | undefined;
  dispatcher?: number | undefined;
  driver?: number | undefined;
  car?: number | undefined;
  broker?: number | undefined;
  wg?: number | undefined;
  sub_wg?: number | undefined;
  pick_up_from?: string | undefined;
  pick_up_to?: string | undefined;
  delivery_from?: string | undefined;
  delivery_to?: string | undefined;
  state?: string | undefined;
};

export type Page = { limit: number; offset: number };

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The ids of the loads the search text matches, as a union of index ranges: the load id or accounting
 * number (digits), the start of rateconf_ref, the start of the broker contact's name, a part of the broker
 * company's name, or the start of the city of any point. Case-insensitive.
 */
function searchMatches(db: Db, scope: ListScope, text: string) {
  const lowered = text.toLowerCase();
  const prefix = `${escapeLike(lowered)}%`;
  const contains = `%${escapeLike(lowered)}%`;
  const loadsInScope = () => {
    const query = db.selectFrom('loads as s').select('s.id').where('s.company_id', '=', scope.companyId);
    return scope.listClass !== undefined
      ? query.where('s.list_class', '=', scope.listClass)
      : query.where('s.list_class', 'in', BOOKED_LIST_CLASSES);
  };
  let pointsInScope = db
    .selectFrom('load_points as sp')
    .select('sp.load_id as id')
    .where('sp.company_id', '=', scope.companyId);
  pointsInScope =
    scope.listClass !== undefined
      ? pointsInScope.where('sp.list_class', '=', scope.listClass)
      : pointsInScope.where('sp.list_class', 'in', BOOKED_LIST_CLASSES);

  let matches = loadsInScope()
    .where(sql<string>`lower(s.rateconf_ref)`, 'like', prefix)
    .union(loadsInScope().where(sql<string>`lower(s.broker_name)`, 'like', prefix))
    .union(
      loadsInScope().where(
        's.broker_company_id',
        'in',
        db
          .selectFrom('broker_companies as sb')
          .select('sb.id')
          .where('sb.company_id', '=', scope.companyId)
          .where(sql<string>`lower(sb.name)`, 'like', contains),
      ),
    )
    .union(pointsInScope.where(sql<string>`lower(sp.city)`, 'like', prefix));
  // A load number: the accounting number the lists show ('000042' is 42), or the id when no load of the
  // company has that accounting number and the text is not padded (domain parseLoadNumber).
  const number = parseLoadNumber(text);
  if (number) {
    matches = matches.union(loadsInScope().where('s.load_accounting_number', '=', number.accountingNumber));
    if (number.id !== null) {
      const id = number.id;
      matches = matches.union(
        loadsInScope()
          .where('s.id', '=', id)
          .where((eb) =>
            eb.not(
              eb.exists(
                db
                  .selectFrom('loads as n')
                  .select('n.id')
                  .where('n.company_id', '=', scope.companyId)
                  .where('n.load_accounting_number', '=', number.accountingNumber),
              ),
            ),
          ),
      );
    }
  }
  return matches;
}

/** The ids of the loads with a point in the state. */
function stateMatches(db: Db, scope: ListScope, state: string) {
  const query = db
    .selectFrom('load_points as sp')
    .select('sp.load_id as id')
    .where('sp.company_id', '=', scope.companyId)
    .where('sp.state', '=', state);
  return scope.listClass !== undefined
    ? query.where('sp.list_class', '=', scope.listClass)
    : query.where('sp.list_class', 'in', BOOKED_LIST_CLASSES);
}

/** The conditions on the load row itself, for the loads aliased `l`. */
function loadConditions(filters: ListFilters): Expression<SqlBool> {
  const eb = expressionBuilder<Database & { l: LoadsTable }, 'l'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filters.dispatcher !== undefined) conditions.push(eb('l.dispatcher_id', '=', filters.dispatcher));
  if (filters.driver !== undefined) conditions.push(eb('l.driver_id', '=', filters.driver));
  if (filters.car !== undefined) conditions.push(eb('l.vehicle_id', '=', filters.car));
  if (filters.broker !== undefined) conditions.push(eb('l.broker_company_id', '=', filters.broker));
  if (filters.wg !== undefined) conditions.push(eb('l.working_group_id', '=', filters.wg));
  if (filters.sub_wg !== undefined) conditions.push(eb('l.subgroup_id', '=', filters.sub_wg));
  if (filters.pick_up_from) conditions.push(eb('l.pick_up_datetime', '>=', new Date(filters.pick_up_from)));
  if (filters.pick_up_to) conditions.push(eb('l.pick_up_datetime', '<=', new Date(filters.pick_up_to)));
  if (filters.delivery_from)
    conditions.push(eb('l.delivery_datetime', '>=', new Date(filters.delivery_from)));
  if (filters.delivery_to) conditions.push(eb('l.delivery_datetime', '<=', new Date(filters.delivery_to)));
  return eb.and(conditions);
}

function hasLoadConditions(filters: ListFilters): boolean {
  return [
    filters.dispatcher,
    filters.driver,
    filters.car,
    filters.broker,
    filters.wg,
    filters.sub_wg,
    filters.pick_up_from,
    filters.pick_up_to,
    filters.delivery_from,
    filters.delivery_to,
  ].some((value) => value !== undefined);
}

function isUnfiltered(filters: ListFilters): boolean {
  return !hasLoadConditions(filters) && !filters.search && !filters.state;
}

/** The ids of the list's loads that pass every filter, chosen from the indexes alone. */
function matchingLoadIds(db: Db, scope: ListScope, filters: ListFilters) {
  let ids = db
    .selectFrom('loads as l')
    .select('l.id')
    .where('l.company_id', '=', scope.companyId)
    .where(loadConditions(filters));
  ids =
    scope.listClass !== undefined
      ? ids.where('l.list_class', '=', scope.listClass)
      : ids.where('l.list_class', 'in', BOOKED_LIST_CLASSES);
  if (filters.state) ids = ids.where('l.id', 'in', stateMatches(db, scope, filters.state));
  if (filters.search) ids = ids.where('l.id', 'in', searchMatches(db, scope, filters.search));
  return ids;
}

/**
 * The ids of the list's loads that pass every filter, from the narrowest source: the load row's indexes when
 * a load filter is set (or none is), else the state or search ranges of the points and loads, which are
 * already the company's and the list's.
 */
function narrowestMatches(db: Db, scope: ListScope, filters: ListFilters) {
  if (hasLoadConditions(filters) || (!filters.state && !filters.search)) {
    return matchingLoadIds(db, scope, filters);
  }
  if (filters.state) {
    let query = stateMatches(db, scope, filters.state).distinct();
    if (filters.search) query = query.where('sp.load_id', 'in', searchMatches(db, scope, filters.search));
    return query;
  }
  return searchMatches(db, scope, filters.search!);
}

/**
 * The ids a page is chosen from: the narrowest source, except with a state. A search alone pages from its own
 * ranges: checked against the loads again, a search for a broker with 40,000 completed loads re-read each of
 * them by id (190 ms). A state matches a large share of a list, so walking the list's loads newest first
 * (matchingLoadIds) finds a page of 100 after a few thousand, sooner than sorting every match.
 */
function pageIds(db: Db, scope: ListScope, filters: ListFilters) {
  return filters.state ? matchingLoadIds(db, scope, filters) : narrowestMatches(db, scope, filters);
}

/**
 * How many loads the list holds with these filters: one query. The unfiltered list reads the count the
 * triggers keep; otherwise the matching ids are counted from the narrowest source (narrowestMatches).
 */
export async function countList(db: Db, scope: ListScope, filters: ListFilters): Promise<number> {
  if (scope.listClass !== undefined && isUnfiltered(filters)) {
    const row = await db
      .selectFrom('load_list_counts')
      .select('load_count')
      .where('company_id', '=', scope.companyId)
      .where('list_class', '=', scope.listClass)
      .executeTakeFirst();
    return row?.load_count ?? 0;
  }
  const row = await db
    .selectFrom(narrowestMatches(db, scope, filters).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of the list, newest first, with the broker, driver, vehicle and dispatcher: one query. The page's
 * ids are chosen first, from the indexes alone (pageIds), and only those rows are joined: the planner cannot
 * know that the newest loads are seldom in the completed list, and left to itself walks the whole table by
 * id.
 */
export async function findListPage(
  db: Db,
  scope: ListScope,
  filters: ListFilters,
  page: Page,
): Promise<LoadRow[]> {
  return loadRowsQuery(db)
    .innerJoin(
      db
        .selectFrom(pageIds(db, scope, filters).as('m'))
        .select('m.id')
        .orderBy('m.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .as('page'),
      'page.id',
      'l.id',
    )
    .orderBy('l.id', 'desc')
    .execute();
}
