import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReportSendResponse } from '@app/domain/accounting/reports.schema';
import { setUpTestApp } from '../../../test/test-suite';
import type { Db } from '../../db/types';
import {
  startTestSmtpServer,
  TEST_SMTP_USER,
  type TestSmtpServer,
} from '../../integrations/mail/mail.fixtures';
import type { BrokerPaymentListResponse } from '@app/domain/accounting/broker-payments.schema';
import { calendarDate } from './paysheet-pdf';
import { BROKER_EMAIL, createReportsWorld, OWNER_EMAIL, pdfPages, reportCall } from './reports.fixtures';

// POST reports/send: pay sheets and invoices through the company's SMTP server (a real one on loopback),
// each recorded in report_sends.

// The services' clock: today unless a test moves it (week 7 of 2026 has ended by today).
let clock: Date | null = null;
const { testApp, world, database } = setUpTestApp(createReportsWorld, { now: () => clock ?? new Date() });

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

async function useSmtp(db: Db, companyId: number, on: boolean) {
  const settings = smtp.settings();
  await db
    .updateTable('companies')
    .set({
      smtp_host: on ? settings.host : null,
      smtp_port: on ? settings.port : null,
      smtp_user: on ? settings.user : null,
      smtp_password: on ? settings.password : null,
      smtp_from: on ? settings.from : null,
    })
    .where('id', '=', companyId)
    .execute();
}

const sends = (db: Db) => db.selectFrom('report_sends').selectAll().orderBy('id').execute();

beforeEach(async () => {
  clock = null;
  await database.db.deleteFrom('accounting_weeks').execute();
  await database.db.updateTable('payments').set({ amount_cents: null }).execute();
  await database.db
    .updateTable('payments')
    .set({ invoiced_at: null, invoice_date: '2026-02-12' })
    .where('type', '=', 'broker')
    .execute();
  smtp.received.length = 0;
  smtp.refuse.clear();
  await useSmtp(database.db, world.company.id, true);
  await database.db.deleteFrom('report_sends').execute();
});

