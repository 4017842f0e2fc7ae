import { brokerInvoiceAfterStatus } from '@app/domain/accounting/accounting-status.rules';
import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { signedPayItem } from '@app/domain/accounting/money.rules';
import {
  PAY_CHANGE_MESSAGES as M,
  type DispatcherInfoUpdate,
  type PayItem,
  type PayItemCreate,
  type PaymentStatusUpdate,
  type PaymentStatusUpdated,
} from '@app/domain/accounting/pay-changes.schema';
import { openPayWeekFor, payWeekKey, type PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { lookupName, PAYMENT_STATUSES } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import type { Db } from '../../db/types';
import type { UnitOfWork } from '../../db/unit-of-work';
import { fieldError, notFound, validationError } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { CompanyCaller } from '../auth/caller';
import { accountingEvents } from './broker-payments';
import * as repository from './payments.repository';

// The changes to pay: a payment status in bulk (all the payments named or none; a broker payment's invoice
// follows its status, accounting-status.rules), a pay item (a payment or a
// charge) for an owner or a dispatcher, and a dispatcher's terms. Each publishes update_accounting after
// commit, naming the payments changed.

export type PayChangesDeps = { db: Db; unit: UnitOfWork; now: () => Date };

export function createPayChanges(deps: PayChangesDeps) {
  const { db, unit, now } = deps;

  return {
    /**
     * PUT payments/update-status: every payment named must be the caller company's (404 otherwise) and of
     * the type given (400 on payments_ids otherwise); then all change, or none does.
     */
    async updateStatus(caller: CompanyCaller, body: PaymentStatusUpdate): Promise<PaymentStatusUpdated> {
      const at = now();
      await unit.run(async (trx, outbox) => {
        const found = await repository.lockPayments(trx, caller.companyId, body.payments_ids);
        if (found.length !== body.payments_ids.length) throw notFound();
        if (found.some((payment) => payment.type !== body.type)) {
          throw validationError({ payments_ids: [M.otherType] });
        }
        await repository.updatePaymentStatus(trx, caller.companyId, body.payments_ids, body.status, at);
        // A broker payment's invoice follows: Completed means the broker paid it.
        if (body.type === 'broker') {
          for (const payment of found) {
            const invoice = brokerInvoiceAfterStatus(body.status, payment, at);
            await repository.updateBrokerInvoice(trx, caller.companyId, payment.id, invoice);
          }
        }
        outbox.push(...accountingEvents(caller.companyId, [], body.payments_ids));
      });
      return {
        payments_ids: body.payments_ids,
        type: body.type,
        status: body.status,
        status_name: lookupName(PAYMENT_STATUSES, body.status),
      };
    },

    /**
     * POST payments/create: a pay item in the week asked (a closed week is refused), else the load's
     * accounting week, else this week (Eastern); a week closed meanwhile books it in the next open week.
     * Honours an Idempotency-Key.
     */
    async createItem(
      caller: CompanyCaller,
      body: PayItemCreate,
      idempotencyKey: string | undefined,
    ): Promise<IdempotentOutcome<PayItem>> {
      const at = now();
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: 'payments.create',
        key: idempotencyKey,
        now: at,
      };
      return unit.runWithin<PayItem, IdempotentOutcome<PayItem>>(
        (work) => runIdempotent(db, claim, work),
        async (trx, outbox) => {
          const person =
            body.type === 'owner'
              ? { type: 'owner' as const, id: body.owner_id! }
              : { type: 'dispatcher' as const, id: body.dispatcher_id! };
          if (person.type === 'owner' && !(await repository.ownerExists(trx, caller.companyId, person.id)))
            throw fieldError('owner_id', M.unknownOwner);
          if (
            person.type === 'dispatcher' &&
            !(await repository.dispatcherExists(trx, caller.companyId, person.id))
          )
            throw fieldError('dispatcher_id', M.unknownDispatcher);
          const load =
            body.load_id == null
              ? undefined
              : await repository.findLoadWeek(trx, caller.companyId, body.load_id);
          if (body.load_id != null && !load) throw fieldError('load_id', M.unknownLoad);
          const closed = await repository.findClosedWeekKeys(trx, caller.companyId);
          let week: PayWeek;
          if (body.week != null && body.year != null) {
            week = { year: body.year, week: body.week };
            if (closed.has(payWeekKey(week))) throw fieldError('week', M.weekClosed);
          } else {
            const start =
              load?.week != null && load.year != null
                ? { year: load.year, week: load.week }
                : accountingWeekOf(at);
            week = openPayWeekFor(start, closed);
          }
          const item = await repository.insertPayItem(trx, {
            company_id: caller.companyId,
            kind: body.kind,
            person_type: person.type,
            owner_id: person.type === 'owner' ? person.id : null,
            dispatcher_id: person.type === 'dispatcher' ? person.id : null,
            load_id: body.load_id ?? null,
            ...week,
            amount_cents: signedPayItem(body.kind, body.amount),
            reason: body.reason,
            created_by: caller.userId,
            created_at: at,
          });
          const payment = await repository.findOrCreatePersonPayment(
            trx,
            caller.companyId,
            person,
            week,
            caller.userId,
          );
          outbox.push(...accountingEvents(caller.companyId, load ? [load.id] : [], [payment.id]));
          return {
            id: item.id,
            kind: item.kind,
            type: item.person_type,
            owner_id: item.owner_id,
            dispatcher_id: item.dispatcher_id,
            load_id: item.load_id,
            week: item.week,
            year: item.year,
            amount: centsToAmount(item.amount_cents),
            reason: item.reason,
            payment_id: payment.id,
            created_date: item.created_at.toISOString(),
          };
        },
      );
    },

    /**
     * PUT users/{id}/dispatcher-info/: a manager's or dispatcher's terms (null takes them away). The weeks
     * still open are paid by the new terms; closed weeks keep what they paid.
     */
    async setTerms(caller: CompanyCaller, userId: number, terms: DispatcherInfoUpdate): Promise<void> {
      const at = now();
      await unit.run(async (trx, outbox) => {
        if (!(await repository.dispatcherExists(trx, caller.companyId, userId))) throw notFound();
        if (terms === null) await repository.deleteTerms(trx, caller.companyId, userId);
        else await repository.upsertTerms(trx, caller.companyId, userId, terms, caller.userId, at);
        const open = await repository.findOpenDispatcherPaymentIds(trx, caller.companyId, userId);
        outbox.push(...accountingEvents(caller.companyId, [], open));
      });
    },
  };
}
