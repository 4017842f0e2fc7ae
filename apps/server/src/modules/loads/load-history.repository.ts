import type { Db, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The history of loads: one row per change, written in the transaction of the change (load-history.ts).

/** A change with the name of the user who made it (left-joined: null when the user is gone). */
export type HistoryRow = Pick<
  Row<'load_history'>,
  'id' | 'action' | 'field' | 'before' | 'after' | 'created_at' | 'user_id'
> & {
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

/** A change to write; `before` and `after` are stored as JSON (undefined as null). */
export type HistoryValues = Omit<Row<'load_history'>, 'id'>;

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
