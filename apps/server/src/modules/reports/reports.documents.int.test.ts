import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test/test-suite';
import {
  createReportsWorld,
  OWNER_NAME,
  pdfPages,
  reportCall,
  storeLoadFile,
  textPdf,
  TINY_PNG,
} from './reports.fixtures';

// POST reports/owner-paysheet and POST reports/invoice: PDFs read back with a PDF reader.

const { testApp, world, database } = setUpTestApp(createReportsWorld);

describe('POST reports/owner-paysheet', () => {
  it("prints the owner's week: each load with its route and pay, the bonus and the total, to the cent", async () => {
    const { app } = testApp;
    const response = await reportCall(app, world.staff.sessions.accountant, 'POST', 'owner-paysheet', {
      payment_id: world.payments.owner,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('pay-sheet-Иван-Петров-2026-W07.pdf')}`,
    );
    expect(response.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(response.raw)).join(' ');
    // The owner's name in Cyrillic, from the embedded font.
    expect(text).toContain(OWNER_NAME);
    expect(text).toContain('Blue Line Logistics LLC');
    expect(text).toContain('Pay sheet');
    for (const number of ['000041', '000042', '000043']) expect(text).toContain(number);
    expect(text).toContain('Chicago, IL');
    expect(text).toContain('Atlanta, GA');
    expect(text).toContain('TONU');
    expect(text).toContain('$1,500.00');
    expect(text).toContain('$950.25');
    expect(text).toContain('$150.00');
    expect(text).toContain('Delivered a day early');
    expect(text).toContain('$50.00');
    // 1,500.00 + 950.25 + 150.00 + 50.00
    expect(text).toContain('$2,600.25');
    expect(text).toContain('$2,650.25');
    // The week in Eastern calendar dates.
    expect(text).toContain('02/09/2026 – 02/15/2026');
  });

  it('speaks Russian when asked, amounts still in USD', async () => {
    const response = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'owner-paysheet', {
      payment_id: world.payments.owner,
      lang: 'ru',
    });
    expect(response.status).toBe(200);
    const text = (await pdfPages(response.raw)).join(' ');
    expect(text).toContain('Расчётный лист');
    expect(text).toContain('Итого к выплате');
    expect(text).toContain('$2,650.25');
    expect(text).toContain('09.02.2026 – 15.02.2026');
  });

  it('is for accountants, admins and managers only', async () => {
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      const response = await reportCall(testApp.app, world.staff.sessions[role], 'POST', 'owner-paysheet', {
        payment_id: world.payments.owner,
      });
      expect(response.status, role).toBe(403);
    }
    const manager = await reportCall(testApp.app, world.staff.sessions.manager, 'POST', 'owner-paysheet', {
      payment_id: world.payments.owner,
    });
    expect(manager.status).toBe(200);
  });

  it("answers 404 for another company's payment and for a payment that is not an owner's", async () => {
    const mine = await reportCall(testApp.app, world.otherAdmin, 'POST', 'owner-paysheet', {
      payment_id: world.payments.owner,
    });
    expect(mine.status).toBe(404);
    const theirs = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'owner-paysheet', {
      payment_id: world.otherOwnerPayment,
    });
    expect(theirs.status).toBe(404);
    const broker = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'owner-paysheet', {
      payment_id: world.payments.brokerFirst,
    });
    expect(broker.status).toBe(404);
  });

  it('answers 400 naming payment_id', async () => {
    const response = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'owner-paysheet', {
      payment_id: 'abc',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['payment_id']);
  });
});

describe('POST reports/invoice', () => {
  it('bills the broker for the load: number, Eastern dates, route, rate, quick pay, total and its documents', async () => {
    await storeLoadFile(database.db, testApp, world.loads.first, {
      type: 'rate_confirmation',
      name: 'ratecon.pdf',
      mime: 'application/pdf',
      data: await textPdf('RATE CONFIRMATION RC-41 Acme Logistics'),
    });
    await storeLoadFile(database.db, testApp, world.loads.first, {
      type: 'proof_of_delivery',
      name: 'pod.png',
      mime: 'image/png',
      data: TINY_PNG,
    });
    const response = await reportCall(testApp.app, world.staff.sessions.accountant, 'POST', 'invoice', {
      load_id: world.loads.first,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="invoice-000041.pdf"');
    const pages = await pdfPages(response.raw);
    // The invoice, the rate confirmation's page and the proof of delivery as a page of its own.
    expect(pages).toHaveLength(3);
    const invoice = pages[0]!;
    expect(invoice).toContain('Invoice');
    expect(invoice).toContain('000041');
    expect(invoice).toContain('Acme Logistics');
    expect(invoice).toContain('5 Freight Way, Chicago, IL 60601');
    expect(invoice).toContain('02/12/2026');
    // 30 days to pay after 12 February.
    expect(invoice).toContain('03/14/2026');
    expect(invoice).toContain('Net 30 days');
    expect(invoice).toContain('Chicago, IL → Dallas, TX');
    expect(invoice).toContain('RC-41');
    expect(invoice).toContain('$2,000.00');
    expect(invoice).toContain('Quick pay discount 3%');
    expect(invoice).toContain('-$60.00');
    expect(invoice).toContain('$1,940.00');
    expect(invoice).toContain('Attached: ratecon.pdf, pod.png');
    expect(pages[1]).toContain('RATE CONFIRMATION RC-41');
  });

  it('names the documents a load lacks', async () => {
    const response = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'invoice', {
      load_id: world.loads.second,
    });
    expect(response.status).toBe(200);
    const pages = await pdfPages(response.raw);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Not attached: Rate confirmation, Proof of delivery');
    expect(pages[0]).toContain('$1,200.50');
  });

  it("bills a TONU as a truck ordered not used; another company's load is 404; roles", async () => {
    const tonu = await reportCall(testApp.app, world.staff.sessions.manager, 'POST', 'invoice', {
      load_id: world.loads.tonu,
    });
    expect(tonu.status).toBe(200);
    expect((await pdfPages(tonu.raw))[0]).toContain('Truck ordered not used (TONU)');
    const other = await reportCall(testApp.app, world.otherAdmin, 'POST', 'invoice', {
      load_id: world.loads.first,
    });
    expect(other.status).toBe(404);
    const dispatcher = await reportCall(testApp.app, world.staff.sessions.dispatcher, 'POST', 'invoice', {
      load_id: world.loads.first,
    });
    expect(dispatcher.status).toBe(403);
    const bad = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'invoice', { load_id: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields)).toEqual(['load_id']);
  });
});
