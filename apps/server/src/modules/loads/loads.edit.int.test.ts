import type {
  LoadActiveUpdateInput,
  Load,
  LoadDetail,
  LoadListResponse,
} from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import {
  apiCreateLoad,
  bookedBody,
  createBody,
  createWorld,
  hoursFromNow,
  insertLoad,
  LOADS_API,
} from './loads.fixtures';

const { database, testApp, world } = setUpTestApp(createWorld);

function send(method: 'PUT' | 'PATCH' | 'GET', path: string, session: Session, payload?: object) {
  return testApp.app.inject({
    method,
    url: `${LOADS_API}/${path}`,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
}

async function detail(id: number): Promise<LoadDetail> {
  const response = await send('GET', `active/${id}`, world.sessions.admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoadDetail>();
}

/** The edit form of a saved load, as the form sends it. */
function editBody(load: Load, overrides: Partial<LoadActiveUpdateInput> = {}): LoadActiveUpdateInput {
  return {
    accounting_broker_company: load.accounting_broker_company?.id ?? null,
    broker_name: load.broker_name ?? '',
    broker_phone: load.broker_phone ?? '',
    reply_email: load.reply_email ?? '',
    rateconf_ref: load.rateconf_ref ?? '',
    pays: load.pays,
    weight: load.weight,
    pieces: load.pieces,
    length: load.length,
    width: load.width,
    height: load.height,
    car: load.vehicle_type,
    note: load.note,
    dock_level: load.dock_level,
    isDanger: load.isDanger,
    isUrgent: load.isUrgent,
    isCanPutOnTop: load.isCanPutOnTop,
    equipment: load.equipment,
    pick_up_datetime: load.pick_up_datetime,
    delivery_datetime: load.delivery_datetime,
    points: load.points.map((point) => ({
      id: point.id,
      address: point.address,
      city: point.city,
      state: point.state,
      zip_code: point.zip_code,
      country: point.country,
      lat: point.lat,
      lon: point.lon,
      date: point.date,
      order: point.order,
      type: point.type,
      is_active: point.is_active,
    })),
    ...overrides,
  };
}

describe('PUT loads/active/{id}/edit', () => {
  it('saves the form, replaces points (saved ones keep their id) and writes each change to the history', async () => {
    const id = await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world));
    const load = await detail(id);
    const [pickUp, delivery] = load.points;
    const stop = {
      address: '1 Stop Rd, Austin, TX',
      city: 'Austin',
      state: 'TX',
      zip_code: null,
      country: 'US' as const,
      lat: 30.2672,
      lon: -97.7431,
      date: hoursFromNow(30),
      order: 2,
      type: 'deliver_to' as const,
      is_active: false,
    };
    const recorder = recordEvents(testApp.bus);
    const response = await send(
      'PUT',
      `active/${id}/edit`,
      world.sessions.dispatcher,
      editBody(load, {
        broker_name: 'New Contact',
        note: null,
        pays: '$1,300',
        accounting_broker_company: world.brokers[1]!.id,
        points: [{ ...editBody(load).points[0]! }, stop, { ...editBody(load).points[1]!, order: 3 }],
      }),
    );
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Load>();
    expect(saved).toMatchObject({
      broker_name: 'New Contact',
      note: null,
      pays: 1300,
      accounting_broker_company: { id: world.brokers[1]!.id },
      // broker_company is not part of the edit and stays.
      broker_company: { id: world.brokers[0]!.id },
    });
    expect(
      saved.points.map((point) => [
        point.id === pickUp!.id,
        point.id === delivery!.id,
        point.city,
        point.is_active,
      ]),
    ).toEqual([
      [true, false, 'Dallas', true],
      [false, false, 'Austin', false],
      [false, true, 'Houston', false],
    ]);
    expect(saved.miles).toBeGreaterThan(load.miles!);
    expect(recorder.events).toEqual([
      {
        event: 'update_loads',
        data: { ids: [id], action: 'edit' },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7],
      },
    ]);
    const history = (await detail(id)).history.filter((entry) => entry.action === 'edit');
    expect(history.map((entry) => entry.field)).toEqual([
      'accounting_broker_company',
      'broker_name',
      'pays',
      'note',
      'points',
    ]);
    expect(history.find((entry) => entry.field === 'pays')).toMatchObject({ before: 1200.5, after: 1300 });
    expect(history.find((entry) => entry.field === 'note')).toMatchObject({
      before: 'Call before arrival',
      after: null,
    });
    expect(history[0]!.user?.id).toBe(world.users.dispatcher.id);
  });

  it("answers 409 with the spec's texts: an active point cannot be removed, nor a load saved without one", async () => {
    const id = await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world));
    const load = await detail(id);
    const body = editBody(load);
    const extraPickUp = { ...body.points[0]!, id: undefined, address: '5 Elm St, Dallas, TX' };
    const withoutActive = await send('PUT', `active/${id}/edit`, world.sessions.dispatcher, {
      ...body,
      points: [
        { ...extraPickUp, order: 1, is_active: false },
        { ...body.points[1]!, order: 2 },
      ],
    });
    expect(withoutActive.statusCode).toBe(409);
    expect(withoutActive.json()).toEqual({
      detail: "You can't remove an active load point.",
      code: 'active_point_removed',
    });

    const noneActive = await send('PUT', `active/${id}/edit`, world.sessions.dispatcher, {
      ...body,
      points: body.points.map((point) => ({ ...point, is_active: false })),
    });
    expect(noneActive.statusCode).toBe(409);
    expect(noneActive.json()).toEqual({
      detail: "You can't save a load without an active point. Please reload the page.",
      code: 'active_point_required',
    });
    expect((await detail(id)).points).toEqual(load.points);
  });

  it('answers 400 for the active form rules and for a point of another load', async () => {
    const id = await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world));
    const other = await detail(
      await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world)),
    );
    const load = await detail(id);
    const cases: [Partial<LoadActiveUpdateInput>, string, string][] = [
      [{ rateconf_ref: '' }, 'rateconf_ref', 'This field is required'],
      [
        { accounting_broker_company: null },
        'accounting_broker_company',
        'Choose the accounting broker company',
      ],
      [
        { accounting_broker_company: 999_999 },
        'accounting_broker_company',
        'Choose one of your broker companies.',
      ],
      [{ broker_phone: 'call me' }, 'broker_phone', 'Must be a US phone number, e.g. (555) 123-4567'],
      [
        { points: [editBody(load).points[0]!, { ...editBody(other).points[1]! }] },
        'points.1.id',
        'This point is not on the load; reload the page.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await send(
        'PUT',
        `active/${id}/edit`,
        world.sessions.dispatcher,
        editBody(load, change),
      );
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ fields: Record<string, string[]> }>().fields[field], field).toEqual([message]);
    }
    expect((await detail(id)).updated_date).toBe(load.updated_date);
  });

  it('edits active loads only (409) and is not for trackers (403)', async () => {
    const id = await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world));
    const load = await detail(id);
    expect((await send('PUT', `active/${id}/edit`, world.sessions.tracker, editBody(load))).statusCode).toBe(
      403,
    );
    await database.db.updateTable('loads').set({ status: 8 }).where('id', '=', id).execute();
    const refused = await send('PUT', `active/${id}/edit`, world.sessions.dispatcher, editBody(load));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Only an active load can be edited.',
      code: 'load_edit_not_active',
    });
  });
});

