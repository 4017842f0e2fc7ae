import type { BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import { sql, type Expression, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/types';
import { buildBoardIndex, type BoardFilterSets, type BoardIndex, type BoardIndexRow } from './board-index';
import { subgroupMembers, teamMembers, type BoardFilters } from './loadboard-list.repository';
import { boardTrucksQuery, toBoardTrucks, type BoardTruckRow } from './loadboard-trucks.repository';

// What the board's list kept in memory (board-index.ts) reads: the filter columns of every board load at
// one board version (migration 0026) or of those changed since a version, and at each request in one
// statement the version, the trucks and the teams' and brokerages' members that a filter names.

/** A board load as the statement below writes it: the columns of BoardIndexRow in their order. */
type EntryArray = [
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string[] | null,
  string[] | null,
];

/**
 * The company's posted loads among `loadIds` (all of them when null), newest first, as one JSON array of
 * arrays (parsed in one call: about a tenth of the bytes and the time of 50,000 rows of twelve columns).
 */
function boardEntriesJson(companyId: number, loadIds: RawBuilder<unknown> | null) {
  const onlyLoads = (column: string) =>
    loadIds === null ? sql`` : sql`AND ${sql.ref(column)} IN (${loadIds})`;
  return sql<string | null>`(SELECT json_agg(json_build_array(l.id, l.working_group_id, l.subgroup_id,
      l.dispatcher_id, l.broker_company_id, l.vehicle_type, l.miles, l.pick_up_cell, l.pick_up_lat,
      l.pick_up_lon, s.pick_up, s.deliver_to) ORDER BY l.id DESC)::text
    FROM loads l
    LEFT JOIN (
      SELECT p.load_id,
        array_agg(DISTINCT p.state) FILTER (WHERE p.type = 'pick_up') AS pick_up,
        array_agg(DISTINCT p.state) FILTER (WHERE p.type = 'deliver_to') AS deliver_to
      FROM load_points p
      WHERE p.company_id = ${companyId} AND p.list_class = 0 AND p.state IS NOT NULL ${onlyLoads('p.load_id')}
      GROUP BY p.load_id
    ) s ON s.load_id = l.id
    WHERE l.company_id = ${companyId} AND l.board_status = 'posted' ${onlyLoads('l.id')})`;
}

function toRows(entries: string | null): BoardIndexRow[] {
  const arrays = entries ? (JSON.parse(entries) as EntryArray[]) : [];
  return arrays.map((entry) => ({
    id: entry[0],
    working_group_id: entry[1],
    subgroup_id: entry[2],
    dispatcher_id: entry[3],
    broker_company_id: entry[4],
    vehicle_type: entry[5],
    miles: entry[6],
    pick_up_cell: entry[7],
    pick_up_lat: entry[8],
    pick_up_lon: entry[9],
    pick_up_states: entry[10] ?? [],
    deliver_to_states: entry[11] ?? [],
  }));
}

const versionOf = (companyId: number) =>
  sql<number | string | null>`(SELECT version FROM loadboard_versions WHERE company_id = ${companyId})`;

/** The company's board loads, newest first, with the version they are at: one statement, one snapshot. */
export async function readBoardIndex(
  db: Db,
  companyId: number,
): Promise<{ version: number; index: BoardIndex }> {
  const { rows } = await sql<{ version: string | number | null; entries: string | null }>`
    SELECT ${versionOf(companyId)} AS version, ${boardEntriesJson(companyId, null)} AS entries`.execute(db);
  return { version: Number(rows[0]?.version ?? 0), index: buildBoardIndex(toRows(rows[0]?.entries ?? null)) };
}

/**
 * What changed on the company's board since version `since`: the version now, the loads changed (their
 * ids) and those of them on the board now (their rows, newest first); one statement, one snapshot.
 * `complete` is false when the changes no longer reach back to `since` (dropped after an hour): the board
 * must be read whole.
 */
export async function readBoardChanges(
  db: Db,
  companyId: number,
  since: number,
): Promise<{ version: number; complete: boolean; changedIds: number[]; rows: BoardIndexRow[] }> {
  const changed = sql`SELECT c.load_id FROM loadboard_changes c
    WHERE c.company_id = ${companyId} AND c.version > ${since}`;
  const { rows } = await sql<{
    version: string | number | null;
    first: string | number | null;
    changed: string | null;
    entries: string | null;
  }>`
    SELECT ${versionOf(companyId)} AS version,
      (SELECT min(c.version) FROM loadboard_changes c
        WHERE c.company_id = ${companyId} AND c.version > ${since}) AS first,
      (SELECT json_agg(DISTINCT c.load_id)::text FROM loadboard_changes c
        WHERE c.company_id = ${companyId} AND c.version > ${since}) AS changed,
      ${boardEntriesJson(companyId, changed)} AS entries`.execute(db);
  const row = rows[0];
  const version = Number(row?.version ?? 0);
  return {
    version,
    complete: version === since || Number(row?.first) === since + 1,
    changedIds: row?.changed ? (JSON.parse(row.changed) as number[]) : [],
    rows: toRows(row?.entries ?? null),
  };
}

/** Drops the board changes made before `before` (a board held longer ago is read whole). */
export async function dropBoardChangesBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('loadboard_changes').where('changed_at', '<', before).execute();
}

/** The company's trucks as the board measures them, at their version (migration 0027). */
export type ReadTrucks = { version: number; trucks: BoardTruck[] };

/** What a request of the list reads before it chooses its loads (readBoardRequest). */
type BoardRequestReads = { version: number; trucks: ReadTrucks; sets: BoardFilterSets };

const idSet = (rows: { id: number }[] | null) => (rows ? new Set(rows.map((row) => row.id)) : undefined);

/**
 * In one statement, so one round trip: the company's board version (0 before its board ever changed), the
 * trucks the board measures its loads against, and the members of the teams and subgroups and the brokers
 * of the brokerages that the filters name (read at each request, so that a team or a broker changed shows
 * at once). The trucks are read only when their version is not `previous`'s; else `previous` is answered,
 * the same object (board-index.ts keeps what it measured against its trucks while they are the same).
 */
export async function readBoardRequest(
  db: Db,
  companyId: number,
  filters: BoardFilters,
  previous?: ReadTrucks,
): Promise<BoardRequestReads> {
  // A JSON array of ids, or NULL when the filter is not given.
  const idsOf = (query: Expression<unknown> | undefined) =>
    sql<{ id: number }[] | null>`${query ? jsonArrayFrom(query as never) : sql`NULL`}`;
  const trucksVersion = sql<number>`COALESCE((${db
    .selectFrom('loadboard_truck_versions')
    .select('version')
    .where('company_id', '=', companyId)}), 0)`;
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('loadboard_versions').select('version').where('company_id', '=', companyId).as('version'),
      trucksVersion.as('trucks_version'),
      // Read in the same statement as their version, so the two agree.
      sql<BoardTruckRow[] | null>`CASE WHEN ${trucksVersion} <> ${previous?.version ?? -1}::bigint
        THEN ${jsonArrayFrom(boardTrucksQuery(db, companyId))} END`.as('trucks'),
      idsOf(
        filters.wg?.length
          ? teamMembers(db, companyId, filters.wg).clearSelect().select('m.user_id as id')
          : undefined,
      ).as('team_members'),
      idsOf(
        filters.sub_wg?.length
          ? subgroupMembers(db, companyId, filters.sub_wg).clearSelect().select('m.user_id as id')
          : undefined,
      ).as('subgroup_members'),
      idsOf(
        filters.brokerage?.length
          ? db
              .selectFrom('broker_companies as b')
              .select('b.id')
              .where('b.company_id', '=', companyId)
              .where('b.brokerage', 'in', filters.brokerage)
          : undefined,
      ).as('brokerage_brokers'),
    ])
    .executeTakeFirstOrThrow();
  const teamMemberIds = idSet(row.team_members);
  const subgroupMemberIds = idSet(row.subgroup_members);
  const brokerageBrokers = idSet(row.brokerage_brokers);
  return {
    version: Number(row.version ?? 0),
    trucks:
      previous && row.trucks === null
        ? previous
        : { version: Number(row.trucks_version), trucks: toBoardTrucks(row.trucks ?? []) },
    sets: {
      ...(teamMemberIds && { teamMembers: teamMemberIds }),
      ...(subgroupMemberIds && { subgroupMembers: subgroupMemberIds }),
      ...(brokerageBrokers && { brokerageBrokers }),
    },
  };
}
