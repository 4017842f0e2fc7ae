import type {
  BrokerAgeingQuery,
  BrokerAgeingResponse,
  BrokerDaysToPay,
  BrokerPaymentListQuery,
  BrokerPaymentListResponse,
  BrokerPaymentRow,
  QuickpayUpdate,
} from '@app/domain/accounting/broker-payments.schema';
import { LOAD_STATUSES, lookupName } from '@app/domain/common/lookups';
import type { AgeingBucket } from '@app/domain/accounting/ageing.rules';
import { centsToAmount } from '@app/domain/common/money';
import { pageOffset } from '@app/domain/common/pagination';
import { easternDateOnly } from '@app/domain/common/time';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import { accountingEvents, setQuickpay } from '../payments/broker-payments';
import * as brokersRepo from './accounting-brokers.repository';
import { fullName, personOf, placeOf, toBrokerPayment } from './accounting-response';
import type { AccountingDeps } from './accounting.deps';

// What brokers owe: their payments (GET payments/brokers/all) with totals, the ageing of unpaid invoices per
// broker, a broker's average days to pay, and a payment's quick pay (PUT payments/update-quickpay/{id}).

const cents = (value: string | number | null | undefined) => centsToAmount(Number(value ?? 0));

function toRow(row: brokersRepo.BrokerPaymentRowColumns, today: string): BrokerPaymentRow {
  return {
    ...toBrokerPayment(row, today),
    type: 'broker',
    broker_company:
      row.broker_id === null
        ? null
        : { id: row.broker_id, name: row.broker_name ?? '', mc_number: row.broker_mc_number },
    load: {
      id: row.id,
      status: row.status,
      status_name: lookupName(LOAD_STATUSES, row.status),
      accounting_status: row.accounting_status,
      load_accounting_number_display:
        row.load_accounting_number === null ? null : padAccountingNumber(row.load_accounting_number),
      rateconf_ref: row.rateconf_ref,
      pick_up: placeOf(row.pick_up_city, row.pick_up_state, row.pick_up_date),
      delivery: placeOf(row.delivery_city, row.delivery_state, row.delivery_date),
      delivered_at: row.delivered_at === null ? null : row.delivered_at.toISOString(),
      driver:
        row.driver_id === null
          ? null
          : { id: row.driver_id, full_name: fullName(row.driver_first_name, row.driver_last_name) },
      dispatcher: personOf(row.dispatcher_id, row.dispatcher_first_name, row.dispatcher_last_name),
    },
  };
}

export function createAccountingBrokers(deps: AccountingDeps) {
  const { db, now, unit } = deps;

  async function daysToPayOf(companyId: number, brokerIds: number[]) {
    const rows = await brokersRepo.findDaysToPay(db, companyId, brokerIds);
    return new Map(
      rows.map((row) => [row.broker_company_id, { average: Number(row.average), paid: Number(row.paid) }]),
    );
  }

  return {
    /** GET payments/brokers/all: one page of broker payments and the totals of every one the filters match. */
    async brokerPayments(
      caller: CompanyCaller,
      query: BrokerPaymentListQuery,
    ): Promise<BrokerPaymentListResponse> {
      const page = { limit: query.limit, offset: pageOffset(query) };
      const [totals, rows] = await Promise.all([
        brokersRepo.countBrokerPayments(db, caller.companyId, query),
        brokersRepo.findBrokerPaymentPage(db, caller.companyId, query, page),
      ]);
      const today = easternDateOnly(now());
      return {
        count: totals.count,
        results: rows.map((row) => toRow(row, today)),
        totals: {
          amount: cents(totals.amount),
          quickpay_deduction: cents(totals.deduction),
          income: cents(totals.amount - totals.deduction),
          unpaid: cents(totals.unpaid),
        },
      };
    },

    /** GET payments/brokers/ageing: brokers with unpaid invoices, most owed first, by days past due. */
    async ageing(caller: CompanyCaller, query: BrokerAgeingQuery): Promise<BrokerAgeingResponse> {
      const asOf = query.as_of ?? easternDateOnly(now());
      const page = { limit: query.limit, offset: pageOffset(query) };
      const [totals, rows] = await Promise.all([
        brokersRepo.ageingTotals(db, caller.companyId, query, asOf),
        brokersRepo.findAgeingPage(db, caller.companyId, query, asOf, page),
      ]);
      const paid = await daysToPayOf(
        caller.companyId,
        rows.map((row) => row.broker_id),
      );
      const amounts = (row: Record<AgeingBucket | 'total', string>) => ({
        current: cents(row.current),
        days_1_30: cents(row.days_1_30),
        days_31_60: cents(row.days_31_60),
        days_61_90: cents(row.days_61_90),
        over_90: cents(row.over_90),
        total: cents(row.total),
      });
      return {
        as_of: asOf,
        count: Number(totals.brokers),
        totals: amounts(totals),
        results: rows.map((row) => ({
          broker_company: { id: row.broker_id, name: row.broker_name, mc_number: row.broker_mc_number },
          amounts: amounts(row),
          unpaid_invoices: Number(row.unpaid_invoices),
          average_days_to_pay: paid.get(row.broker_id)?.average ?? null,
          paid_invoices: paid.get(row.broker_id)?.paid ?? 0,
        })),
      };
    },

    /** GET payments/brokers/{id}/days-to-pay: 404 for a broker company of another company. */
    async daysToPay(caller: CompanyCaller, brokerId: number): Promise<BrokerDaysToPay> {
      if (!(await brokersRepo.brokerCompanyExists(db, caller.companyId, brokerId))) throw notFound();
      const paid = (await daysToPayOf(caller.companyId, [brokerId])).get(brokerId);
      return {
        broker_company_id: brokerId,
        average_days_to_pay: paid?.average ?? null,
        paid_invoices: paid?.paid ?? 0,
      };
    },

    /** PUT payments/update-quickpay/{id}: the broker payment's quick pay percent; answers the payment row. */
    async updateQuickpay(caller: CompanyCaller, id: number, body: QuickpayUpdate): Promise<BrokerPaymentRow> {
      const at = now();
      const quickpay = body.quickpay === false ? null : body.quickpay;
      await unit.run(async (trx, outbox) => {
        const changed = await setQuickpay(trx, caller.companyId, id, quickpay, at);
        outbox.push(...accountingEvents(caller.companyId, [changed.loadId], [changed.paymentId]));
      });
      const [row] = await brokersRepo.findBrokerPaymentById(db, caller.companyId, id);
      if (!row) throw notFound();
      return toRow(row, easternDateOnly(at));
    },
  };
}