describe('change-driver and change-responsible', () => {
  it("gives the load to the company's driver and their vehicle; vehicle statuses follow", async () => {
    const [first, second] = world.vehicles;
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { driver: world.drivers[0]!.id, car_id: first!.id }),
    );
    const recorder = recordEvents(testApp.bus);
    const response = await send('PUT', `${id}/change-driver`, world.sessions.dispatcher, {
      new_driver: world.drivers[1]!.id,
    });
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Load>()).toMatchObject({
      driver: { id: world.drivers[1]!.id },
      car: { id: second!.id },
    });
    const statuses = await database.db
      .selectFrom('vehicles')
      .select(['id', 'status'])
      .where('id', 'in', [first!.id, second!.id])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: first!.id, status: 1 },
      { id: second!.id, status: 3 },
    ]);
    expect(recorder.events).toContainEqual({
      event: 'car_status_change',
      data: { id: second!.id, status: { id: 3, name: 'On load' } },
      companyId: world.company.id,
      roles: [3, 4, 5, 6, 7, 8],
    });
    const history = (await detail(id)).history;
    expect(history.find((entry) => entry.action === 'change_driver')).toMatchObject({
      field: 'driver',
      before: { id: world.drivers[0]!.id },
      after: { id: world.drivers[1]!.id },
    });
    expect(history.find((entry) => entry.action === 'change_vehicle')).toMatchObject({
      before: { id: first!.id, unit_id: first!.unit_id },
      after: { id: second!.id, unit_id: second!.unit_id },
    });

    const other = await createCompany(database.db);
    const [theirDriver] = await database.db
      .insertInto('drivers')
      .values({ company_id: other.id, first_name: 'T', last_name: 'D' })
      .returning('id')
      .execute();
    const refused = await send('PUT', `${id}/change-driver`, world.sessions.dispatcher, {
      new_driver: theirDriver!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { new_driver: ['Choose one of your drivers.'] } });
    const missing = await send('PUT', `${id}/change-driver`, world.sessions.dispatcher, { new_driver: null });
    expect(missing.json()).toMatchObject({ fields: { new_driver: ['This field is required'] } });
    const checkout = await insertLoad(database.db, world.company.id, { status: 8 });
    const notActive = await send('PUT', `${checkout}/change-driver`, world.sessions.dispatcher, {
      new_driver: world.drivers[0]!.id,
    });
    expect(notActive.json()).toEqual({
      detail: 'The driver can be changed only on an active load.',
      code: 'driver_change_not_active',
    });
  });

  it("gives the load to the company's dispatcher and their team", async () => {
    const id = await insertLoad(database.db, world.company.id, {
      status: 8,
      dispatcherId: world.users.manager.id,
    });
    const response = await send('PUT', `${id}/change-responsible`, world.sessions.manager, {
      new_dispatcher: world.users.dispatcher.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Load>()).toMatchObject({
      dispatcher: { id: world.users.dispatcher.id },
      working_group: world.team.id,
      subgroup: world.team.subgroupId,
    });
    expect((await detail(id)).history.at(-1)).toMatchObject({
      action: 'change_responsible',
      before: { id: world.users.manager.id },
      after: { id: world.users.dispatcher.id },
    });
    for (const candidate of [world.users.tracker.id, 999_999]) {
      const refused = await send('PUT', `${id}/change-responsible`, world.sessions.manager, {
        new_dispatcher: candidate,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        fields: { new_dispatcher: ['Choose one of your dispatchers.'] },
      });
    }
    const completed = await insertLoad(database.db, world.company.id, { status: 10 });
    const notAllowed = await send('PUT', `${completed}/change-responsible`, world.sessions.manager, {
      new_dispatcher: world.users.dispatcher.id,
    });
    expect(notAllowed.statusCode).toBe(409);
  });
});

