import type { Trx } from '../../db/unit-of-work';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { accountingEvents } from './broker-payments';
import { findPayRows, type PayType } from './pay-read-model.repository';
import { rowCents } from './pay-response';
import * as repository from './payments.repository';

// Closing a week: once its pay sheets are sent (the reports module's job and send call this in their
// transaction) the week is closed (a row in accounting_weeks), every owner and dispatcher with a load or a pay
// item in it has a payment of it, and each of those payments keeps what it pays (amount_cents, frozen). A
// later change to one of its loads is an adjustment in the next open week (pay-adjustments.ts).

export type WeekClosing = {
  /** false when the week was closed already (nothing changes then). */
  closed: boolean;
  /** The payments whose amount was frozen now. */
  payment_ids: number[];
  /** update_accounting of those payments, to publish after the caller's commit. */
  events: RealtimeEvent[];
};

/** Every payment of the week at once: a week has at most one per owner and one per dispatcher. */
const WHOLE_WEEK = { limit: 1_000_000, offset: 0 };

export async function closeWeek(
  trx: Trx,
  companyId: number,
  year: number,
  week: number,
  userId: number | null,
): Promise<WeekClosing> {
  const at = new Date();
  if (!(await repository.insertClosedWeek(trx, companyId, { year, week }, userId))) {
    return { closed: false, payment_ids: [], events: [] };
  }
  await repository.insertMissingWeekPayments(trx, companyId, { year, week }, userId);
  const frozen: { id: number; amount_cents: number }[] = [];
  for (const type of ['owner', 'dispatcher'] as PayType[]) {
    const { rows } = await findPayRows(trx, companyId, type, { year, week }, WHOLE_WEEK);
    for (const row of rows) {
      if (row.amount_cents === null) frozen.push({ id: row.id, amount_cents: rowCents(row).computed });
    }
  }
  await repository.freezeAmounts(trx, companyId, frozen, at);
  const ids = frozen.map((row) => row.id);
  return { closed: true, payment_ids: ids, events: accountingEvents(companyId, [], ids) };
}
