import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOwner } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { createSmtpMailer } from '../../integrations/mail/mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../../integrations/mail/mail.fixtures';
import { insertLoad } from '../loads/loads.fixtures';
import { createPaymentsService } from '../payments/payments.service';
import { createReportsService } from './reports.service';
import type { ReportsDeps } from './reports.deps';
import { createReportsWorld, OWNER_EMAIL, WEEK } from './reports.fixtures';

// The scheduled pay sheets: two server processes (two job instances on one database) check at the same
// moment; the week's pay sheets go out once, the week is closed and the run is recorded.

const { testApp, world, database } = setUpTestApp(createReportsWorld);

let smtp: TestSmtpServer;
let clock = new Date();

function unused(): never {
  throw new Error('not used by the scheduled pay sheets');
}

/** One server process's reports, as app.ts makes them (with only what the schedule reads). */
function serverProcess(processId: string) {
  const db = database.db;
  const payments = createPaymentsService({
    db,
    bus: testApp.bus,
    now: () => clock,
    loads: { changeAccountingWeek: unused },
  });
  const deps: ReportsDeps = {
    db,
    bus: testApp.bus,
    now: () => clock,
    mailer: createSmtpMailer(),
    batchMailer: () => createSmtpMailer({ pool: true }),
    accounting: { listOfLoads: unused, income: unused, incomeDetail: unused, brokerPayments: unused },
    payments: {
      ownerPaySheet: (caller, id) => payments.ownerPaySheet(caller, id),
      owners: (caller, query) => payments.ownersList(caller, query),
      dispatchers: (caller, query) => payments.dispatchersList(caller, query),
      closeWeek: async (trx, companyId, year, week, userId) =>
        (await payments.closeWeek(trx, companyId, year, week, userId)).events,
      invoiceSent: unused,
    },
    loads: { openFile: unused },
    brokers: { billingOf: unused },
  };
  return createReportsService(deps, { processId });
}

// Fridays at 10:00 Eastern. Friday 20 February 2026 10:00 EST is 15:00 UTC: week 7 is then due.
const DUE = new Date('2026-02-20T15:00:00Z');

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const settings = smtp.settings();
  await database.db
    .updateTable('companies')
    .set({
      smtp_host: settings.host,
      smtp_port: settings.port,
      smtp_user: settings.user,
      smtp_password: settings.password,
      smtp_from: settings.from,
      paysheet_weekday: 4,
      paysheet_time: '10:00',
    })
    .where('id', '=', world.company.id)
    .execute();
  // A second owner of the week without an e-mail address: the sheet cannot go out and counts as failed.
  const owner = await insertOwner(database.db, world.company.id, { first_name: 'Nora', last_name: 'Nomail' });
  const load = await insertLoad(database.db, world.company.id, { status: 10 });
  const vehicle = await database.db
    .insertInto('vehicles')
    .values({ company_id: world.company.id, unit_id: 'T-202', transport_type: 'VAN', owner_id: owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .updateTable('loads')
    .set({ vehicle_id: vehicle.id, load_accounting_week: WEEK.week, load_accounting_year: WEEK.year })
    .where('id', '=', load)
    .execute();
  await database.db
    .insertInto('payments')
    .values({ company_id: world.company.id, type: 'owner', owner_id: owner.id, ...WEEK })
    .execute();
});
afterAll(() => smtp.close());

beforeEach(async () => {
  smtp.received.length = 0;
  await database.db.deleteFrom('paysheet_runs').execute();
  await database.db.deleteFrom('report_sends').execute();
  await database.db.deleteFrom('accounting_weeks').execute();
  await database.db.updateTable('payments').set({ amount_cents: null }).execute();
});

const runs = () => database.db.selectFrom('paysheet_runs').selectAll().execute();

