import { createHash } from 'node:crypto';
import type { InvitationInfo, InvitationSent } from '@app/domain/bids/driver-bids.schema';
import type { ApiError } from '@app/domain/common/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createCompany, createUser, insertDriver, insertOwner, insertVehicle } from '../../../test/factories';
import { createStaff } from '../../../test/staff';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import {
  startTestSmtpServer,
  TEST_SMTP_USER,
  type TestSmtpServer,
} from '../../integrations/mail/mail.fixtures';
import { call } from '../bids/driver-bids.fixtures';

let offsetMs = 0;
const DAY = 24 * 3600_000;

async function createWorld(db: Db, app: App) {
  const company = await createCompany(db, { name: 'Blue Line Carriers' });
  const staff = await createStaff(db, app, company.id, {
    manager: 4,
    dispatcher: 5,
    hr: 8,
    tracker: 6,
    accountant: 7,
  });
  const otherCompany = await createCompany(db);
  const otherDriver = await insertDriver(db, otherCompany.id, { email: 'theirs@example.test' });
  return { company, staff, otherDriver };
}

const { database, testApp, world } = setUpTestApp(createWorld, {
  now: () => new Date(Date.now() + offsetMs),
});
const recorded = recordEventsOfEachTest(testApp);
const app = () => testApp.app;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const settings = smtp.settings();
  await database.db
    .updateTable('companies')
    .set({
      smtp_host: settings.host,
      smtp_port: settings.port,
      smtp_secure: false,
      smtp_user: settings.user,
      smtp_password: settings.password,
      smtp_from: settings.from,
    })
    .where('id', '=', world.company.id)
    .execute();
});
afterAll(async () => smtp.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function invite(
  kind: 'drivers' | 'owners',
  id: number,
  body: object = {},
  session = world.staff.sessions.dispatcher,
) {
  return call<InvitationSent & ApiError>(app(), session, 'POST', `users/${kind}/${id}/invite`, body);
}

/** The token of the last invitation e-mail to the address. */
function tokenMailedTo(email: string): string {
  const mail = [...smtp.received].reverse().find((item) => item.envelopeTo.includes(email));
  const match = /\/driver\/invite\/([A-Za-z0-9_-]{43})/.exec(mail?.email.text ?? '');
  if (!match?.[1]) throw new Error(`No invitation mailed to ${email}`);
  return match[1];
}

const check = (token: string) =>
  call<InvitationInfo & ApiError>(app(), null, 'GET', `invitations/check?token=${token}`);
const accept = (token: string, password = 'driver-pass-1') =>
  call<{ email: string } & ApiError>(app(), null, 'POST', 'invitations/accept', { token, password });

describe('a driver invited from the card signs in to the driver page', () => {
  it('mails a link that works once, stores the token hashed, and makes a role 10 user linked to the driver', async () => {
    const driver = await insertDriver(database.db, world.company.id, {
      first_name: 'Dan',
      last_name: 'Wheeler',
      email: 'Dan.Wheeler@Example.test',
    });
    const sent = await invite('drivers', driver.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ email: 'dan.wheeler@example.test', delivery: 'sent', link: null });
    const expires = new Date(sent.body.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(7 * DAY - 60_000);
    expect(expires).toBeLessThanOrEqual(7 * DAY);

    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo).toEqual(['dan.wheeler@example.test']);
    expect(mail.user).toBe(TEST_SMTP_USER);
    expect(mail.email.subject).toContain('Blue Line Carriers');
    expect(mail.email.text).toContain('Hello Dan,');
    expect(mail.email.text).toContain('Здравствуйте, Dan!');
    const token = tokenMailedTo('dan.wheeler@example.test');
    expect(mail.email.text).toContain(`http://localhost:80/driver/invite/${token}`);
    const stored = await database.db
      .selectFrom('invitations')
      .select('token_hash')
      .where('id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(token));
    expect(stored.token_hash).not.toContain(token);

    const info = await check(token);
    expect(info.body).toMatchObject({
      email: 'dan.wheeler@example.test',
      first_name: 'Dan',
      last_name: 'Wheeler',
      company_name: 'Blue Line Carriers',
      kind: 'driver',
    });

    const short = await accept(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.fields?.password).toEqual(['Password too short']);

    const accepted = await accept(token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ email: 'dan.wheeler@example.test' });
    const session = await login(app(), 'dan.wheeler@example.test', 'driver-pass-1');
    expect(session.body.user).toMatchObject({ role: 10 });
    const linked = await database.db
      .selectFrom('drivers')
      .select('user_id')
      .where('id', '=', driver.id)
      .executeTakeFirstOrThrow();
    expect(linked.user_id).toBe(session.body.user.id);
    expect(recorded.events.find((event) => event.event === 'update_units')?.data).toEqual({
      kind: 'driver',
      ids: [driver.id],
    });

    const again = await accept(token, 'another-pass-2');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'invitation_used',
      detail: 'This invitation has already been used. Sign in with your e-mail and password.',
    });
    expect((await check(token)).body.code).toBe('invitation_used');
    // A person who signs in already gets no other invitation.
    expect((await invite('drivers', driver.id)).body.code).toBe('invitation_has_sign_in');
  });

  it('refuses a link more than 7 days old, and a link a newer invitation replaced', async () => {
    const driver = await insertDriver(database.db, world.company.id, { email: 'late@example.test' });
    await invite('drivers', driver.id);
    const first = tokenMailedTo('late@example.test');
    await invite('drivers', driver.id, {}, world.staff.sessions.manager);
    const second = tokenMailedTo('late@example.test');
    expect(second).not.toBe(first);
    expect((await accept(first)).body.code).toBe('invitation_expired');

    offsetMs = 7 * DAY + 60_000;
    try {
      const late = await accept(second);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({
        code: 'invitation_expired',
        detail: 'This invitation has expired. Ask your dispatcher to send a new one.',
      });
    } finally {
      offsetMs = 0;
    }
    const users = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@example.test')
      .execute();
    expect(users).toEqual([]);
  });

  it('sends to the e-mail given, and without SMTP settings keeps it and answers the link', async () => {
    const driver = await insertDriver(database.db, world.company.id);
    expect((await invite('drivers', driver.id)).body).toMatchObject({
      code: 'invitation_email_missing',
      fields: { email: ['Enter the e-mail to send the invitation to.'] },
    });
    const company = await createCompany(database.db);
    const { sessions } = await createStaff(database.db, app(), company.id, { manager: 4 });
    const theirDriver = await insertDriver(database.db, company.id);
    const kept = await invite('drivers', theirDriver.id, { email: 'no-smtp@example.test' }, sessions.manager);
    expect(kept.status).toBe(200);
    expect(kept.body.delivery).toBe('kept');
    expect(kept.body.link).toMatch(/\/driver\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = kept.body.link!.split('/').at(-1)!;
    expect((await check(token)).body.email).toBe('no-smtp@example.test');
  });

  it("refuses an e-mail a user has, another company's driver (404) and roles outside the invitation roles", async () => {
    const user = await createUser(database.db, { email: 'taken@example.test' });
    const driver = await insertDriver(database.db, world.company.id);
    const taken = await invite('drivers', driver.id, { email: user.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('invitation_email_taken');
    expect((await invite('drivers', world.otherDriver.id)).status).toBe(404);
    expect(
      (await invite('drivers', driver.id, { email: 'x@example.test' }, world.staff.sessions.tracker)).status,
    ).toBe(403);
    expect(
      (await invite('drivers', driver.id, { email: 'x@example.test' }, world.staff.sessions.accountant))
        .status,
    ).toBe(403);
    expect((await invite('drivers', driver.id, { email: 'not-an-email' })).body.fields?.email).toBeDefined();
    expect((await check('a'.repeat(43))).status).toBe(404);
    expect((await check('short')).status).toBe(400);
  });
});

describe('an invited owner', () => {
  it('signs in as a driver (role 10) linked through owners.user_id and sees the vehicles owned', async () => {
    const owner = await insertOwner(database.db, world.company.id, {
      first_name: 'Olga',
      email: 'olga@fleet.test',
    });
    const vehicle = await insertVehicle(database.db, world.company.id, { owner_id: owner.id });
    const sent = await invite('owners', owner.id, {}, world.staff.sessions.hr);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const token = tokenMailedTo('olga@fleet.test');
    expect((await check(token)).body.kind).toBe('owner');
    expect((await accept(token, 'owner-pass-1')).status).toBe(200);
    const session = await login(app(), 'olga@fleet.test', 'owner-pass-1');
    expect(session.body.user).toMatchObject({ role: 10 });
    const vehicles = await call<{ results: { id: number; as: string }[] }>(
      app(),
      session,
      'GET',
      'driver-portal/vehicles',
    );
    expect(vehicles.body.results).toEqual([expect.objectContaining({ id: vehicle.id, as: 'owner' })]);
  });
});