describe('POST reports/send', () => {
  it("mails the pay sheet to the owner's address and records who sent it to whom", async () => {
    const response = await reportCall(testApp.app, world.staff.sessions.accountant, 'POST', 'send', {
      kind: 'paysheet',
      payment_ids: [world.payments.owner],
    });
    expect(response.status).toBe(200);
    const body = response.json<ReportSendResponse>();
    expect(body).toMatchObject({ sent: 1, failed: 0, closed_weeks: [{ year: 2026, week: 7 }] });
    expect(body.results[0]).toMatchObject({
      kind: 'paysheet',
      payment_id: world.payments.owner,
      load_id: null,
      to_email: OWNER_EMAIL,
      state: 'sent',
      reason: null,
      subject: 'Pay sheet: Иван Петров, week 7 of 2026',
    });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual([OWNER_EMAIL]);
    expect(mail.user).toBe(TEST_SMTP_USER);
    expect(mail.email.subject).toBe('Pay sheet: Иван Петров, week 7 of 2026');
    expect(mail.email.text).toContain('$2,650.25');
    const [attachment] = mail.email.attachments;
    expect(attachment?.filename).toBe('pay-sheet-Иван-Петров-2026-W07.pdf');
    expect(attachment?.mimeType).toBe('application/pdf');
    const pdf = Buffer.from(attachment!.content as ArrayBuffer);
    expect((await pdfPages(pdf)).join(' ')).toContain('$2,650.25');
    expect(await sends(database.db)).toEqual([
      expect.objectContaining({
        company_id: world.company.id,
        kind: 'paysheet',
        payment_id: world.payments.owner,
        to_email: OWNER_EMAIL,
        state: 'sent',
        error: null,
        sent_by: world.staff.users.accountant.id,
      }),
    ]);
    // The week had ended: it is closed by the sending and what it pays is frozen.
    expect(await database.db.selectFrom('accounting_weeks').selectAll().execute()).toEqual([
      expect.objectContaining({
        company_id: world.company.id,
        year: 2026,
        week: 7,
        closed_by: world.staff.users.accountant.id,
      }),
    ]);
    const owner = await database.db
      .selectFrom('payments')
      .select('amount_cents')
      .where('id', '=', world.payments.owner)
      .executeTakeFirstOrThrow();
    expect(Number(owner.amount_cents)).toBe(265_025);
  });

  it('leaves a week that is still running open', async () => {
    // Thursday 12 February 2026, in week 7.
    clock = new Date('2026-02-12T17:00:00Z');
    const response = await reportCall(testApp.app, world.staff.sessions.accountant, 'POST', 'send', {
      kind: 'paysheet',
      payment_ids: [world.payments.owner],
    });
    expect(response.json<ReportSendResponse>()).toMatchObject({ sent: 1, closed_weeks: [] });
    expect(await database.db.selectFrom('accounting_weeks').selectAll().execute()).toEqual([]);
  });

  it("mails an invoice to the broker's address, or to the addresses given", async () => {
    const byDefault = await reportCall(testApp.app, world.staff.sessions.manager, 'POST', 'send', {
      kind: 'invoice',
      load_ids: [world.loads.first],
    });
    expect(byDefault.json<ReportSendResponse>()).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.received[0]!.envelopeTo).toEqual([BROKER_EMAIL]);
    expect(smtp.received[0]!.email.subject).toBe('Invoice 000041 from Blue Line Logistics LLC');
    expect(smtp.received[0]!.email.attachments[0]?.filename).toBe('invoice-000041.pdf');

    const given = await reportCall(testApp.app, world.staff.sessions.manager, 'POST', 'send', {
      kind: 'invoice',
      load_ids: [world.loads.first, world.loads.second],
      to: ['Billing@Acme.test', 'ar@acme.test'],
    });
    expect(given.json<ReportSendResponse>()).toMatchObject({ sent: 2, failed: 0 });
    expect(smtp.received.slice(1).map((mail) => mail.envelopeTo)).toEqual([
      ['billing@acme.test', 'ar@acme.test'],
      ['billing@acme.test', 'ar@acme.test'],
    ]);
    const rows = await sends(database.db);
    expect(rows.map((row) => [row.kind, row.load_id, row.to_email, row.state])).toEqual([
      ['invoice', world.loads.first, BROKER_EMAIL, 'sent'],
      ['invoice', world.loads.first, 'billing@acme.test, ar@acme.test', 'sent'],
      ['invoice', world.loads.second, 'billing@acme.test, ar@acme.test', 'sent'],
    ]);
    expect(rows[0]!.payment_id).toBe(world.payments.brokerFirst);
  });

  it('records a refused recipient and a company without SMTP as failed, with the reason', async () => {
    smtp.refuse.add(OWNER_EMAIL);
    const refused = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'send', {
      kind: 'paysheet',
      payment_ids: [world.payments.owner],
    });
    expect(refused.json<ReportSendResponse>()).toMatchObject({
      sent: 0,
      failed: 1,
      // Nothing went out: the week stays open.
      closed_weeks: [],
      results: [{ state: 'failed', reason: 'smtp_failed' }],
    });
    await useSmtp(database.db, world.company.id, false);
    const noSmtp = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'send', {
      kind: 'paysheet',
      payment_ids: [world.payments.owner],
    });
    expect(noSmtp.json<ReportSendResponse>().results[0]).toMatchObject({
      state: 'failed',
      reason: 'smtp_not_configured',
    });
    expect(smtp.received).toHaveLength(0);
    const rows = await sends(database.db);
    expect(rows.map((row) => row.state)).toEqual(['failed', 'failed']);
    expect(rows[0]!.error).toContain('550');
    expect(rows[1]!.error).toBe('smtp_not_configured');
  });

  it("sends nothing when any named payment or load is unknown or another company's", async () => {
    for (const payload of [
      { kind: 'paysheet', payment_ids: [world.payments.owner, world.otherOwnerPayment] },
      { kind: 'paysheet', payment_ids: [world.payments.owner, world.payments.brokerFirst] },
      { kind: 'invoice', load_ids: [world.loads.first, 999_999] },
    ]) {
      const response = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'send', payload);
      expect(response.status).toBe(404);
    }
    const other = await reportCall(testApp.app, world.otherAdmin, 'POST', 'send', {
      kind: 'paysheet',
      payment_ids: [world.payments.owner],
    });
    expect(other.status).toBe(404);
    expect(smtp.received).toHaveLength(0);
    expect(await sends(database.db)).toEqual([]);
  });

  it('answers 400 naming the field and 403 to the other roles, sending nothing', async () => {
    const missing = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'send', {
      kind: 'paysheet',
      load_ids: [world.loads.first],
    });
    expect(missing.status).toBe(400);
    expect(missing.json<{ fields: object }>().fields).toEqual({
      payment_ids: ['Choose the pay sheets to send'],
    });
    const badAddress = await reportCall(testApp.app, world.staff.sessions.admin, 'POST', 'send', {
      kind: 'invoice',
      load_ids: [world.loads.first],
      to: ['ap@acme.test', 'not an address'],
    });
    expect(badAddress.status).toBe(400);
    expect(Object.keys(badAddress.json<{ fields: object }>().fields)).toEqual(['to.1']);
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      const response = await reportCall(testApp.app, world.staff.sessions[role], 'POST', 'send', {
        kind: 'paysheet',
        payment_ids: [world.payments.owner],
      });
      expect(response.status, role).toBe(403);
    }
    expect(smtp.received).toHaveLength(0);
    expect(await sends(database.db)).toEqual([]);
  });
});

