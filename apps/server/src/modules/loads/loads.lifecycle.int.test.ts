import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Load, LoadDetail } from '@app/domain/loads/loads.schema';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import {
  apiCreateLoad,
  bookedBody,
  createBody,
  createWorld,
  insertLoad,
  LOADS_API,
  uploadDocument,
  type World,
} from './loads.fixtures';

const { database, testApp, world } = setUpTestApp(createWorld);

const DOCUMENTS_MESSAGE = 'Next documents needs to be uploaded before status changing';

function put(path: string, session: Session, payload?: object) {
  return testApp.app.inject({
    method: 'PUT',
    url: `${LOADS_API}/${path}`,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
}

async function detail(id: number): Promise<LoadDetail> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/active/${id}`,
    headers: world.sessions.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoadDetail>();
}

async function loadRow(id: number) {
  return database.db
    .selectFrom('loads')
    .select([
      'status',
      'accounting_status',
      'delivered_at',
      'completed_at',
      'canceled_at',
      'broker_price_cents',
      'driver_price_cents',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function vehicleStatus(id: number) {
  return (
    await database.db.selectFrom('vehicles').select('status').where('id', '=', id).executeTakeFirstOrThrow()
  ).status;
}

async function next(id: number, session: Session = world.sessions.dispatcher) {
  return put(`${id}/set-next-status`, session);
}

const activeOrders = (load: Load) =>
  load.points.filter((point) => point.is_active).map((point) => point.order);

describe('moving a load from Waiting to accept to Completed', () => {
  it('goes one step at a time, asking for the documents of each status, and only managers and dispatchers deliver', async () => {
    const vehicle = world.vehicles[0]!.id;
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { driver: world.drivers[0]!.id, car_id: vehicle }),
    );
    expect(await vehicleStatus(vehicle)).toBe(3);

    // Rate confirmation before In Transit to Pick-up.
    const recorder = recordEvents(testApp.bus);
    const refused = await next(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: DOCUMENTS_MESSAGE,
      code: 'documents_required',
      fields: { missing_documents: ['rate_confirmation'] },
    });
    expect((await loadRow(id))?.status).toBe(1);
    expect(recorder.events).toEqual([]);
    await uploadDocument(testApp.app, world.sessions.dispatcher, id, 'rate_confirmation');
    recorder.events.length = 0;

    const moved = await next(id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Load>()).toMatchObject({ status: 2, status_name: 'In Transit to Pick-up' });
    expect(recorder.events).toEqual([
      {
        event: 'load_status_change',
        data: { id, status: 2, old_status: 1, accounting_status: null },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7],
      },
      {
        event: 'update_loads',
        data: { ids: [id], action: 'status' },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7],
      },
      // The load status notification of the team lead (the dispatcher made the move).
      expect.objectContaining({
        event: 'new_notice',
        companyId: world.company.id,
        userIds: [world.users.manager.id],
      }),
    ]);
    recorder.stop();

    // A tracker moves statuses too; bill of lading before Loaded.
    expect((await next(id, world.sessions.tracker)).json<Load>().status).toBe(3);
    expect((await next(id)).json()).toMatchObject({
      detail: DOCUMENTS_MESSAGE,
      fields: { missing_documents: ['bill_of_lading'] },
    });
    await uploadDocument(testApp.app, world.sessions.tracker, id, 'bill_of_lading');
    const loaded = (await next(id)).json<Load>();
    expect(loaded.status).toBe(4);
    // Loaded: the pick-up is done, the delivery is the active point.
    expect(activeOrders(loaded)).toEqual([2]);
    expect((await next(id)).json<Load>().status).toBe(5);
    expect((await next(id)).json<Load>().status).toBe(6);
    expect(activeOrders((await next(id)).json<Load>())).toEqual([2]);
    expect((await loadRow(id))?.status).toBe(7);

    // Proof of delivery before Delivered.
    expect((await next(id)).json()).toMatchObject({ fields: { missing_documents: ['proof_of_delivery'] } });
    await uploadDocument(testApp.app, world.sessions.dispatcher, id, 'proof_of_delivery');
    for (const role of ['tracker', 'admin'] as const) {
      const response = await next(id, world.sessions[role]);
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Only managers and dispatchers can switch a load to Delivered.',
        code: 'delivered_role_forbidden',
      });
    }
    expect((await loadRow(id))?.status).toBe(7);

    const delivered = await next(id, world.sessions.manager);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json<Load>()).toMatchObject({ status: 8, accounting_status: 1 });
    expect(activeOrders(delivered.json<Load>())).toEqual([]);
    const deliveredRow = await loadRow(id);
    expect(deliveredRow?.delivered_at).toBeInstanceOf(Date);
    // The vehicle left its only active load.
    expect(await vehicleStatus(vehicle)).toBe(1);

    const completed = (await next(id)).json<Load>();
    expect(completed).toMatchObject({ status: 10, status_name: 'Completed', accounting_status: 8 });
    expect((await loadRow(id))?.completed_at).toBeInstanceOf(Date);

    const beyond = await next(id);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({
      detail: 'A completed load cannot move forward.',
      code: 'load_completed_forward',
    });

    // Every move is in the history: who, what before, what after.
    const history = (await detail(id)).history.filter((entry) => entry.action === 'status');
    expect(history.map((entry) => [entry.before, entry.after])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
      [6, 7],
      [7, 8],
      [8, 10],
    ]);
    expect(history[1]!.user?.id).toBe(world.users.tracker.id);
    expect(history[6]!.user?.id).toBe(world.users.manager.id);
    const uploads = (await detail(id)).history.filter((entry) => entry.action === 'upload_file');
    expect(uploads.map((entry) => (entry.after as { file_type: string }).file_type)).toEqual([
      'rate_confirmation',
      'bill_of_lading',
      'proof_of_delivery',
    ]);
  });

  it('steps back one status at a time, undoing what a move between lists set', async () => {
    const vehicle = world.vehicles[1]!.id;
    const id = await insertLoad(database.db, world.company.id, { status: 10, vehicleId: vehicle });
    await database.db
      .updateTable('loads')
      .set({ accounting_status: 8, delivered_at: new Date(), completed_at: new Date() })
      .where('id', '=', id)
      .execute();

    const toDelivered = await put(`${id}/set-prev-status`, world.sessions.dispatcher);
    expect(toDelivered.json<Load>()).toMatchObject({ status: 8, accounting_status: 1 });
    expect(await loadRow(id)).toMatchObject({ completed_at: null, delivered_at: expect.any(Date) as Date });

    const toUnloaded = await put(`${id}/set-prev-status`, world.sessions.dispatcher);
    expect(toUnloaded.json<Load>()).toMatchObject({ status: 7, accounting_status: null });
    expect(activeOrders(toUnloaded.json<Load>())).toEqual([2]);
    expect(await loadRow(id)).toMatchObject({ delivered_at: null });
    expect(await vehicleStatus(vehicle)).toBe(3);

    const waiting = await insertLoad(database.db, world.company.id, { status: 1 });
    const refused = await put(`${waiting}/set-prev-status`, world.sessions.dispatcher);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'A load waiting to accept cannot move back.',
      code: 'load_waiting_back',
    });
  });

  it("follows the company's table of required documents", async () => {
    const company = await createCompany(database.db);
    await database.db
      .updateTable('companies')
      .set({ required_documents: JSON.stringify({ 3: ['other'] }) })
      .where('id', '=', company.id)
      .execute();
    const manager = await createUser(database.db, { companyId: company.id, role: 4 });
    const session = await login(testApp.app, manager.email, manager.password);
    const id = await insertLoad(database.db, company.id, { status: 1 });
    expect((await next(id, session)).json<Load>().status).toBe(2);
    expect((await next(id, session)).json()).toMatchObject({
      detail: DOCUMENTS_MESSAGE,
      fields: { missing_documents: ['other'] },
    });
  });

  it('checks the role before the state: 403 for an accountant on a completed load', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 10 });
    const response = await next(id, world.sessions.accountant);
    expect(response.statusCode).toBe(403);
  });
});

describe('TONU, cancel, change price, restore', () => {
  it('TONU sets status 9 with both prices, in checkout; a canceled load cannot be marked TONU', async () => {
    const id = await insertLoad(database.db, world.company.id, {
      status: 3,
      vehicleId: world.vehicles[1]!.id,
    });
    const recorder = recordEvents(testApp.bus);
    const response = await put(`active/${id}/tonu`, world.sessions.dispatcher, {
      broker_price: '$250',
      driver_price: 150.5,
    });
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Load>()).toMatchObject({
      status: 9,
      status_name: 'TONU',
      broker_price: 250,
      driver_price: 150.5,
      accounting_status: 1,
    });
    expect(recorder.events[0]).toEqual({
      event: 'load_status_change',
      data: { id, status: 9, old_status: 3, accounting_status: 1 },
      companyId: world.company.id,
      roles: [3, 4, 5, 6, 7],
    });
    const history = (await detail(id)).history.filter((entry) => entry.action === 'tonu');
    expect(history.map((entry) => [entry.field, entry.before, entry.after])).toEqual([
      ['status', 3, 9],
      ['broker_price', 1000, 250],
      ['driver_price', 800, 150.5],
    ]);

    const canceled = await insertLoad(database.db, world.company.id, { status: 12 });
    const refused = await put(`active/${canceled}/tonu`, world.sessions.dispatcher, {
      broker_price: 1,
      driver_price: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'A canceled load cannot be marked TONU.',
      code: 'tonu_canceled',
    });
    expect((await loadRow(canceled))?.status).toBe(12);

    const missing = await put(`active/${id}/tonu`, world.sessions.dispatcher, { broker_price: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { driver_price: ['This field is required'] } });
  });

  it('cancel nullifies the payments: broker price 0, the driver price as given; then restore brings it back', async () => {
    const { id: vehicle } = await database.db
      .insertInto('vehicles')
      .values({ company_id: world.company.id, unit_id: 'CANCEL-1', transport_type: 'VAN', status: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertLoad(database.db, world.company.id, { status: 2, vehicleId: vehicle });
    const canceled = await put(`active/${id}/cancel`, world.sessions.dispatcher, { driver_price: 75 });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Load>()).toMatchObject({
      status: 12,
      accounting_status: 9,
      broker_price: 0,
      driver_price: 75,
    });
    expect((await loadRow(id))?.canceled_at).toBeInstanceOf(Date);
    expect(activeOrders(canceled.json<Load>())).toEqual([]);
    expect(await vehicleStatus(vehicle)).toBe(1);

    const again = await put(`active/${id}/cancel`, world.sessions.dispatcher, { driver_price: 75 });
    expect(again.json()).toEqual({ detail: 'The load is already canceled.', code: 'cancel_canceled' });

    const restored = await put(`${id}/restore`, world.sessions.dispatcher);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Load>()).toMatchObject({ status: 1, accounting_status: null });
    expect(activeOrders(restored.json<Load>())).toEqual([1]);
    expect((await loadRow(id))?.canceled_at).toBeNull();
    expect(await vehicleStatus(vehicle)).toBe(3);

    const notCanceled = await put(`${id}/restore`, world.sessions.dispatcher);
    expect(notCanceled.statusCode).toBe(409);
    expect(notCanceled.json()).toEqual({
      detail: 'Only a canceled load can be restored.',
      code: 'restore_not_canceled',
    });
  });

  it('change-price changes an active load only', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 5 });
    const response = await put(`active/${id}/change-price`, world.sessions.manager, {
      broker_price: '1,999.99',
      driver_price: '$1,500',
    });
    expect(response.json<Load>()).toMatchObject({ broker_price: 1999.99, driver_price: 1500 });
    expect(await loadRow(id)).toMatchObject({ broker_price_cents: 199999, driver_price_cents: 150000 });
    const checkout = await insertLoad(database.db, world.company.id, { status: 8 });
    const refused = await put(`active/${checkout}/change-price`, world.sessions.manager, {
      broker_price: 1,
      driver_price: 1,
    });
    expect(refused.json()).toEqual({
      detail: 'Prices can be changed only on an active load.',
      code: 'price_change_not_active',
    });
    const negative = await put(`active/${id}/change-price`, world.sessions.manager, {
      broker_price: -5,
      driver_price: 1,
    });
    expect(negative.json()).toMatchObject({ fields: { broker_price: ['Must be 0 or more'] } });
    expect(
      (await put(`active/${id}/change-price`, world.sessions.tracker, { broker_price: 1, driver_price: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('restore-as-copy makes a new waiting load for the driver and their vehicle', async () => {
    const original = await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world));
    await put(`active/${original}/cancel`, world.sessions.dispatcher, { driver_price: 0 });
    const driver = world.drivers[1]!;
    const response = await put(`${original}/restore-as-copy`, world.sessions.dispatcher, {
      driver: driver.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const copy = response.json<Load>();
    expect(copy.id).not.toBe(original);
    expect(copy).toMatchObject({
      status: 1,
      driver: { id: driver.id },
      car: { id: world.vehicles[1]!.id },
      rateconf_ref: 'RC-1001',
      broker_price: 1200.5,
      driver_price: 0,
    });
    expect(copy.points.map((point) => [point.city, point.is_active])).toEqual([
      ['Dallas', true],
      ['Houston', false],
    ]);
    const row = await database.db
      .selectFrom('loads')
      .select(['source', 'restored_from_id'])
      .where('id', '=', copy.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'copy', restored_from_id: original });
    expect((await loadRow(original))?.status).toBe(12);

    const other = await createCompany(database.db);
    const [theirDriver] = await database.db
      .insertInto('drivers')
      .values({ company_id: other.id, first_name: 'X', last_name: 'Y' })
      .returning('id')
      .execute();
    const refused = await put(`${original}/restore-as-copy`, world.sessions.dispatcher, {
      driver: theirDriver!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { driver: ['Choose one of your drivers.'] } });
    const notCanceled = await put(`${copy.id}/restore-as-copy`, world.sessions.dispatcher, {
      driver: driver.id,
    });
    expect(notCanceled.statusCode).toBe(409);
  });
});

describe('DELETE loads/{id}/delete', () => {
  it('deletes an active load with its files from storage, for admins and managers', async () => {
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { car_id: world.vehicles[0]!.id }),
    );
    await uploadDocument(testApp.app, world.sessions.dispatcher, id, 'rate_confirmation');
    const stored = await database.db
      .selectFrom('load_files')
      .select('storage_path')
      .where('load_id', '=', id)
      .executeTakeFirstOrThrow();
    const onDisk = join(testApp.config.dataDir, 'uploads', stored.storage_path);
    expect(existsSync(onDisk)).toBe(true);

    const del = (session: Session) =>
      testApp.app.inject({ method: 'DELETE', url: `${LOADS_API}/${id}/delete`, headers: session.headers });
    expect((await del(world.sessions.dispatcher)).statusCode).toBe(403);
    const recorder = recordEvents(testApp.bus);
    const response = await del(world.sessions.manager);
    recorder.stop();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'The load has been deleted.' });
    expect(await loadRow(id)).toBeUndefined();
    expect(existsSync(onDisk)).toBe(false);
    expect(recorder.events).toContainEqual({
      event: 'update_loads',
      data: { ids: [id], action: 'delete' },
      companyId: world.company.id,
      roles: [3, 4, 5, 6, 7],
    });
    expect((await del(world.sessions.manager)).statusCode).toBe(404);
  });

  it('refuses a delivered or completed load', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 8 });
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `${LOADS_API}/${id}/delete`,
      headers: world.sessions.admin.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'A delivered or completed load cannot be deleted.',
      code: 'load_delete_not_allowed',
    });
  });
});

describe("another company's loads", () => {
  it('answer 404 to every action', async () => {
    const other = await createCompany(database.db);
    const stranger = await createUser(database.db, { companyId: other.id, role: 4 });
    const session = await login(testApp.app, stranger.email, stranger.password);
    const id = await insertLoad(database.db, world.company.id, { status: 12 });
    const active = await insertLoad(database.db, world.company.id, { status: 2 });
    for (const [method, path, payload] of [
      ['PUT', `${active}/set-next-status`, undefined],
      ['PUT', `${active}/set-prev-status`, undefined],
      ['PUT', `active/${active}/tonu`, { broker_price: 1, driver_price: 1 }],
      ['PUT', `active/${active}/cancel`, { driver_price: 1 }],
      ['PUT', `active/${active}/change-price`, { broker_price: 1, driver_price: 1 }],
      ['PUT', `${id}/restore`, undefined],
      ['PUT', `${id}/restore-as-copy`, { driver: world.drivers[0]!.id }],
      ['DELETE', `${id}/delete`, undefined],
      ['PUT', `${active}/change-driver`, { new_driver: world.drivers[0]!.id }],
      ['PUT', `${active}/change-responsible`, { new_dispatcher: world.users.dispatcher.id }],
      ['PUT', `${active}/edit-driver-info`, { first_name: 'A', last_name: 'B', phone_number: '5551234567' }],
      ['PUT', `active/${active}/edit`, createBody(world)],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url: `${LOADS_API}/${path}`,
        headers: session.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, path).toBe(404);
    }
    expect((await loadRow(active))?.status).toBe(2);
    expect((await loadRow(id))?.status).toBe(12);
  });
});

describe('a failure half-way', () => {
  it('changes nothing and publishes nothing', async () => {
    const vehicle = world.vehicles[0]!.id;
    const id = await insertLoad(database.db, world.company.id, {
      status: 7,
      vehicleId: vehicle,
      files: ['proof_of_delivery'],
    });
    await database.db.updateTable('vehicles').set({ status: 3 }).where('id', '=', vehicle).execute();
    // The history row of this load's move fails after the load, its points and its vehicle were updated.
    await sql`CREATE FUNCTION fail_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'history is unavailable'; END $$`.execute(database.db);
    await sql`CREATE TRIGGER fail_history BEFORE INSERT ON load_history FOR EACH ROW
      WHEN (NEW.load_id = ${sql.lit(id)}) EXECUTE FUNCTION fail_history()`.execute(database.db);
    try {
      const before = await detail(id);
      const recorder = recordEvents(testApp.bus);
      const response = await next(id, world.sessions.manager);
      recorder.stop();
      expect(response.statusCode).toBe(500);
      expect(recorder.events).toEqual([]);
      const after = await detail(id);
      expect(after.status).toBe(7);
      expect(after.points).toEqual(before.points);
      expect(await loadRow(id)).toMatchObject({ accounting_status: null, delivered_at: null });
      expect(await vehicleStatus(vehicle)).toBe(3);
    } finally {
      await sql`DROP TRIGGER fail_history ON load_history`.execute(database.db);
      await sql`DROP FUNCTION fail_history()`.execute(database.db);
    }
  });
});

describe('who may do what', () => {
  type Call = [method: 'PUT' | 'PATCH' | 'DELETE', path: (id: number) => string, payload?: object];
  const calls: Record<string, Call> = {
    next: ['PUT', (id) => `${id}/set-next-status`],
    prev: ['PUT', (id) => `${id}/set-prev-status`],
    tonu: ['PUT', (id) => `active/${id}/tonu`, { broker_price: 1, driver_price: 1 }],
    cancel: ['PUT', (id) => `active/${id}/cancel`, { driver_price: 1 }],
    changePrice: ['PUT', (id) => `active/${id}/change-price`, { broker_price: 1, driver_price: 1 }],
    restore: ['PUT', (id) => `${id}/restore`],
    restoreAsCopy: ['PUT', (id) => `${id}/restore-as-copy`, { driver: 1 }],
    delete: ['DELETE', (id) => `${id}/delete`],
    changeDriver: ['PUT', (id) => `${id}/change-driver`, { new_driver: 1 }],
    changeResponsible: ['PUT', (id) => `${id}/change-responsible`, { new_dispatcher: 1 }],
    emailNotifications: [
      'PUT',
      (id) => `active/${id}/email-notifications`,
      { email_notifications_status: 'Inactive' },
    ],
    editDriverInfo: [
      'PUT',
      (id) => `${id}/edit-driver-info`,
      { first_name: 'A', last_name: 'B', phone_number: '5551234567' },
    ],
    editCompleted: ['PATCH', (id) => `completed/${id}/edit`, { note: 'x' }],
  };
  const call = async (name: string, id: number, session: Session) => {
    const [method, path, payload] = calls[name]!;
    return testApp.app.inject({
      method,
      url: `${LOADS_API}/${path(id)}`,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });
  };

  it('answers 403 to the roles an action is not for, before looking at the load', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 3 });
    const forbidden: [keyof World['sessions'], string[]][] = [
      [
        'tracker',
        [
          'tonu',
          'cancel',
          'changePrice',
          'restore',
          'restoreAsCopy',
          'delete',
          'changeDriver',
          'changeResponsible',
          'emailNotifications',
          'editDriverInfo',
          'editCompleted',
        ],
      ],
      ['accountant', ['next', 'prev', 'tonu', 'cancel', 'delete', 'changeDriver', 'emailNotifications']],
      ['hr', Object.keys(calls)],
      ['dispatcher', ['delete', 'editCompleted']],
    ];
    for (const [role, names] of forbidden) {
      for (const name of names) {
        const response = await call(name, id, world.sessions[role]);
        expect(response.statusCode, `${role} ${name}`).toBe(403);
      }
    }
    expect((await loadRow(id))?.status).toBe(3);
  });

  it("answers 409 with the domain's message when the load's state forbids the action", async () => {
    const tonu = await insertLoad(database.db, world.company.id, { status: 9 });
    const canceled = await insertLoad(database.db, world.company.id, { status: 12 });
    const checkout = await insertLoad(database.db, world.company.id, { status: 8 });
    const completed = await insertLoad(database.db, world.company.id, { status: 10, files: ['other'] });
    const [file] = await database.db
      .selectFrom('load_files')
      .select('id')
      .where('load_id', '=', completed)
      .execute();
    const cases: [string, number, string, string][] = [
      ['prev', tonu, 'A TONU load cannot move back.', 'load_tonu_back'],
      ['cancel', tonu, 'A TONU load cannot be canceled.', 'cancel_tonu'],
      ['next', canceled, 'A canceled load cannot change status. Restore it first.', 'load_canceled_status'],
      ['tonu', checkout, 'A delivered load cannot be marked TONU.', 'tonu_delivered'],
      ['emailNotifications', checkout, 'Only an active load can be edited.', 'load_edit_not_active'],
      [
        'editDriverInfo',
        completed,
        'The driver can be changed only on an active load.',
        'driver_change_not_active',
      ],
    ];
    for (const [name, id, message, code] of cases) {
      const response = await call(name, id, world.sessions.manager);
      expect(response.statusCode, name).toBe(409);
      expect(response.json(), name).toEqual({ detail: message, code });
    }
    const deleteFile = await testApp.app.inject({
      method: 'DELETE',
      url: `${LOADS_API}/files/${file!.id}/delete`,
      headers: world.sessions.manager.headers,
    });
    expect(deleteFile.json()).toEqual({
      detail: 'Files can be added only to an active load or one in checkout.',
      code: 'upload_not_allowed',
    });
    expect((await loadRow(tonu))?.status).toBe(9);
  });

  it('answers 404 to a user of another company for the e-mail settings and the completed edit', async () => {
    const other = await createCompany(database.db);
    const stranger = await createUser(database.db, { companyId: other.id, role: 3 });
    const session = await login(testApp.app, stranger.email, stranger.password);
    const active = await insertLoad(database.db, world.company.id, { status: 3 });
    const completed = await insertLoad(database.db, world.company.id, { status: 10 });
    expect((await call('emailNotifications', active, session)).statusCode).toBe(404);
    expect((await call('editCompleted', completed, session)).statusCode).toBe(404);
  });
});
