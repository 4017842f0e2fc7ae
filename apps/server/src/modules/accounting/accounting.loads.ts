import {
  accountingStatusMove,
  incomeListOf,
  missingCompletionDocuments,
} from '@app/domain/accounting/accounting-status.rules';
import { payStatusOf } from '@app/domain/accounting/income.rules';
import type {
  AccountingLoadListQuery,
  AccountingLoadListResponse,
  AccountingStatusUpdate,
  IncomeDetail,
  IncomeListQuery,
} from '@app/domain/accounting/income.schema';
import { accountingStatusName } from '@app/domain/accounting/accounting-status.rules';
import { ROLES } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { pageOffset } from '@app/domain/common/pagination';
import { easternDateOnly } from '@app/domain/common/time';
import type { LoadStatus } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import type { HistoryChange } from '../loads/load-history';
import { accountingEvents, ensureWeekPayments } from '../payments/broker-payments';
import * as loadsRepo from './accounting-loads.repository';
import {
  fullName,
  loadMoney,
  paymentColumnsOf,
  toAccountingLoad,
  toBrokerPayment,
} from './accounting-response';
import type { AccountingDeps } from './accounting.deps';

// The loads of accounting: the accounting list of loads (GET loads/lol), the income lists and page
// (GET loads/income, GET loads/income/{id}/) and the move of a load's accounting status
// (PUT loads/{id}/update-accounting-status), which the loads service writes in this transaction.

/** A dispatcher sees only their own loads in the accounting list (a superuser sees every load). */
const ownLoadsOnly = (caller: CompanyCaller) => !caller.isSuperuser && caller.role === ROLES.dispatcher;

export function createAccountingLoads(deps: AccountingDeps) {
  const { db, now, unit, loads } = deps;
  const today = () => easternDateOnly(now());

  async function listOf(
    caller: CompanyCaller,
    query: AccountingLoadListQuery,
    income: IncomeListQuery['type'] | undefined,
  ): Promise<AccountingLoadListResponse> {
    const filters = {
      ...query,
      income,
      ...(ownLoadsOnly(caller) ? { ownDispatcher: caller.userId } : {}),
    };
    const page = { limit: query.limit, offset: pageOffset(query) };
    const [totals, rows] = await Promise.all([
      loadsRepo.countAndTotals(db, caller.companyId, filters),
      loadsRepo.findPage(db, caller.companyId, filters, page),
    ]);
    const date = today();
    return {
      count: totals.count,
      results: rows.map((row) => toAccountingLoad(row, date)),
      totals: {
        broker_price: centsToAmount(totals.broker),
        driver_price: centsToAmount(totals.driver),
        quickpay_deduction: centsToAmount(totals.deduction),
        income: centsToAmount(totals.broker - totals.deduction),
      },
    };
  }

  async function incomeDetail(caller: CompanyCaller, id: number): Promise<IncomeDetail> {
    const row = await loadsRepo.findRow(db, caller.companyId, id);
    if (!row) throw notFound();
    const detail = await loads.detail(caller, id);
    const payment = paymentColumnsOf(row);
    const money = loadMoney({ ...row, quickpay_percent: payment?.quickpay_percent ?? null });
    return {
      ...detail,
      accounting_status_name: accountingStatusName(row.accounting_status),
      pay_status: payStatusOf(
        row.status,
        payment && { status: payment.payment_status, quickpay_percent: payment.quickpay_percent },
      ),
      income_list: incomeListOf(row.accounting_status),
      owner:
        row.owner_id === null
          ? null
          : { id: row.owner_id, name: fullName(row.owner_first_name, row.owner_last_name) },
      payment: payment && toBrokerPayment({ ...row, ...payment }, today()),
      money: {
        broker_price: centsToAmount(row.broker_price_cents),
        quickpay_deduction: centsToAmount(money.deduction),
        income: centsToAmount(money.income),
        driver_price: centsToAmount(row.driver_price_cents),
        margin: centsToAmount(money.income - row.driver_price_cents),
      },
      completion_missing_documents: missingCompletionDocuments(detail.files.map((file) => file.file_type)),
    };
  }

  return {
    /** GET loads/lol: the loads of checkout and completed with the accounting filters and totals. */
    listOfLoads: (caller: CompanyCaller, query: AccountingLoadListQuery) => listOf(caller, query, undefined),

    /** GET loads/income: active, completed or quick-pay. */
    income: (caller: CompanyCaller, query: IncomeListQuery) => listOf(caller, query, query.type),

    /** GET loads/income/{id}/: a load of accounting with its money, documents and history. */
    incomeDetail,

    /**
     * PUT loads/{id}/update-accounting-status: the move the domain allows (accounting-status.rules), written
     * by the loads service with its history (an override names the documents it let through); reaching
     * Completed completes a load in checkout. The load's payment rows are made sure of in the same
     * transaction; update_accounting goes out after commit.
     */
    async updateAccountingStatus(
      caller: CompanyCaller,
      id: number,
      body: AccountingStatusUpdate,
    ): Promise<IncomeDetail> {
      const at = now();
      await unit.run(async (trx, outbox) => {
        const locked = await loads.lockForAccounting(trx, caller.companyId, id);
        if (!locked) throw notFound();
        const { load } = locked;
        const outcome = accountingStatusMove({
          loadStatus: load.status,
          from: load.accounting_status,
          to: body.accounting_status,
          uploadedTypes: locked.fileTypes,
          override: body.override,
        });
        if ('refusal' in outcome) {
          const { code, detail, missing_documents: missing } = outcome.refusal;
          throw refuse(code, detail, missing ? { missing_documents: missing } : undefined);
        }
        if (outcome.move.unchanged) return;
        const history: HistoryChange[] = [
          {
            action: 'status',
            field: 'accounting_status',
            before: load.accounting_status,
            after: body.accounting_status,
          },
        ];
        if (outcome.move.overridden.length > 0) {
          history.push({
            action: 'status',
            field: 'documents_override',
            before: null,
            after: outcome.move.overridden,
          });
        }
        const completeTo = outcome.move.completeTo as LoadStatus | null;
        const events = await loads.setAccountingStatus(
          trx,
          caller,
          load,
          { accountingStatus: body.accounting_status, completeTo, history },
          at,
        );
        const rows = await ensureWeekPayments(trx, {
          companyId: caller.companyId,
          loadId: id,
          userId: caller.userId,
        });
        outbox.push(
          ...events,
          ...accountingEvents(
            caller.companyId,
            [id],
            rows.brokerPaymentId === null ? [] : [rows.brokerPaymentId],
          ),
        );
      });
      return incomeDetail(caller, id);
    },
  };
}