describe('PUT loads/active/{id}/email-notifications', () => {
  it('saves the settings and their history; Active needs e-mails and something to report', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 3 });
    const response = await send('PUT', `active/${id}/email-notifications`, world.sessions.dispatcher, {
      email_notifications_status: 'Active',
      email_notifications_interval: 60,
      email_notifications_location_flag: true,
      email_notifications_load_status_flag: false,
      email_notifications_type: 'interval',
      location_update_emails: ['Ops@Broker.test', 'ops@broker.test', 'track@broker.test'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Load>()).toMatchObject({
      email_notifications_status: 'Active',
      email_notifications_interval: 60,
      email_notifications_location_flag: true,
      email_notifications_type: 'interval',
      location_update_emails: ['ops@broker.test', 'track@broker.test'],
    });
    const history = (await detail(id)).history.filter((entry) => entry.action === 'email_notifications');
    expect(history.map((entry) => entry.field)).toContain('email_notifications_status');

    const incomplete = await send('PUT', `active/${id}/email-notifications`, world.sessions.dispatcher, {
      email_notifications_status: 'Active',
      email_notifications_type: 'interval',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json<{ fields: object }>().fields).sort()).toEqual([
      'email_notifications_interval',
      'email_notifications_location_flag',
      'location_update_emails',
    ]);
    const halted = await send('PUT', `active/${id}/email-notifications`, world.sessions.dispatcher, {
      email_notifications_status: 'Halted',
    });
    expect(halted.json<Load>().email_notifications_status).toBe('Halted');
  });
});

