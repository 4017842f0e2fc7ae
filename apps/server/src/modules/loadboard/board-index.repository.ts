import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { BoardIndexEntry } from './board-index';

// What the board's list kept in memory (board-index.ts) reads: the company's board version, the filter
// columns of every board load at one version, and at each request the teams' and brokerages' members that
// a filter names (small sets, read fresh so that a team or a broker changed shows at once).

/** The company's board version (migration 0026); 0 before its board ever changed. */
export async function findBoardVersion(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('loadboard_versions')
    .select('version')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** A board load as the statement below writes it: the columns of BoardIndexEntry in their order. */
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
 * The company's board loads, newest first, with the version they are at: one statement, so one snapshot
 * of the database holds both. The loads come as one JSON array of arrays (parsed in one call, about a
 * tenth of the bytes and the time of 50,000 rows of twelve columns).
 */
export async function readBoardIndex(
  db: Db,
  companyId: number,
): Promise<{ version: number; entries: BoardIndexEntry[] }> {
  const { rows } = await sql<{ version: string | number | null; entries: string | null }>`
    SELECT
      (SELECT version FROM loadboard_versions WHERE company_id = ${companyId}) AS version,
      (SELECT json_agg(json_build_array(l.id, l.working_group_id, l.subgroup_id, l.dispatcher_id,
          l.broker_company_id, l.vehicle_type, l.miles, l.pick_up_cell, l.pick_up_lat, l.pick_up_lon,
          s.pick_up, s.deliver_to) ORDER BY l.id DESC)::text
        FROM loads l
        LEFT JOIN (
          SELECT p.load_id,
            array_agg(DISTINCT p.state) FILTER (WHERE p.type = 'pick_up') AS pick_up,
            array_agg(DISTINCT p.state) FILTER (WHERE p.type = 'deliver_to') AS deliver_to
          FROM load_points p
          WHERE p.company_id = ${companyId} AND p.list_class = 0 AND p.state IS NOT NULL
          GROUP BY p.load_id
        ) s ON s.load_id = l.id
        WHERE l.company_id = ${companyId} AND l.board_status = 'posted') AS entries
  `.execute(db);
  const row = rows[0];
  const arrays = row?.entries ? (JSON.parse(row.entries) as EntryArray[]) : [];
  return {
    version: Number(row?.version ?? 0),
    entries: arrays.map((entry) => ({
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
    })),
  };
}

/** The users in these teams (working groups) of the company. */
export async function findTeamMemberIds(db: Db, companyId: number, teams: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('working_group_members as m')
    .innerJoin('working_groups as g', 'g.id', 'm.working_group_id')
    .select('m.user_id')
    .where('g.company_id', '=', companyId)
    .where('g.id', 'in', teams)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The users in these subgroups of the company. */
export async function findSubgroupMemberIds(
  db: Db,
  companyId: number,
  subgroups: number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('subgroup_members as m')
    .innerJoin('subgroups as s', 's.id', 'm.subgroup_id')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select('m.user_id')
    .where('g.company_id', '=', companyId)
    .where('s.id', 'in', subgroups)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The company's broker companies of these brokerages. */
export async function findBrokerIdsOfBrokerage(
  db: Db,
  companyId: number,
  brokerages: readonly ('M' | 'S')[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('broker_companies')
    .select('id')
    .where('company_id', '=', companyId)
    .where('brokerage', 'in', brokerages)
    .execute();
  return rows.map((row) => row.id);
}
