import type { Proposition } from '@app/domain/bids/bids.schema';
import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import {
  startTestSmtpServer,
  TEST_SMTP_PASSWORD,
  type TestSmtpServer,
} from '../../integrations/mail/mail.fixtures';
import {
  bidBody,
  call,
  createPropositionsWorld,
  insertBoardLoad,
  insertVehicleWithDriver,
  placeBid,
  vehicleStatus,
} from './propositions.fixtures';

// POST propositions/create: the bid, the e-mail to the broker from the company's template (kept without
// SMTP, sent over loopback with it), the authorised mailbox, the vehicle In bid, the board's event.

const { database, testApp, world } = setUpTestApp(createPropositionsWorld);
const recorded = recordEventsOfEachTest(testApp);
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

async function useSmtp(on: boolean, template: string | null = null) {
  const settings = smtp.settings();
  await database.db
    .updateTable('companies')
    .set({
      smtp_host: on ? settings.host : null,
      smtp_port: on ? settings.port : null,
      smtp_user: on ? settings.user : null,
      smtp_password: on ? settings.password : null,
      smtp_from: on ? settings.from : null,
      proposition_template: template,
    })
    .where('id', '=', world.company.id)
    .execute();
}

async function freshVehicle() {
  return insertVehicleWithDriver(database.db, world.company.id);
}

describe('POST propositions/create without SMTP', () => {
  it('keeps the proposition as sent, built from the default template, and puts the vehicle In bid', async () => {
    await useSmtp(false);
    const loadId = await insertBoardLoad(database.db, world.company.id, { brokerId: world.brokers[0]!.id });
    const { vehicleId, driverId, unitId } = await freshVehicle();
    const bid = await placeBid(
      testApp.app,
      world.sessions.dispatcher,
      bidBody(world, loadId, { car: vehicleId }),
    );

    expect(bid).toMatchObject({
      status: 1,
      price: 1850,
      driver_price: 1400,
      eta: 1800,
      email_to: 'loads@broker.test',
      delivery: 'kept',
      via_phone: false,
      vehicle: { id: vehicleId, unit_id: unitId, transport_type: 'SPRINTER' },
      driver: { id: driverId },
      dispatcher: { id: world.users.dispatcher.id },
      load: { id: loadId, board_status: 'posted', broker_company: { id: world.brokers[0]!.id } },
    });
    expect(bid.email_subject).toBe(`Load #${loadId} Dallas, TX - Houston, TX`);
    expect(bid.message).toContain('We can take this load for [bold]$1,850.00[/bold].');
    expect(bid.message).toMatch(
      /Arrival: \[bold\]\d\d\/\d\d \d\d:\d\d [AP]M - (\d\d\/\d\d )?\d\d:\d\d [AP]M EST\[\/bold\]/,
    );
    expect(bid.message).toContain('Now in Dallas, TX');
    expect(bid.message).toContain('Please call (555) 010-2020 to confirm.');
    expect(bid.load.points.map((point) => point.city)).toEqual(['Dallas', 'Houston']);
    expect(await vehicleStatus(database.db, vehicleId)).toBe(VEHICLE_STATUS.inBid);

    const names = recorded.events.map((event) => event.event);
    expect(names).toContain('dispatcher_bid');
    expect(names).toContain('car_status_change');
    const boardEvent = recorded.events.find((event) => event.event === 'dispatcher_bid');
    expect(boardEvent?.data).toMatchObject({
      load_id: loadId,
      dispatcher_bids_count: 1,
      dispatcher_bids: [{ id: bid.id }],
    });
  });

  it('answers 400 "Your email is not authorized" to a dispatcher without an authorised mailbox, changing nothing', async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id);
    for (const mailbox of [
      { working_gmail: null, in_gmail: false },
      { working_gmail: 'tracker@carrier.test', in_gmail: false },
    ]) {
      await database.db.updateTable('users').set(mailbox).where('id', '=', world.users.admin.id).execute();
      const response = await call(
        testApp.app,
        'POST',
        'propositions/create',
        world.sessions.admin,
        bidBody(world, loadId),
      );
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'email_not_authorized',
        detail: 'Your email is not authorized',
      });
    }
    const bids = await database.db.selectFrom('bids').select('id').where('load_id', '=', loadId).execute();
    expect(bids).toEqual([]);
    expect(recorded.events).toEqual([]);
  });

  it('lets a user authorise a working mailbox in the profile (PUT profile/me/update), then bid', async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const { vehicleId } = await freshVehicle();
    const profile = { first_name: 'Ann', last_name: 'Admin', lang: 'en' };
    await call(testApp.app, 'PUT', 'profile/me/update', world.sessions.admin, {
      ...profile,
      working_gmail: null,
    });
    const refused = await call(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.admin,
      bidBody(world, loadId, { car: vehicleId }),
    );
    expect(refused.body).toMatchObject({ code: 'email_not_authorized' });

    const bad = await call(testApp.app, 'PUT', 'profile/me/update', world.sessions.admin, {
      ...profile,
      working_gmail: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { working_gmail: ['Must be a valid e-mail'] } });

    const saved = await call<{ working_gmail: string; in_gmail: boolean }>(
      testApp.app,
      'PUT',
      'profile/me/update',
      world.sessions.admin,
      {
        ...profile,
        working_gmail: 'Ann.Admin@Carrier.test',
      },
    );
    expect(saved.body).toMatchObject({ working_gmail: 'ann.admin@carrier.test', in_gmail: true });
    const placed = await call(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.admin,
      bidBody(world, loadId, { car: vehicleId }),
    );
    expect(placed.status).toBe(200);
    // Left out, the mailbox stays authorised.
    const kept = await call<{ in_gmail: boolean }>(
      testApp.app,
      'PUT',
      'profile/me/update',
      world.sessions.admin,
      profile,
    );
    expect(kept.body.in_gmail).toBe(true);
  });

  it('refuses a load that is no longer on the board with 409, and one of another company as a bad load', async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id);
    await database.db.updateTable('loads').set({ board_status: 'booked' }).where('id', '=', loadId).execute();
    const booked = await call(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.dispatcher,
      bidBody(world, loadId),
    );
    expect(booked.status).toBe(409);
    expect(booked.body).toMatchObject({ code: 'load_already_booked' });

    const theirs = await call(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.dispatcher,
      bidBody(world, world.other.loadId),
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body).toMatchObject({ fields: { load: ['Choose a load of the load board'] } });

    const theirVehicle = await call(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.dispatcher,
      bidBody(world, await insertBoardLoad(database.db, world.company.id), { car: world.other.vehicleId }),
    );
    expect(theirVehicle.status).toBe(400);
    expect(theirVehicle.body).toMatchObject({ fields: { car: ['Choose a vehicle of your company'] } });
  });

  it('refuses a vehicle that is not available with 409 vehicle_cannot_bid naming the unit', async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const { vehicleId, unitId } = await freshVehicle();
    await database.db
      .updateTable('vehicles')
      .set({ status: VEHICLE_STATUS.notAvailable })
      .where('id', '=', vehicleId)
      .execute();
    const response = await call(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.dispatcher,
      bidBody(world, loadId, { car: vehicleId }),
    );
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'vehicle_cannot_bid',
      detail: `Unit ${unitId} cannot take a bid now: it is Not available.`,
      fields: { unit_id: [unitId], status: ['Not available'] },
    });
  });

  it('answers 400 naming the field for bad input and changes nothing', async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id, { replyEmail: null });
    const cases: [Record<string, unknown>, string][] = [
      [{ price: 0 }, 'price'],
      [{ price: 'lots' }, 'price'],
      [{ eta: -5 }, 'eta'],
      [{ email_to: 'not-an-address' }, 'email_to'],
      [{ car: 'x' }, 'car'],
      [{}, 'email_to'],
    ];
    for (const [change, field] of cases) {
      const response = await call<{ fields: Record<string, string[]> }>(
        testApp.app,
        'POST',
        'propositions/create',
        world.sessions.dispatcher,
        { ...bidBody(world, loadId), ...change },
      );
      expect(response.status, field).toBe(400);
      expect(Object.keys(response.body.fields)).toContain(field);
    }
    const bids = await database.db.selectFrom('bids').select('id').where('load_id', '=', loadId).execute();
    expect(bids).toEqual([]);
  });

  it('is refused to roles outside My bids (tracker 403)', async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const response = await call(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.tracker,
      bidBody(world, loadId),
    );
    expect(response.status).toBe(403);
  });

  it('answers the first proposition again for a repeated Idempotency-Key and sends one e-mail', async () => {
    await useSmtp(true);
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const { vehicleId } = await freshVehicle();
    const before = smtp.received.length;
    const headers = { 'idempotency-key': `bid-${loadId}` };
    const first = await call<Proposition>(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.dispatcher,
      bidBody(world, loadId, { car: vehicleId }),
      headers,
    );
    const again = await call<Proposition>(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.dispatcher,
      bidBody(world, loadId, { car: vehicleId }),
      headers,
    );
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(smtp.received.length).toBe(before + 1);
    const bids = await database.db.selectFrom('bids').select('id').where('load_id', '=', loadId).execute();
    expect(bids).toHaveLength(1);
    await useSmtp(false);
  });
});

