import { daysPastDue, dueDateOf } from '@app/domain/accounting/ageing.rules';
import { accountingStatusName } from '@app/domain/accounting/accounting-status.rules';
import type { AccountingLoad, AccountingPlace, BrokerPayment } from '@app/domain/accounting/income.schema';
import { payStatusOf } from '@app/domain/accounting/income.rules';
import { incomeReceived, quickPayDeduction } from '@app/domain/accounting/money.rules';
import {
  INVOICE_STATUSES,
  LOAD_STATUSES,
  lookupName,
  PAYMENT_STATUSES,
  type InvoiceStatusId,
  type PaymentStatusId,
} from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { AccountingLoadRow } from './accounting-loads.repository';

// Rows of the accounting lists as the API answers them: money in dollars, invoice dates as Eastern dates,
// the broker payment's due date and days past due counted on `today` (an Eastern date).

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const personOf = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };

export const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export function placeOf(
  city: string | null,
  state: string | null,
  date: Date | null,
): AccountingPlace | null {
  return city === null || state === null ? null : { city, state, date: iso(date) };
}

/** The broker payment's columns a row carries. */
export type PaymentColumns = {
  payment_id: number;
  payment_status: number;
  invoice_status: number;
  invoice_date: string | null;
  days_to_pay: number | null;
  paid_at: Date | null;
  invoiced_at: Date | null;
  quickpay_percent: string | null;
  payment_week: number;
  payment_year: number;
};

/** The money of a load with its payment's quick pay: the money model's (money.rules.ts). */
export function loadMoney(row: {
  status: number;
  broker_price_cents: number;
  driver_price_cents: number;
  quickpay_percent: string | null;
}) {
  const load = {
    status: row.status,
    broker_price_cents: row.broker_price_cents,
    driver_price_cents: row.driver_price_cents,
    quickpay_percent: row.quickpay_percent === null ? null : Number(row.quickpay_percent),
  };
  return { deduction: quickPayDeduction(load), income: incomeReceived(load) };
}

export function toBrokerPayment(
  row: PaymentColumns & { status: number; broker_price_cents: number; driver_price_cents: number },
  today: string,
): BrokerPayment {
  const money = loadMoney(row);
  const open = row.invoice_status === 1;
  const due = row.invoice_date === null ? null : dueDateOf(row.invoice_date, row.days_to_pay);
  return {
    id: row.payment_id,
    status: row.payment_status as PaymentStatusId,
    status_name: lookupName(PAYMENT_STATUSES, row.payment_status),
    invoice_status: row.invoice_status as InvoiceStatusId,
    invoice_status_name: lookupName(INVOICE_STATUSES, row.invoice_status),
    invoice_date: row.invoice_date,
    days_to_pay: row.days_to_pay,
    due_date: due,
    days_past_due:
      open && row.invoice_date !== null ? daysPastDue(row.invoice_date, row.days_to_pay, today) : null,
    paid_at: iso(row.paid_at),
    invoiced_at: iso(row.invoiced_at),
    quickpay_percent: row.quickpay_percent === null ? null : Number(row.quickpay_percent),
    amount: centsToAmount(row.broker_price_cents),
    quickpay_deduction: centsToAmount(money.deduction),
    income: centsToAmount(money.income),
    week: row.payment_week,
    year: row.payment_year,
  };
}

/** The row's broker payment columns, or null when the load has none. */
export function paymentColumnsOf(row: AccountingLoadRow): PaymentColumns | null {
  if (row.payment_id === null || row.payment_status === null || row.invoice_status === null) return null;
  return {
    payment_id: row.payment_id,
    payment_status: row.payment_status,
    invoice_status: row.invoice_status,
    invoice_date: row.invoice_date,
    days_to_pay: row.days_to_pay,
    paid_at: row.paid_at,
    invoiced_at: row.invoiced_at,
    quickpay_percent: row.quickpay_percent,
    payment_week: row.payment_week ?? 0,
    payment_year: row.payment_year ?? 0,
  };
}

export function toAccountingLoad(row: AccountingLoadRow, today: string): AccountingLoad {
  const payment = paymentColumnsOf(row);
  return {
    id: row.id,
    status: row.status,
    status_name: lookupName(LOAD_STATUSES, row.status),
    accounting_status: row.accounting_status,
    accounting_status_name: accountingStatusName(row.accounting_status),
    pay_status: payStatusOf(
      row.status,
      payment && { status: payment.payment_status, quickpay_percent: payment.quickpay_percent },
    ),
    load_accounting_number: row.load_accounting_number,
    load_accounting_number_display:
      row.load_accounting_number === null ? null : padAccountingNumber(row.load_accounting_number),
    load_accounting_week: row.load_accounting_week,
    load_accounting_year: row.load_accounting_year,
    broker_company:
      row.broker_id === null
        ? null
        : { id: row.broker_id, name: row.broker_name ?? '', mc_number: row.broker_mc_number },
    accounting_broker_company:
      row.accounting_broker_id === null
        ? null
        : { id: row.accounting_broker_id, name: row.accounting_broker_name ?? '' },
    rateconf_ref: row.rateconf_ref,
    pick_up: placeOf(row.pick_up_city, row.pick_up_state, row.pick_up_date),
    delivery: placeOf(row.delivery_city, row.delivery_state, row.delivery_date),
    delivered_at: iso(row.delivered_at),
    driver:
      row.driver_id === null
        ? null
        : { id: row.driver_id, full_name: fullName(row.driver_first_name, row.driver_last_name) },
    car: row.vehicle_id === null ? null : { id: row.vehicle_id, unit_id: row.vehicle_unit_id ?? '' },
    owner:
      row.owner_id === null
        ? null
        : { id: row.owner_id, name: fullName(row.owner_first_name, row.owner_last_name) },
    dispatcher: personOf(row.dispatcher_id, row.dispatcher_first_name, row.dispatcher_last_name),
    working_group: row.working_group_id,
    broker_price: centsToAmount(row.broker_price_cents),
    driver_price: centsToAmount(row.driver_price_cents),
    documents: {
      rate_confirmation: row.has_rate_confirmation,
      proof_of_delivery: row.has_proof_of_delivery,
    },
    payment: payment && toBrokerPayment({ ...row, ...payment }, today),
  };
}
