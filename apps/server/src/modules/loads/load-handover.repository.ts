import { LOAD_LIST_CLASS } from '@app/domain/loads/loads.rules';
import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The open loads (active and checkout lists) a dispatcher runs: counted for the people page, locked and
// handed to a colleague when the dispatcher is dismissed. Both use loads_list_dispatcher_idx.

const OPEN_LIST_CLASSES = [LOAD_LIST_CLASS.active, LOAD_LIST_CLASS.checkout];

/** How many open loads each of these users runs (users with none are absent). */
export async function countOpenLoadsByDispatcher(
  db: Db,
  companyId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('loads')
    .select((eb) => ['dispatcher_id', eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('list_class', 'in', OPEN_LIST_CLASSES)
    .where('dispatcher_id', 'in', userIds)
    .groupBy('dispatcher_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.dispatcher_id), Number(row.count)]));
}

/** The open loads of a dispatcher, locked until the transaction ends, oldest first. */
export async function lockOpenLoadsOfDispatcher(trx: Trx, companyId: number, userId: number) {
  return trx
    .selectFrom('loads')
    .select(['id', 'status', 'dispatcher_id'])
    .where('company_id', '=', companyId)
    .where('list_class', 'in', OPEN_LIST_CLASSES)
    .where('dispatcher_id', '=', userId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Gives these loads another dispatcher and the team their loads belong to. */
export async function setLoadsDispatcher(
  trx: Trx,
  companyId: number,
  ids: readonly number[],
  values: {
    dispatcher_id: number;
    working_group_id: number | null;
    subgroup_id: number | null;
    updated_at: Date;
  },
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('loads')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}
