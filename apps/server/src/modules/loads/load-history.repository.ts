import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The history of loads: one row per change, written in the transaction of the change (load-history.ts).

export type HistoryRow = {
  id: number;
  action: string;
  field: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
  user_id: number | null;
  user_first_name: string | null;
  user_last_name: string | null;
};

/** The load's history, oldest first. */
export async function findHistory(db: Db, loadId: number): Promise<HistoryRow[]> {
  return db
    .selectFrom('load_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select([
      'h.id',
      'h.action',
      'h.field',
      'h.before',
      'h.after',
      'h.created_at',
      'h.user_id',
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
    ])
    .where('h.load_id', '=', loadId)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

/** The company's table of documents each status needs: status -> file types. */

export type HistoryValues = {
  load_id: number;
  user_id: number | null;
  action: string;
  field: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
};

export async function insertHistory(trx: Trx, entries: readonly HistoryValues[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('load_history')
    .values(
      entries.map((entry) => ({
        ...entry,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
      })),
    )
    .execute();
}

/** The file types uploaded to the load. */