describe('the scheduled pay sheets', () => {
  it('wait for the schedule: a minute before it nothing is claimed or sent', async () => {
    clock = new Date(DUE.getTime() - 60_000);
    expect(await serverProcess('one').runScheduledPaySheets()).toEqual([]);
    expect(await runs()).toEqual([]);
    expect(smtp.received).toHaveLength(0);
  });

  it('go out once when two processes check at the same moment, and close the week', async () => {
    clock = DUE;
    const [first, second] = await Promise.all([
      serverProcess('one').runScheduledPaySheets(),
      serverProcess('two').runScheduledPaySheets(),
    ]);
    const outcomes = [...first, ...second];
    expect(outcomes).toEqual([{ companyId: world.company.id, year: 2026, week: 7, sent: 1, failed: 1 }]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.envelopeTo).toEqual([OWNER_EMAIL]);
    expect(smtp.received[0]!.email.subject).toBe('Pay sheet: Иван Петров, week 7 of 2026');

    const [run] = await runs();
    expect(run).toMatchObject({ company_id: world.company.id, year: 2026, week: 7, sent: 1, failed: 1 });
    expect(['one', 'two']).toContain(run!.claimed_by);
    expect(run!.finished_at).toBeInstanceOf(Date);
    const sent = await database.db.selectFrom('report_sends').selectAll().orderBy('state', 'desc').execute();
    expect(sent.map((row) => [row.kind, row.state, row.sent_by, row.to_email])).toEqual([
      ['paysheet', 'sent', null, OWNER_EMAIL],
      ['paysheet', 'failed', null, ''],
    ]);
    expect(sent[1]!.error).toBe('no_recipient');
    // The week is closed and its pay frozen: 1,500.00 + 950.25 + 150.00 + the 50.00 bonus.
    const closed = await database.db.selectFrom('accounting_weeks').selectAll().execute();
    expect(closed).toEqual([expect.objectContaining({ company_id: world.company.id, year: 2026, week: 7 })]);
    const frozen = await database.db
      .selectFrom('payments')
      .select('amount_cents')
      .where('id', '=', world.payments.owner)
      .executeTakeFirstOrThrow();
    expect(Number(frozen.amount_cents)).toBe(265_025);

    // Later checks of the week send nothing more.
    clock = new Date(DUE.getTime() + 60_000);
    expect(await serverProcess('one').runScheduledPaySheets()).toEqual([]);
    expect(smtp.received).toHaveLength(1);
  });

  it('leave another company alone and keep to the week just ended', async () => {
    clock = DUE;
    await serverProcess('one').runScheduledPaySheets();
    const claimed = await runs();
    expect(claimed.map((run) => run.company_id)).toEqual([world.company.id]);
    // The other carrier has no schedule: its owner's week stays open.
    const otherWeek = await database.db
      .selectFrom('accounting_weeks')
      .selectAll()
      .where('company_id', '=', world.other.id)
      .execute();
    expect(otherWeek).toEqual([]);
  });

  it('are taken over from a process that died mid-run, without mailing an owner twice', async () => {
    clock = DUE;
    const claimedAt = new Date(DUE.getTime() - 31 * 60_000);
    await database.db
      .insertInto('paysheet_runs')
      .values({ company_id: world.company.id, ...WEEK, claimed_by: 'dead', claimed_at: claimedAt })
      .execute();
    await database.db
      .insertInto('report_sends')
      .values({
        company_id: world.company.id,
        kind: 'paysheet',
        payment_id: world.payments.owner,
        to_email: OWNER_EMAIL,
        subject: 'Pay sheet',
        state: 'sent',
        sent_at: new Date(claimedAt.getTime() + 1000),
      })
      .execute();
    const outcomes = await serverProcess('three').runScheduledPaySheets();
    expect(outcomes).toEqual([{ companyId: world.company.id, year: 2026, week: 7, sent: 1, failed: 1 }]);
    expect(smtp.received).toHaveLength(0);
    expect(await runs()).toEqual([expect.objectContaining({ claimed_by: 'three', sent: 1, failed: 1 })]);
  });
});
