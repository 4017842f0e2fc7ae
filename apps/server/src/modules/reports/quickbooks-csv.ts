import {
  csvAmount,
  csvLine,
  csvText,
  QUICKBOOKS_BILL_COLUMNS,
  QUICKBOOKS_INVOICE_COLUMNS,
  quickbooksDate,
  quickbooksTerms,
} from '@app/domain/accounting/reports.rules';

// A week's invoices and bills as QuickBooks Online imports them (Sales > Invoices > Import invoices and
// Expenses > Bills > Import bills): one line per invoice or bill line, the lines of one document sharing
// its number, dates as MM/DD/YYYY, amounts as plain numbers. The bookkeeper maps nothing by hand.
//
// Invoices: one per broker payment of the week's loads (number = the load accounting number), a line for
// the rate and, with quick pay, a negative line for the discount. Bills: one per owner's and dispatcher's
// pay of the week, with a line per load, incentive and pay item, so the bill adds up to the pay sheet.

export type QuickbooksInvoice = {
  number: string;
  customer: string;
  /** 'YYYY-MM-DD' */
  invoice_date: string;
  due_date: string;
  days_to_pay: number | null;
  memo: string;
  lines: { item: string; description: string; amount_cents: number }[];
};

export type QuickbooksBill = {
  number: string;
  supplier: string;
  bill_date: string;
  due_date: string;
  memo: string;
  lines: { account: string; description: string; amount_cents: number }[];
};

/** The invoices CSV: a header line, then one line per invoice line. */
export function quickbooksInvoicesCsv(invoices: readonly QuickbooksInvoice[]): string {
  let csv = csvLine([...QUICKBOOKS_INVOICE_COLUMNS]);
  for (const invoice of invoices) {
    for (const line of invoice.lines) {
      csv += csvLine([
        csvText(invoice.number),
        csvText(invoice.customer),
        quickbooksDate(invoice.invoice_date),
        quickbooksDate(invoice.due_date),
        csvText(quickbooksTerms(invoice.days_to_pay)),
        csvText(invoice.memo),
        csvText(line.item),
        csvText(line.description),
        '1',
        csvAmount(line.amount_cents),
        csvAmount(line.amount_cents),
      ]);
    }
  }
  return csv;
}

/** The bills CSV: a header line, then one line per bill line. */
export function quickbooksBillsCsv(bills: readonly QuickbooksBill[]): string {
  let csv = csvLine([...QUICKBOOKS_BILL_COLUMNS]);
  for (const bill of bills) {
    for (const line of bill.lines) {
      csv += csvLine([
        csvText(bill.number),
        csvText(bill.supplier),
        quickbooksDate(bill.bill_date),
        quickbooksDate(bill.due_date),
        '',
        csvText(bill.memo),
        csvText(line.account),
        csvText(line.description),
        csvAmount(line.amount_cents),
      ]);
    }
  }
  return csv;
}
