import { DEFAULT_DAYS_TO_PAY, dueDateOf } from '@app/domain/accounting/ageing.rules';
import { PAYMENT_LISTS } from '@app/domain/accounting/broker-payments.schema';
import type { DispatcherPaymentRow, OwnerPaymentRow } from '@app/domain/accounting/payments.schema';
import type { QuickbooksQuery } from '@app/domain/accounting/reports.schema';
import { quickbooksDate } from '@app/domain/accounting/reports.rules';
import { parseMoneyToCents } from '@app/domain/common/money';
import { easternDateOnly } from '@app/domain/common/time';
import type { CompanyCaller } from '../auth/caller';
import {
  quickbooksBillsCsv,
  quickbooksInvoicesCsv,
  type QuickbooksBill,
  type QuickbooksInvoice,
} from './quickbooks-csv';
import type { ReportsDeps } from './reports.deps';

// What the QuickBooks export reads: the week's broker payments (invoices) and owners' and dispatchers' pay
// (bills), through the accounting and payments services' lists, active and completed alike.
//
// An invoice is dated its invoice date (else the load's delivery, else today, Eastern) and due its days to
// pay later (30 by default). A bill is dated the last day of the week and due on it; its lines are the
// week's load pay, bonuses, fines and pay items, and for a closed week whose loads changed after it was
// paid, the difference to the amount paid, so that each bill is exactly what the week pays.

const PAGE = 1000;
const cents = (dollars: number) => parseMoneyToCents(dollars);

async function* pages<Row>(
  read: (list: (typeof PAYMENT_LISTS)[number], page: number) => Promise<{ count: number; results: Row[] }>,
): AsyncGenerator<Row> {
  for (const list of PAYMENT_LISTS) {
    for (let page = 1; ; page += 1) {
      const answer = await read(list, page);
      yield* answer.results;
      if (answer.results.length < PAGE || page * PAGE >= answer.count) break;
    }
  }
}

function weekMemo(row: { week: number; year: number; week_start: string; week_end: string }): string {
  return `Week ${row.week} of ${row.year} (${quickbooksDate(row.week_start)} - ${quickbooksDate(row.week_end)})`;
}

function billOf(
  row: OwnerPaymentRow | DispatcherPaymentRow,
  prefix: 'OWN' | 'DSP',
  supplier: string,
  account: string,
): QuickbooksBill {
  const lines = [
    { description: `Loads (${row.loads_count})`, amount_cents: cents(row.load_pay) },
    { description: 'Bonuses', amount_cents: cents(row.bonuses) },
    { description: 'Fines', amount_cents: -cents(row.fines) },
    { description: 'Payments, charges and adjustments', amount_cents: cents(row.items) },
  ];
  const difference = cents(row.amount) - cents(row.computed_total);
  if (difference !== 0)
    lines.push({ description: 'Amount paid when the week closed', amount_cents: difference });
  const nonZero = lines.filter((line) => line.amount_cents !== 0);
  return {
    number: `${prefix}-${row.year}-${String(row.week).padStart(2, '0')}-${row.id}`,
    supplier,
    bill_date: row.week_end,
    due_date: row.week_end,
    memo: weekMemo(row),
    lines: (nonZero.length ? nonZero : [lines[0]!]).map((line) => ({ ...line, account })),
  };
}

/** The CSV of the week's invoices or bills. */
export async function quickbooksCsv(
  deps: ReportsDeps,
  caller: CompanyCaller,
  query: QuickbooksQuery,
): Promise<string> {
  const week = { year: query.year, week: query.week };
  if (query.kind === 'invoices') {
    const invoices: QuickbooksInvoice[] = [];
    const today = easternDateOnly(deps.now());
    const rows = pages((list, page) =>
      deps.accounting.brokerPayments(caller, { ...week, list, text: undefined, page, limit: PAGE }),
    );
    for await (const row of rows) {
      if (row.amount === 0 && row.quickpay_deduction === 0) continue;
      const date =
        row.invoice_date ?? (row.load.delivered_at ? easternDateOnly(row.load.delivered_at) : today);
      const number = row.load.load_accounting_number_display ?? String(row.load.id);
      const lane = [row.load.pick_up, row.load.delivery]
        .map((place) => (place ? `${place.city}, ${place.state}` : ''))
        .join(' - ');
      const lines = [
        {
          item: 'Freight',
          description: `Load ${number}: ${lane}${row.load.rateconf_ref ? ` (rate confirmation ${row.load.rateconf_ref})` : ''}`,
          amount_cents: cents(row.amount),
        },
      ];
      if (row.quickpay_deduction !== 0) {
        lines.push({
          item: 'Quick pay discount',
          description: `Quick pay discount ${row.quickpay_percent ?? 0}%`,
          amount_cents: -cents(row.quickpay_deduction),
        });
      }
      invoices.push({
        number,
        customer: row.broker_company?.name ?? 'Unknown broker',
        invoice_date: date,
        due_date: row.due_date ?? dueDateOf(date, row.days_to_pay),
        days_to_pay: row.days_to_pay ?? DEFAULT_DAYS_TO_PAY,
        memo: row.load.rateconf_ref ?? '',
        lines,
      });
    }
    return quickbooksInvoicesCsv(invoices);
  }
  const bills: QuickbooksBill[] = [];
  for await (const row of pages((list, page) =>
    deps.payments.owners(caller, { ...week, list, text: undefined, page, limit: PAGE }),
  )) {
    bills.push(billOf(row, 'OWN', row.owner.company_name ?? row.owner.full_name, 'Owner pay'));
  }
  for await (const row of pages((list, page) =>
    deps.payments.dispatchers(caller, { ...week, list, text: undefined, page, limit: PAGE }),
  )) {
    bills.push(billOf(row, 'DSP', row.dispatcher.full_name, 'Dispatcher pay'));
  }
  return quickbooksBillsCsv(bills);
}
