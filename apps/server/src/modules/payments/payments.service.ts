import type {
  AccountingPeople,
  AccountingPeopleQuery,
  AccountingPerson,
  ChangeWeek,
  DispatcherInfoUpdate,
} from '@app/domain/accounting/pay-changes.schema';
import type { OwnerPayDetail } from '@app/domain/accounting/payments.schema';
import { isRoleId } from '@app/domain/common/lookups';
import { pageOffset } from '@app/domain/common/pagination';
import type { Load } from '@app/domain/loads/loads.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { CompanyCaller } from '../auth/caller';
import type { LoadsService } from '../loads/loads.service';
import { invoiceSent } from './broker-payments';
import { createPayChanges } from './pay-changes';
import { closeWeek } from './pay-close';
import * as people from './pay-people.repository';
import { createPayReads } from './pay-reads';
import { fullName, termsOf, toPayTerms } from './pay-response';

// The pay of owners and dispatchers, one file per group of use cases:
//   pay-reads.ts        the lists with their totals, a person's week (the pay sheet)
//   pay-changes.ts      payment status in bulk, pay items, a dispatcher's terms
//   pay-adjustments.ts  a closed week's load changed: the adjustment in the next open week (the loads hook)
//   pay-close.ts        closing a week: its payments keep what they pay
// Queries: pay-read-model.repository.ts and pay-sheet.repository.ts (the read model: they read loads, units,
// users and incentives), pay-people.repository.ts, payments.repository.ts (the module's own tables).
// For the reports module: closeWeek and invoiceSent (in its transaction) and ownerPaySheet (what the pay sheet
// PDF prints).

export type PaymentsDeps = {
  db: Db;
  bus: EventBus;
  now?: () => Date;
  log?: ErrorLog;
  /** A load's accounting week is the loads module's to change (with its history). */
  loads: Pick<LoadsService, 'changeAccountingWeek'>;
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;

function toPerson(row: people.PersonRecord): AccountingPerson {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row.first_name, row.last_name),
    email: row.email,
    role: isRoleId(row.role) ? row.role : null,
    status: row.status,
    team: row.team_id === null ? null : { id: row.team_id, name: row.team_name ?? '' },
    terms: toPayTerms(termsOf(row), row.updated_at),
  };
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, loads } = deps;
  const now = deps.now ?? (() => new Date());
  const unit = createUnitOfWork(deps);
  const reads = createPayReads({ db });
  const changes = createPayChanges({ db, unit, now });

  async function person(caller: CompanyCaller, id: number): Promise<AccountingPerson> {
    const [row] = await people.findPeople(db, caller.companyId, { id }, { limit: 1, offset: 0 });
    if (!row) throw notFound();
    return toPerson(row);
  }

  return {
    ...reads,
    updateStatus: (...args: Parameters<typeof changes.updateStatus>) => changes.updateStatus(...args),
    createItem: (...args: Parameters<typeof changes.createItem>) => changes.createItem(...args),

    /** GET users/accounting/: the managers and dispatchers with their pay terms. */
    async people(caller: CompanyCaller, query: AccountingPeopleQuery): Promise<AccountingPeople> {
      const filters = { text: query.text, team: query.team };
      const [count, rows] = await Promise.all([
        people.countPeople(db, caller.companyId, filters),
        people.findPeople(db, caller.companyId, filters, { limit: query.limit, offset: pageOffset(query) }),
      ]);
      return { count, results: rows.map(toPerson) };
    },

    /** PUT users/{id}/dispatcher-info/: answers the person with the terms saved. */
    async setTerms(
      caller: CompanyCaller,
      id: number,
      terms: DispatcherInfoUpdate,
    ): Promise<AccountingPerson> {
      await changes.setTerms(caller, id, terms);
      return person(caller, id);
    },

    /** PUT loads/{id}/change-week: the loads module moves the load; its pay follows (adjustments, rows). */
    changeWeek: (caller: CompanyCaller, id: number, body: ChangeWeek): Promise<Load> =>
      loads.changeAccountingWeek(caller, id, {
        week: body.load_accounting_week,
        year: body.load_accounting_year,
      }),

    /** The owner's week for the pay sheet PDF: what GET payments/owners/{id} answers. */
    ownerPaySheet: (caller: CompanyCaller, paymentId: number): Promise<OwnerPayDetail> =>
      reads.ownerWeek(caller, paymentId),

    /** The load's invoice went out: its broker payment is stamped, in the caller's transaction. */
    invoiceSent: (trx: Trx, companyId: number, loadId: number, at: Date) =>
      invoiceSent(trx, companyId, loadId, at),

    /** Closes the week in the caller's transaction; its payments keep what they pay (pay-close.ts). */
    closeWeek: (trx: Trx, companyId: number, year: number, week: number, userId: number | null) =>
      closeWeek(trx, companyId, year, week, userId),
  };
}
