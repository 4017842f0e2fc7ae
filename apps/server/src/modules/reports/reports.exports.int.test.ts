import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test/test-suite';
import { createReportsWorld, OWNER_NAME, reportCall, WEEK } from './reports.fixtures';

// POST reports/excel (read back with exceljs) and GET reports/quickbooks.

const { testApp, world } = setUpTestApp(createReportsWorld);

async function workbookOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((header, index) => [header, values[index]])));
  });
  return { sheet, headers, rows };
}

describe('POST reports/excel', () => {
  it('exports the accounting list of loads with real numbers and dates, and totals', async () => {
    const response = await reportCall(testApp.app, world.staff.sessions.accountant, 'POST', 'excel', {
      list: 'lol',
      filters: { week: WEEK.week, year: String(WEEK.year), page: 3, limit: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename="lol-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { sheet, rows } = await workbookOf(response.raw);
    // Three loads (page and limit are the export's own), then the totals.
    expect(rows).toHaveLength(4);
    const first = rows.find((row) => row['Load #'] === '000041')!;
    expect(first['Broker price']).toBe(2000);
    expect(first['Driver price']).toBe(1500);
    expect(first['Quick pay deduction']).toBe(60);
    expect(first['Income']).toBe(1940);
    expect(first['Quick pay %']).toBe(3);
    expect(first['Week']).toBe(7);
    expect(first['Days to pay']).toBe(30);
    // An Excel date holds the Eastern calendar date and wall clock.
    expect(first['Invoice date']).toBeInstanceOf(Date);
    expect((first['Invoice date'] as Date).toISOString()).toBe('2026-02-12T00:00:00.000Z');
    expect((first['Pick-up date'] as Date).toISOString()).toBe('2026-02-10T09:00:00.000Z');
    expect(first['Pick-up']).toBe('Chicago, IL');
    expect(first['Accounting status']).toBe('Completed');
    // Shown as dollars and as dates.
    expect(sheet.getRow(2).getCell(19).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
    expect(sheet.getRow(2).getCell(23).numFmt).toBe('mm/dd/yyyy');
    const totals = rows[3]!;
    expect(totals['Load #']).toBe('Total');
    expect(totals['Broker price']).toMatchObject({ formula: 'SUM(S2:S4)', result: 3450.5 });
    expect(totals['Driver price']).toMatchObject({ result: 2600.25 });
  });

  it("exports the owners' pay of the week in Russian", async () => {
    const response = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'excel', {
      list: 'owners',
      filters: { week: 7, year: 2026 },
      lang: 'ru',
    });
    expect(response.status).toBe(200);
    const { rows } = await workbookOf(response.raw);
    const owner = rows[0]!;
    expect(owner['Владелец']).toBe(OWNER_NAME);
    expect(owner['Грузы']).toBe(3);
    expect(owner['Оплата за грузы']).toBe(2600.25);
    expect(owner['Бонусы']).toBe(50);
    expect(owner['Сумма']).toBe(2650.25);
    expect(owner['Статус']).toBe('Стандартный');
    expect((owner['Начало недели'] as Date).toISOString()).toBe('2026-02-09T00:00:00.000Z');
  });

  it('exports income, brokers and dispatchers with their own filters', async () => {
    const sessions = world.staff.sessions;
    const income = await reportCall(testApp.app, sessions.manager, 'POST', 'excel', {
      list: 'income',
      filters: { type: 'completed' },
    });
    expect(income.status).toBe(200);
    expect((await workbookOf(income.raw)).rows).toHaveLength(4);
    const brokers = await reportCall(testApp.app, sessions.accountant, 'POST', 'excel', {
      list: 'brokers',
      filters: { list: 'active', week: 7, year: 2026 },
    });
    const brokerRows = (await workbookOf(brokers.raw)).rows;
    expect(brokerRows.find((row) => row['Load #'] === '000042')).toMatchObject({
      Amount: 1200.5,
      Income: 1200.5,
    });
    const dispatchers = await reportCall(testApp.app, sessions.accountant, 'POST', 'excel', {
      list: 'dispatchers',
      filters: {},
    });
    expect((await workbookOf(dispatchers.raw)).rows[0]).toMatchObject({
      Dispatcher: 'Dina Dispatch',
      Loads: 3,
    });
  });

  it('refuses a bad filter naming it, and the lists of another company are not exported', async () => {
    const bad = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'excel', {
      list: 'lol',
      filters: { week: 60 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields)).toEqual(['filters.week']);
    const noType = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'excel', {
      list: 'income',
    });
    expect(noType.status).toBe(400);
    expect(Object.keys(noType.json<{ fields: object }>().fields)).toEqual(['filters.type']);
    const unknown = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'excel', { list: 'x' });
    expect(Object.keys(unknown.json<{ fields: object }>().fields)).toEqual(['list']);
    const other = await reportCall(testApp.app, world.otherAdmin, 'POST', 'excel', { list: 'lol' });
    expect(other.status).toBe(200);
    // Only the totals row, of nothing.
    expect((await workbookOf(other.raw)).rows).toEqual([
      expect.objectContaining({ 'Load #': 'Total', 'Broker price': 0, Income: 0 }),
    ]);
    const dispatcher = await reportCall(testApp.app, world.staff.sessions.dispatcher, 'POST', 'excel', {
      list: 'lol',
    });
    expect(dispatcher.status).toBe(403);
  });
});

describe('GET reports/quickbooks', () => {
  it("writes the week's invoices in QuickBooks Online's import columns", async () => {
    const response = await reportCall(
      testApp.app,
      world.staff.sessions.accountant,
      'GET',
      'quickbooks?year=2026&week=7&kind=invoices',
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('quickbooks-invoices-2026-W07.csv');
    const lines = response.raw.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount',
    );
    expect(lines).toContain(
      '000041,Acme Logistics,02/12/2026,03/14/2026,Net 30,RC-41,Freight,"Load 000041: Chicago, IL - Dallas, TX (rate confirmation RC-41)",1,2000.00,2000.00',
    );
    expect(lines).toContain(
      '000041,Acme Logistics,02/12/2026,03/14/2026,Net 30,RC-41,Quick pay discount,Quick pay discount 3%,1,-60.00,-60.00',
    );
    expect(lines.filter((line) => line.startsWith('000042,'))).toHaveLength(1);
    expect(lines).toHaveLength(5);
  });

  it("writes the week's bills: each owner's and dispatcher's pay", async () => {
    const response = await reportCall(
      testApp.app,
      world.staff.sessions.admin,
      'GET',
      'quickbooks?year=2026&week=7&kind=bills',
    );
    const lines = response.raw.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('BillNo,Supplier,BillDate,DueDate,Terms,Memo,Account,LineDescription,LineAmount');
    const bill = `OWN-2026-07-${world.payments.owner},Petrov Trucking,02/15/2026,02/15/2026,,Week 7 of 2026 (02/09/2026 - 02/15/2026),Owner pay`;
    expect(lines).toContain(`${bill},Loads (3),2600.25`);
    expect(lines).toContain(`${bill},Bonuses,50.00`);
    expect(
      lines.some((line) => line.startsWith(`DSP-2026-07-${world.payments.dispatcher},Dina Dispatch,`)),
    ).toBe(true);
  });

  it('answers 400 naming the week, 403 to other roles, and nothing of another company', async () => {
    const bad = await reportCall(
      testApp.app,
      world.staff.sessions.admin,
      'GET',
      'quickbooks?year=2026&week=0&kind=bills',
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields)).toEqual(['week']);
    const hr = await reportCall(
      testApp.app,
      world.staff.sessions.hr,
      'GET',
      'quickbooks?year=2026&week=7&kind=bills',
    );
    expect(hr.status).toBe(403);
    const other = await reportCall(
      testApp.app,
      world.otherAdmin,
      'GET',
      'quickbooks?year=2026&week=7&kind=invoices',
    );
    expect(other.raw.toString('utf8').trimEnd().split('\r\n')).toHaveLength(1);
  });
});
