import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The vehicles a dispatcher is responsible for (vehicles.dispatcher_id): counted for the people page, locked
// and handed to a colleague when the dispatcher is dismissed. Both use vehicles_company_dispatcher_idx.

/** How many vehicles each of these users dispatches (users with none are absent). */
export async function countVehiclesByDispatcher(
  db: Db,
  companyId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('vehicles')
    .select((eb) => ['dispatcher_id', eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('dispatcher_id', 'in', userIds)
    .groupBy('dispatcher_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.dispatcher_id), Number(row.count)]));
}

/** The ids of a dispatcher's vehicles, locked until the transaction ends. */
export async function lockVehicleIdsOfDispatcher(trx: Trx, companyId: number, userId: number) {
  const rows = await trx
    .selectFrom('vehicles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('dispatcher_id', '=', userId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}