describe('POST propositions/create with the company SMTP server', () => {
  it('sends the e-mail to the broker through it: subject, reply-to, bold price, arrival shown as EST', async () => {
    await useSmtp(
      true,
      'Rate: [bold]{brokerPrice}[/bold]\nUnit {internal_number} ({vehicle}), {miles} miles out\nArrival {arrival}\n{sign}',
    );
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const { vehicleId, unitId } = await freshVehicle();
    const bid = await placeBid(
      testApp.app,
      world.sessions.dispatcher,
      bidBody(world, loadId, {
        car: vehicleId,
        email_to: 'Rates@Broker.test',
        email_subject: 'Truck for your load',
      }),
    );
    expect(bid.delivery).toBe('sent');

    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo).toEqual(['rates@broker.test']);
    expect(mail.user).toBe('dispatch@carrier.test');
    expect(mail.email.subject).toBe('Truck for your load');
    expect(mail.email.replyTo?.[0]?.address).toBe(world.dispatcherMailbox);
    expect(mail.email.html).toContain('Rate: <b>$1,850.00</b>');
    expect(mail.email.text).toContain('Rate: $1,850.00');
    expect(mail.email.text).not.toContain('[bold]');
    expect(mail.email.text).toContain(`Unit ${unitId} (Sprinter), ${bid.miles_out} miles out`);
    expect(mail.email.text).toMatch(/Arrival \d\d\/\d\d \d\d:\d\d [AP]M - (\d\d\/\d\d )?\d\d:\d\d [AP]M EST/);
    expect(mail.raw).not.toContain(TEST_SMTP_PASSWORD);
    expect(bid.miles_out).toBeGreaterThan(150);
  });

  it('marks the proposition failed when the server refuses the broker, and keeps it', async () => {
    await useSmtp(true);
    smtp.refuse.add('gone@broker.test');
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const { vehicleId } = await freshVehicle();
    const bid = await placeBid(
      testApp.app,
      world.sessions.dispatcher,
      bidBody(world, loadId, { car: vehicleId, email_to: 'gone@broker.test' }),
    );
    expect(bid).toMatchObject({ delivery: 'failed', status: 1 });
    await useSmtp(false);
  });
});