describe('a sent invoice', () => {
  const sendInvoice = (loadId: number) =>
    reportCall(testApp.app, world.staff.sessions.accountant, 'POST', 'send', {
      kind: 'invoice',
      load_ids: [loadId],
    });
  const brokerPayment = (loadId: number) =>
    database.db
      .selectFrom('payments')
      .select(['invoiced_at', 'invoice_date'])
      .where('type', '=', 'broker')
      .where('load_id', '=', loadId)
      .executeTakeFirstOrThrow();
  const invoiceText = async (index: number) =>
    (await pdfPages(Buffer.from(smtp.received[index]!.email.attachments[0]!.content as ArrayBuffer))).join(
      ' ',
    );

  it('dates the invoice the day it is first sent (Eastern) and shows it in the brokers list; sending it again keeps the date', async () => {
    // 01:30 UTC on Monday 2 March 2026 is still Sunday 1 March in the East.
    clock = new Date('2026-03-02T01:30:00Z');
    expect((await sendInvoice(world.loads.first)).json<ReportSendResponse>()).toMatchObject({ sent: 1 });
    expect(await brokerPayment(world.loads.first)).toEqual({
      invoiced_at: clock,
      invoice_date: '2026-03-01',
    });
    // The invoice that went out says the same date, and is due 30 days after it.
    const text = await invoiceText(0);
    expect(text).toContain(calendarDate('2026-03-01', 'en'));
    expect(text).toContain(calendarDate('2026-03-31', 'en'));
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/v2/payments/brokers/all?list=active',
      headers: world.staff.sessions.accountant.headers,
    });
    const row = list
      .json<BrokerPaymentListResponse>()
      .results.find((r) => r.id === world.payments.brokerFirst);
    expect(row).toMatchObject({
      invoice_date: '2026-03-01',
      invoiced_at: '2026-03-02T01:30:00.000Z',
      due_date: '2026-03-31',
    });

    const firstSent = clock;
    clock = new Date('2026-03-09T15:00:00Z');
    expect((await sendInvoice(world.loads.first)).json<ReportSendResponse>()).toMatchObject({ sent: 1 });
    expect(await brokerPayment(world.loads.first)).toEqual({
      invoiced_at: firstSent,
      invoice_date: '2026-03-01',
    });
    expect(await invoiceText(1)).toContain(calendarDate('2026-03-01', 'en'));
  });

  it('leaves an invoice that failed to go out undated', async () => {
    clock = new Date('2026-03-02T15:00:00Z');
    smtp.refuse.add(BROKER_EMAIL);
    expect((await sendInvoice(world.loads.second)).json<ReportSendResponse>()).toMatchObject({ failed: 1 });
    expect(await brokerPayment(world.loads.second)).toEqual({
      invoiced_at: null,
      invoice_date: '2026-02-12',
    });
  });
});
