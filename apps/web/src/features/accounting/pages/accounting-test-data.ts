import type { BrokerPaymentRow } from '@app/domain/accounting/broker-payments.schema';
import type { AccountingLoad, BrokerPayment, IncomeDetail } from '@app/domain/accounting/income.schema';
import { makeListLoad } from '@/components/lists/list-test-data';

// Loads and payments of accounting as the server answers them, for the component tests of its pages.

/** Load #42's broker payment: Standard, unpaid, invoice sent 03/05/2026 on 30 days, quick pay at 3.5%. */
export function makePayment(overrides: Partial<BrokerPayment> = {}): BrokerPayment {
  return {
    id: 900,
    status: 1,
    status_name: 'Standard',
    invoice_status: 1,
    invoice_status_name: 'Unpaid',
    invoice_date: '2026-03-05',
    invoiced_at: '2026-03-05T15:00:00.000Z',
    days_to_pay: null,
    due_date: '2026-04-04',
    days_past_due: 12,
    paid_at: null,
    quickpay_percent: 3.5,
    amount: 1234.5,
    quickpay_deduction: 43.21,
    income: 1191.29,
    week: 10,
    year: 2026,
    ...overrides,
  };
}

/** Load 000042 delivered in week 10 of 2026, Dallas to Chicago, owned by Olga Owner, with its payment. */
export function makeAccountingLoad(overrides: Partial<AccountingLoad> = {}): AccountingLoad {
  return {
    id: 42,
    status: 8,
    status_name: 'Delivered',
    accounting_status: 1,
    accounting_status_name: 'Standard',
    pay_status: 'Quickpay',
    load_accounting_number: 42,
    load_accounting_number_display: '000042',
    load_accounting_week: 10,
    load_accounting_year: 2026,
    broker_company: { id: 7, name: 'Acme Logistics', mc_number: '123456' },
    accounting_broker_company: { id: 7, name: 'Acme Logistics' },
    rateconf_ref: 'RC-1001',
    pick_up: { city: 'Dallas', state: 'TX', date: '2026-03-04T20:04:00Z' },
    delivery: { city: 'Chicago', state: 'IL', date: '2026-03-05T15:30:00Z' },
    delivered_at: '2026-03-05T16:00:00Z',
    driver: { id: 61, full_name: 'Dan Driver' },
    car: { id: 71, unit_id: 'U-101' },
    owner: { id: 81, name: 'Olga Owner' },
    dispatcher: { id: 21, first_name: 'Dina', last_name: 'Dispatch' },
    working_group: 3,
    broker_price: 1234.5,
    driver_price: 950,
    documents: { rate_confirmation: true, proof_of_delivery: false },
    payment: makePayment(),
    ...overrides,
  };
}

export const TOTALS = { broker_price: 1234.5, driver_price: 950, quickpay_deduction: 43.21, income: 1191.29 };

export function accountingList(loads: AccountingLoad[] = [makeAccountingLoad()], totals = TOTALS) {
  return { count: loads.length, results: loads, totals };
}

/** Load 000042 on its income page: in checkout, its proof of delivery still missing. */
export function makeIncomeDetail(overrides: Partial<IncomeDetail> = {}): IncomeDetail {
  const list = makeListLoad({ status: 8, status_name: 'Delivered', accounting_status: 1 });
  return {
    ...list,
    history: [
      {
        id: 1,
        action: 'status',
        field: 'status',
        before: 7,
        after: 8,
        user: { id: 21, first_name: 'Dina', last_name: 'Dispatch' },
        created_date: '2026-03-05T16:00:00Z',
      },
    ],
    missing_documents: [],
    accounting_status_name: 'Standard',
    pay_status: 'Quickpay',
    income_list: 'active',
    owner: { id: 81, name: 'Olga Owner' },
    payment: makePayment(),
    money: {
      broker_price: 1234.5,
      quickpay_deduction: 43.21,
      income: 1191.29,
      driver_price: 950,
      margin: 241.29,
    },
    completion_missing_documents: ['proof_of_delivery'],
    ...overrides,
  };
}

/** Load 000042's broker payment as GET payments/brokers/all lists it. */
export function makeBrokerPaymentRow(overrides: Partial<BrokerPaymentRow> = {}): BrokerPaymentRow {
  const load = makeAccountingLoad();
  return {
    ...makePayment(),
    type: 'broker',
    broker_company: load.broker_company,
    load: {
      id: load.id,
      status: load.status,
      status_name: load.status_name,
      accounting_status: load.accounting_status,
      load_accounting_number_display: load.load_accounting_number_display,
      rateconf_ref: load.rateconf_ref,
      pick_up: load.pick_up,
      delivery: load.delivery,
      delivered_at: load.delivered_at,
      driver: load.driver,
      dispatcher: load.dispatcher,
    },
    ...overrides,
  };
}
