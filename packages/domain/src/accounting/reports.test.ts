import { describe, expect, it } from 'vitest';
import {
  csvAmount,
  csvLine,
  csvText,
  excelFileName,
  invoiceNumber,
  paySheetFileName,
  paysheetWeekDue,
  quickbooksDate,
  quickbooksTerms,
} from './reports.rules';
import { REPORT_TEXTS, reportText } from './report-texts';
import { excelRequestSchema, quickbooksQuerySchema, reportSendRequestSchema } from './reports.schema';

describe('the scheduled pay sheets', () => {
  // Monday 0 ... Sunday 6, Eastern. Week 7 of 2026 runs Monday 9 to Sunday 15 February.
  const friday10 = { weekday: 4, time: '10:00' };

  it("send the week just ended once the schedule's weekday and time have come", () => {
    // Friday 13 February 2026 at 09:59 EST is 14:59 UTC: not yet.
    expect(paysheetWeekDue(new Date('2026-02-13T14:59:00Z'), friday10)).toBeNull();
    // At 10:00 EST the pay sheets of week 6 (2 to 8 February) are due.
    expect(paysheetWeekDue(new Date('2026-02-13T15:00:00Z'), friday10)).toEqual({ year: 2026, week: 6 });
    // Later in the same week (Sunday night) they are still the ones due.
    expect(paysheetWeekDue(new Date('2026-02-16T04:30:00Z'), friday10)).toEqual({ year: 2026, week: 6 });
    // Monday of the next week: the schedule of week 8 has not come yet.
    expect(paysheetWeekDue(new Date('2026-02-16T05:30:00Z'), friday10)).toBeNull();
  });

  it('reads the schedule in Eastern time, across daylight saving', () => {
    const monday8 = { weekday: 0, time: '08:00' };
    // Monday 9 March 2026 08:00 EDT is 12:00 UTC (clocks went forward on Sunday 8 March).
    expect(paysheetWeekDue(new Date('2026-03-09T11:59:00Z'), monday8)).toBeNull();
    expect(paysheetWeekDue(new Date('2026-03-09T12:00:00Z'), monday8)).toEqual({ year: 2026, week: 10 });
  });

  it('sends week 53 of 2026 in the first week of 2027', () => {
    expect(paysheetWeekDue(new Date('2027-01-04T15:00:00Z'), { weekday: 0, time: '09:00' })).toEqual({
      year: 2026,
      week: 53,
    });
  });

  it('sends nothing without a schedule', () => {
    const now = new Date('2026-02-13T20:00:00Z');
    expect(paysheetWeekDue(now, { weekday: null, time: '10:00' })).toBeNull();
    expect(paysheetWeekDue(now, { weekday: 4, time: null })).toBeNull();
    expect(paysheetWeekDue(now, { weekday: 4, time: '25:00' })).toBeNull();
  });
});

describe('dates and numbers of the documents', () => {
  it('numbers an invoice with the load accounting number padded to 6 digits', () => {
    expect(invoiceNumber({ id: 9, load_accounting_number: 42 })).toBe('000042');
    expect(invoiceNumber({ id: 9, load_accounting_number: 1234567 })).toBe('1234567');
    expect(invoiceNumber({ id: 9, load_accounting_number: null })).toBe('9');
  });

  it('names the files', () => {
    expect(paySheetFileName('Иван Петров', { year: 2026, week: 7 })).toBe(
      'pay-sheet-Иван-Петров-2026-W07.pdf',
    );
    expect(paySheetFileName("O'Neil & Sons, LLC", { year: 2026, week: 12 })).toBe(
      'pay-sheet-O-Neil-Sons-LLC-2026-W12.pdf',
    );
    // 23:30 on 13 February in New York is already the 14th in UTC.
    expect(excelFileName('owners', new Date('2026-02-14T04:30:00Z'))).toBe('owners-2026-02-13.xlsx');
  });
});

describe('the QuickBooks CSV', () => {
  it('writes US dates, plain amounts and Net terms', () => {
    expect(quickbooksDate('2026-02-03')).toBe('02/03/2026');
    expect(csvAmount(120050)).toBe('1200.50');
    expect(csvAmount(-3505)).toBe('-35.05');
    expect(csvAmount(7)).toBe('0.07');
    expect(quickbooksTerms(30)).toBe('Net 30');
    expect(quickbooksTerms(null)).toBe('');
  });

  it('quotes text with commas and quotes, and defuses formulas', () => {
    expect(csvText('Acme Logistics, Inc.')).toBe('"Acme Logistics, Inc."');
    expect(csvText('The "Best" Broker')).toBe('"The ""Best"" Broker"');
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText(null)).toBe('');
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});

describe('the report requests', () => {
  it('asks pay sheets by payment ids and invoices by load ids', () => {
    const missing = reportSendRequestSchema.safeParse({ kind: 'paysheet', load_ids: [1] });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toContain('payment_ids');
    const invoice = reportSendRequestSchema.safeParse({ kind: 'invoice' });
    expect(invoice.error?.issues[0]?.path).toEqual(['load_ids']);
    expect(
      reportSendRequestSchema.parse({ kind: 'invoice', load_ids: ['7'], to: [' AP@Broker.test'] }),
    ).toEqual({
      kind: 'invoice',
      load_ids: [7],
      to: ['ap@broker.test'],
      lang: 'en',
    });
    const badRecipient = reportSendRequestSchema.safeParse({
      kind: 'invoice',
      load_ids: [7],
      to: ['nobody'],
    });
    expect(badRecipient.error?.issues[0]?.path).toEqual(['to', 0]);
  });

  it('takes the list of an export and its filters', () => {
    expect(excelRequestSchema.parse({ list: 'owners', filters: { week: 7, search: 'smith' } })).toEqual({
      list: 'owners',
      filters: { week: 7, search: 'smith' },
      lang: 'en',
    });
    expect(excelRequestSchema.safeParse({ list: 'trucks' }).error?.issues[0]?.message).toBe(
      'Choose one of the accounting lists',
    );
  });

  it('takes the week and kind of a QuickBooks export', () => {
    expect(quickbooksQuerySchema.parse({ year: '2026', week: '7', kind: 'bills' })).toEqual({
      year: 2026,
      week: 7,
      kind: 'bills',
    });
    expect(
      quickbooksQuerySchema.safeParse({ year: '2026', week: '54', kind: 'bills' }).error?.issues[0]?.message,
    ).toBe('Week must be a whole number from 1 to 53');
  });
});

describe('the words of the documents', () => {
  it('are written in English and Russian, with the same placeholders', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    expect(Object.keys(REPORT_TEXTS.ru).sort()).toEqual(Object.keys(REPORT_TEXTS.en).sort());
    for (const [key, text] of Object.entries(REPORT_TEXTS.en)) {
      expect(placeholders(REPORT_TEXTS.ru[key as keyof typeof REPORT_TEXTS.en]), key).toEqual(
        placeholders(text),
      );
    }
  });

  it('fill their placeholders', () => {
    expect(reportText('en', 'paySheetSubject', { name: 'Иван Петров', week: 7, year: 2026 })).toBe(
      'Pay sheet: Иван Петров, week 7 of 2026',
    );
    expect(reportText('ru', 'quickPay', { percent: 3.5 })).toBe('Скидка за быструю оплату 3.5%');
  });
});