describe('PUT loads/{id}/edit-driver-info', () => {
  it("changes the name and phone of the load's driver", async () => {
    const [driver] = await database.db
      .insertInto('drivers')
      .values({
        company_id: world.company.id,
        first_name: 'Old',
        last_name: 'Name',
        phone_number: '555-000-0000',
      })
      .returning('id')
      .execute();
    const id = await insertLoad(database.db, world.company.id, { status: 2, driverId: driver!.id });
    const response = await send('PUT', `${id}/edit-driver-info`, world.sessions.dispatcher, {
      first_name: 'New',
      last_name: 'Person',
      phone_number: '+1 555-222-3333',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Load>().driver).toEqual({
      id: driver!.id,
      full_name: 'New Person',
      phone_number: '+1 555-222-3333',
    });
    expect((await detail(id)).history.filter((entry) => entry.action === 'edit_driver_info')).toHaveLength(3);

    const bad = await send('PUT', `${id}/edit-driver-info`, world.sessions.dispatcher, {
      first_name: 'A',
      last_name: 'B',
      phone_number: '12',
    });
    expect(bad.json()).toMatchObject({
      fields: { phone_number: ['Must be a US phone number, e.g. (555) 123-4567'] },
    });
    const noDriver = await insertLoad(database.db, world.company.id, { status: 2 });
    const refused = await send('PUT', `${noDriver}/edit-driver-info`, world.sessions.dispatcher, {
      first_name: 'A',
      last_name: 'B',
      phone_number: '5552223333',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'The load has no driver.', code: 'load_without_driver' });
  });
});

describe('PATCH loads/completed/{id}/edit', () => {
  it('changes only the fields sent, on a completed load, for admins, managers and accountants', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 10, rateconfRef: 'OLD' });
    const response = await send('PATCH', `completed/${id}/edit`, world.sessions.accountant, {
      broker_price: '$1,050.75',
      load_accounting_week: 12,
      rateconf_ref: 'NEW-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Load>()).toMatchObject({
      broker_price: 1050.75,
      driver_price: 800,
      load_accounting_week: 12,
      rateconf_ref: 'NEW-1',
    });
    const history = (await detail(id)).history.filter((entry) => entry.action === 'edit_completed');
    expect(history.map((entry) => [entry.field, entry.before, entry.after])).toEqual([
      ['broker_price', 1000, 1050.75],
      ['load_accounting_week', null, 12],
      ['rateconf_ref', 'OLD', 'NEW-1'],
    ]);
    const nothing = await send('PATCH', `completed/${id}/edit`, world.sessions.accountant, {});
    expect(nothing.json()).toMatchObject({ code: 'validation_error', detail: 'Nothing to change' });
    expect(
      (await send('PATCH', `completed/${id}/edit`, world.sessions.dispatcher, { note: 'x' })).statusCode,
    ).toBe(403);
    const active = await insertLoad(database.db, world.company.id, { status: 3 });
    const refused = await send('PATCH', `completed/${active}/edit`, world.sessions.accountant, { note: 'x' });
    expect(refused.json()).toEqual({
      detail: 'Only a completed load can be edited here.',
      code: 'completed_edit_not_completed',
    });
  });
});

describe('GET loads/drivers/history', () => {
  it("lists the driver's loads in every list, newest first; another company's driver is 404", async () => {
    const [driver] = await database.db
      .insertInto('drivers')
      .values({ company_id: world.company.id, first_name: 'H', last_name: 'Istory' })
      .returning('id')
      .execute();
    const ids = [];
    for (const status of [2, 8, 10, 12] as const) {
      ids.push(await insertLoad(database.db, world.company.id, { status, driverId: driver!.id }));
    }
    await insertLoad(database.db, world.company.id, { status: 2 });
    const response = await send('GET', `drivers/history?driver_id=${driver!.id}&limit=3`, world.sessions.hr);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<LoadListResponse>();
    expect(body.count).toBe(4);
    expect(body.results.map((load) => load.id)).toEqual(ids.reverse().slice(0, 3));

    const other = await createCompany(database.db);
    const [theirs] = await database.db
      .insertInto('drivers')
      .values({ company_id: other.id, first_name: 'X', last_name: 'Y' })
      .returning('id')
      .execute();
    expect((await send('GET', `drivers/history?driver_id=${theirs!.id}`, world.sessions.hr)).statusCode).toBe(
      404,
    );
    expect((await send('GET', 'drivers/history', world.sessions.hr)).json()).toMatchObject({
      fields: { driver_id: expect.any(Array) as string[] },
    });
    const conflictManager = await createUser(database.db, { companyId: world.company.id, role: 13 });
    const conflictSession = await login(testApp.app, conflictManager.email, conflictManager.password);
    expect((await send('GET', `drivers/history?driver_id=${driver!.id}`, conflictSession)).statusCode).toBe(
      403,
    );
    const stranger = await createUser(database.db, { companyId: other.id, role: 4 });
    const session = await login(testApp.app, stranger.email, stranger.password);
    expect((await send('GET', `drivers/history?driver_id=${driver!.id}`, session)).statusCode).toBe(404);
  });
});
