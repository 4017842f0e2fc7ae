import type { LoadDetail, LoadFastCreateInput } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/test-app';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { apiCreateLoad, createBody, createWorld, hoursFromNow, LOADS_API } from './loads.fixtures';

const { database, testApp, world } = setUpTestApp(createWorld);

const post = (
  path: string,
  payload: unknown,
  headers: Record<string, string> = world.sessions.dispatcher.headers,
) => testApp.app.inject({ method: 'POST', url: `${LOADS_API}/${path}`, headers, payload: payload as object });

const loadCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('loads')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('company_id', '=', world.company.id)
        .executeTakeFirstOrThrow()
    ).count,
  );

const activeDetail = (id: number) =>
  testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/active/${id}`,
    headers: world.sessions.dispatcher.headers,
  });

/** A board load as stored (the load lists and pages do not show it), with its points. */
async function boardLoad(id: number) {
  const row = await database.db
    .selectFrom('loads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const points = await database.db
    .selectFrom('load_points')
    .select(['point_order', 'type', 'city', 'country', 'is_active'])
    .where('load_id', '=', id)
    .orderBy('point_order')
    .execute();
  return {
    row,
    points: points.map((point) => [
      point.point_order,
      point.type,
      point.city,
      point.country,
      point.is_active,
    ]),
  };
}

const brokerNamed = (name: string) =>
  database.db
    .selectFrom('broker_companies')
    .select(['id', 'company_id', 'name', 'is_otr', 'mc_number', 'rating_requested_at', 'last_posted_at'])
    .where('name', '=', name)
    .executeTakeFirst();

async function detail(id: number): Promise<LoadDetail> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/active/${id}`,
    headers: world.sessions.dispatcher.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoadDetail>();
}

describe('POST loads/create', () => {
  it('answers the id; the load waits to be accepted with its first point active, money in cents', async () => {
    const recorder = recordEvents(testApp.bus);
    const response = await post(
      'create',
      createBody(world, {
        driver: world.drivers[0]!.id,
        car_id: world.vehicles[0]!.id,
        broker_price: 1500,
        driver_price: '$1,100.25',
      }),
    );
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    expect(Object.keys(response.json<object>())).toEqual(['id']);

    const load = await detail(id);
    expect(load).toMatchObject({
      status: 1,
      status_name: 'Waiting to accept',
      accounting_status: null,
      pays: 1200.5,
      broker_price: 1500,
      driver_price: 1100.25,
      driver: { id: world.drivers[0]!.id },
      car: { id: world.vehicles[0]!.id },
      dispatcher: { id: world.users.dispatcher.id },
      rateconf_ref: 'RC-1001',
      note: 'Call before arrival',
      isUrgent: true,
      dock_level: true,
    });
    expect(load.points.map((point) => point.is_active)).toEqual([true, false]);
    const row = await database.db
      .selectFrom('loads')
      .select(['pays_cents', 'broker_price_cents', 'driver_price_cents', 'source', 'created_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      pays_cents: 120050,
      broker_price_cents: 150000,
      driver_price_cents: 110025,
      source: 'manual',
      created_by: world.users.dispatcher.id,
    });
    // The vehicle is On load while the load is active with it.
    const vehicle = await database.db
      .selectFrom('vehicles')
      .select('status')
      .where('id', '=', world.vehicles[0]!.id)
      .executeTakeFirstOrThrow();
    expect(vehicle.status).toBe(3);
    expect(recorder.events).toEqual([
      {
        event: 'update_loads',
        data: { ids: [id], action: 'create' },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7],
      },
      {
        event: 'car_status_change',
        data: { id: world.vehicles[0]!.id, status: { id: 3, name: 'On load' } },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7, 8],
      },
    ]);
  });

  it('numbers loads one after another within the company', async () => {
    // Booked at once (a driver named), so that the load pages show them.
    const booked = () => createBody(world, { driver: world.drivers[1]!.id });
    const first = await detail(await apiCreateLoad(testApp.app, world.sessions.dispatcher, booked()));
    const second = await detail(await apiCreateLoad(testApp.app, world.sessions.manager, booked()));
    expect(second.load_accounting_number).toBe(first.load_accounting_number! + 1);
    expect(second.dispatcher?.id).toBe(world.users.manager.id);
  });

  it('answers 400 with the form rules and their texts, and creates nothing', async () => {
    const before = await loadCount();
    const points = createBody(world).points;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ broker_name: '' }, 'broker_name', 'This field is required'],
      [{ broker_phone: '555-12-34' }, 'broker_phone', 'Must be a US phone number, e.g. (555) 123-4567'],
      [{ reply_email: 'nobody' }, 'reply_email', 'Email must be valid'],
      [{ weight: 1_000_000 }, 'weight', 'Must be at most 999999'],
      [{ pieces: 'many' }, 'pieces', 'Must be a number'],
      [{ height: 1000 }, 'height', 'Must be at most 999'],
      [{ length: '' }, 'length', 'This field is required'],
      [{ note: 'x'.repeat(301) }, 'note', 'Must have at most 300 characters'],
      [{ pays: 'lots' }, 'pays', 'Must be an amount of money'],
      [{ car: 'SPACESHIP' }, 'car', 'Choose a vehicle type from the list'],
      [{ points: [points[0]] }, 'points', 'A load needs a pick-up and a delivery point'],
      [{ points: [{ ...points[0]!, state: undefined }, points[1]] }, 'points.0.state', 'Choose a state'],
      [
        { points: [{ ...points[0]!, lat: null, lon: null }, points[1]] },
        'points.0.lat',
        'Choose an address from the suggestions',
      ],
      [
        { points: [points[0], { ...points[1]!, type: 'pick_up' }] },
        'points.1.type',
        'The last point must be a delivery',
      ],
      [
        { delivery_datetime: hoursFromNow(-48) },
        'delivery_datetime',
        'Delivery date must not be earlier than the first point date',
      ],
      [
        { delivery_datetime: `${new Date().getUTCFullYear() + 2}-01-15T12:00:00-05:00` },
        'delivery_datetime',
        'Delivery date must not be later than December 31 of next year',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await post('create', { ...createBody(world), ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ fields: Record<string, string[]> }>().fields[field], field).toEqual([message]);
    }
    expect(await loadCount()).toBe(before);
  });

  it("answers 400 naming the field for another company's broker, driver, vehicle or dispatcher", async () => {
    const other = await createCompany(database.db);
    const [theirBroker] = await database.db
      .insertInto('broker_companies')
      .values({ company_id: other.id, name: 'Theirs' })
      .returning('id')
      .execute();
    const [theirDriver] = await database.db
      .insertInto('drivers')
      .values({ company_id: other.id, first_name: 'T', last_name: 'D' })
      .returning('id')
      .execute();
    const theirDispatcher = await createUser(database.db, { companyId: other.id, role: 5 });
    const before = await loadCount();
    for (const [change, field, message] of [
      [
        { accounting_broker_company: theirBroker!.id },
        'accounting_broker_company',
        'Choose one of your broker companies.',
      ],
      [{ broker_company: theirBroker!.id }, 'broker_company', 'Choose one of your broker companies.'],
      [{ driver: theirDriver!.id }, 'driver', 'Choose one of your drivers.'],
      [{ car_id: 999_999 }, 'car_id', 'Choose one of your vehicles.'],
      [{ dispatcher: theirDispatcher.id }, 'dispatcher', 'Choose one of your dispatchers.'],
      [{ dispatcher: world.users.tracker.id }, 'dispatcher', 'Choose one of your dispatchers.'],
    ] as const) {
      const response = await post('create', createBody(world, change));
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ fields: { [field]: [message] } });
    }
    expect(await loadCount()).toBe(before);
  });

  it('is for admins, managers and dispatchers (the add-load menu entry)', async () => {
    for (const role of ['tracker', 'accountant', 'hr'] as const) {
      const response = await post('create', createBody(world), world.sessions[role].headers);
      expect(response.statusCode, role).toBe(403);
    }
    expect((await post('create', createBody(world), world.sessions.admin.headers)).statusCode).toBe(200);
    expect((await post('create', createBody(world), {})).statusCode).toBe(401);
  });
});

describe('POST loads/create: board or booked', () => {
  it('without a vehicle and a driver the load goes to the board, in none of the four lists', async () => {
    const recorder = recordEvents(testApp.bus);
    const startedAt = Date.now();
    const id = await apiCreateLoad(testApp.app, world.sessions.dispatcher, createBody(world));
    recorder.stop();
    const { row } = await boardLoad(id);
    expect(row).toMatchObject({
      status: 1,
      board_status: 'posted',
      source: 'manual',
      driver_id: null,
      vehicle_id: null,
      dispatcher_id: world.users.dispatcher.id,
      created_by: world.users.dispatcher.id,
    });
    expect(row.posted_at!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect((await activeDetail(id)).statusCode).toBe(404);
    const active = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/active?limit=500`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(active.json<{ results: { id: number }[] }>().results.map((load) => load.id)).not.toContain(id);
    expect(recorder.events).toEqual([
      expect.objectContaining({
        event: 'update_loadboard',
        companyId: world.company.id,
        data: { load: expect.objectContaining({ id }) as unknown },
      }),
    ]);
  });

  it('with a vehicle and a driver it is booked at once: Waiting to accept in the active list', async () => {
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { driver: world.drivers[1]!.id, car_id: world.vehicles[1]!.id }),
    );
    const { row } = await boardLoad(id);
    expect(row).toMatchObject({ board_status: null, posted_at: null, vehicle_id: world.vehicles[1]!.id });
    expect(await detail(id)).toMatchObject({ id, status: 1, car: { id: world.vehicles[1]!.id } });
  });
});

describe('POST loads/create: broker_company as the form sends it', () => {
  const brokerCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('broker_companies')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('company_id', '=', world.company.id)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it("a name of one of the company's brokers links it, whatever its case and spaces", async () => {
    const before = await brokerCount();
    const name = `  ${world.brokers[0]!.name.toUpperCase()} `;
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { broker_company: name }),
    );
    expect((await boardLoad(id)).row.broker_company_id).toBe(world.brokers[0]!.id);
    expect(await brokerCount()).toBe(before);
  });

  it("an id links that broker, as a number or as the picker's { id, name }", async () => {
    for (const ref of [world.brokers[1]!.id, { id: world.brokers[1]!.id, name: world.brokers[1]!.name }]) {
      const id = await apiCreateLoad(
        testApp.app,
        world.sessions.dispatcher,
        createBody(world, { broker_company: ref as never }),
      );
      expect((await boardLoad(id)).row.broker_company_id).toBe(world.brokers[1]!.id);
    }
  });

  it('an unknown name adds the broker (unknown until rated, in the rating queue) and links it', async () => {
    const before = await brokerCount();
    const name = `Arrive Logistics ${Date.now()}`;
    const recorder = recordEvents(testApp.bus);
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { broker_company: name }),
    );
    recorder.stop();
    const broker = await brokerNamed(name);
    expect(broker).toMatchObject({ company_id: world.company.id, is_otr: false, mc_number: null });
    expect(broker!.rating_requested_at).not.toBeNull();
    // A board load is the broker's posting: its last posting is now.
    expect(broker!.last_posted_at).not.toBeNull();
    expect((await boardLoad(id)).row.broker_company_id).toBe(broker!.id);
    expect(await brokerCount()).toBe(before + 1);
    expect(recorder.events.map((event) => event.event)).toEqual(['update_units', 'update_loadboard']);
    expect(recorder.events[0]!.data).toEqual({ kind: 'broker_company', ids: [broker!.id] });
  });

  it("another company's broker name adds a broker of the caller's company, never links theirs", async () => {
    const other = await createCompany(database.db);
    const theirName = `Their Broker ${Date.now()}`;
    const [theirs] = await database.db
      .insertInto('broker_companies')
      .values({ company_id: other.id, name: theirName })
      .returning('id')
      .execute();
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { broker_company: theirName, driver: world.drivers[1]!.id }),
    );
    const { row } = await boardLoad(id);
    expect(row.broker_company_id).not.toBe(theirs!.id);
    const ours = await database.db
      .selectFrom('broker_companies')
      .select(['id', 'last_posted_at'])
      .where('company_id', '=', world.company.id)
      .where('name', '=', theirName)
      .executeTakeFirstOrThrow();
    expect(row.broker_company_id).toBe(ours.id);
    // A load booked at once is not a posting of the broker.
    expect(ours.last_posted_at).toBeNull();
  });

  it('answers 400 naming broker_company for what is neither a name nor an id, and creates nothing', async () => {
    const before = await loadCount();
    for (const [value, message] of [
      [-3, 'Must be an id'],
      [1.5, 'Must be an id'],
      ['x'.repeat(201), 'Must have at most 200 characters'],
      [true, 'Must be a broker company name or id'],
    ] as const) {
      const response = await post('create', createBody(world, { broker_company: value as never }));
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json(), String(value)).toMatchObject({ fields: { broker_company: [message] } });
    }
    expect(await loadCount()).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('answers the first result to a retry with the same key and caller, creating one load', async () => {
    const before = await loadCount();
    const recorder = recordEvents(testApp.bus);
    const headers = { ...world.sessions.dispatcher.headers, 'idempotency-key': 'dialog-open-1' };
    const body = createBody(world);
    const first = await post('create', body, headers);
    const retry = await post('create', body, headers);
    recorder.stop();
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await loadCount()).toBe(before + 1);
    // Without a vehicle and a driver the load goes to the board: one update_loadboard, for the first only.
    expect(recorder.events.filter((event) => event.event === 'update_loadboard')).toHaveLength(1);
  });

  it('is per caller and per operation: another user or fast-create with the key creates its own load', async () => {
    const before = await loadCount();
    const key = { 'idempotency-key': 'shared-key' };
    const mine = await post('create', createBody(world), { ...world.sessions.dispatcher.headers, ...key });
    const theirs = await post('create', createBody(world), { ...world.sessions.manager.headers, ...key });
    const fast = await post('fast-create', fastBody(), { ...world.sessions.dispatcher.headers, ...key });
    expect(
      new Set([
        mine.json<{ id: number }>().id,
        theirs.json<{ id: number }>().id,
        fast.json<{ id: number }>().id,
      ]).size,
    ).toBe(3);
    expect(await loadCount()).toBe(before + 3);
  });

  it('forgets a key after 24 hours', async () => {
    let clock = new Date();
    const clocked = await buildTestApp(database.db, {
      now: () => clock,
      auth: { accessTokenTtlSeconds: 3 * 24 * 60 * 60 },
    });
    try {
      const session = await login(clocked.app, world.users.dispatcher.email, world.users.dispatcher.password);
      const body = fastBody();
      const send = () =>
        clocked.app.inject({
          method: 'POST',
          url: `${LOADS_API}/fast-create`,
          headers: { ...session.headers, 'idempotency-key': 'day-old' },
          payload: body,
        });
      const first = (await send()).json<{ id: number }>().id;
      clock = new Date(clock.getTime() + 23 * 60 * 60 * 1000);
      expect((await send()).json<{ id: number }>().id).toBe(first);
      clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
      const later = await send();
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json<{ id: number }>().id).not.toBe(first);
    } finally {
      await clocked.close();
    }
  });

  it('stores nothing for a failed request, so the retry runs', async () => {
    const headers = { ...world.sessions.dispatcher.headers, 'idempotency-key': 'fails-first' };
    expect((await post('create', createBody(world, { broker_name: '' }), headers)).statusCode).toBe(400);
    const retry = await post('create', createBody(world), headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 400 naming the header for a malformed key', async () => {
    const response = await post('create', createBody(world), {
      ...world.sessions.dispatcher.headers,
      'idempotency-key': 'x'.repeat(256),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { 'Idempotency-Key': [expect.any(String)] } });
  });
});

function fastBody(overrides: Partial<LoadFastCreateInput> = {}): LoadFastCreateInput {
  return {
    pick_up: {
      address: 'Chicago, IL 60601',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60601',
      country: 'US',
      lat: 41.8781,
      lon: -87.6298,
      date: hoursFromNow(5),
    },
    deliver_to: {
      address: 'Toronto, ON M5H',
      city: 'Toronto',
      state: 'ON',
      zip_code: 'M5H',
      country: 'CA',
      lat: 43.6532,
      lon: -79.3832,
      date: hoursFromNow(20),
    },
    car: 'BOX TRUCK',
    broker_company: world.brokers[0]!.id,
    broker_name: 'Quick Post',
    pays: '$2,000',
    ...overrides,
  };
}

describe('POST loads/fast-create', () => {
  it('posts a waiting load to the board with a pick-up and a delivery from the two places', async () => {
    const recorder = recordEvents(testApp.bus);
    const response = await post('fast-create', fastBody());
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    const load = await boardLoad(id);
    expect(load.row).toMatchObject({
      status: 1,
      board_status: 'posted',
      source: 'loadboard',
      vehicle_type: 'BOX TRUCK',
      pays_cents: 200000,
      broker_price_cents: 0,
      broker_company_id: world.brokers[0]!.id,
      broker_name: 'Quick Post',
      broker_phone: null,
      weight: null,
      driver_id: null,
      vehicle_id: null,
      dispatcher_id: world.users.dispatcher.id,
      working_group_id: world.team.id,
    });
    expect(load.row.posted_at).not.toBeNull();
    expect(load.points).toEqual([
      [1, 'pick_up', 'Chicago', 'US', true],
      [2, 'deliver_to', 'Toronto', 'CA', false],
    ]);
    expect(load.row.miles).toBeGreaterThan(400);
    // On the board, in none of the four lists.
    expect((await activeDetail(id)).statusCode).toBe(404);
    expect(recorder.events.map((event) => event.event)).toEqual(['update_loadboard']);
  });

  it('takes the broker company by name too: a known one is linked, an unknown one added', async () => {
    const known = await post(
      'fast-create',
      fastBody({ broker_company: world.brokers[0]!.name.toLowerCase() }),
    );
    expect((await boardLoad(known.json<{ id: number }>().id)).row.broker_company_id).toBe(
      world.brokers[0]!.id,
    );
    const name = `Quick Freight ${Date.now()}`;
    const added = await post('fast-create', fastBody({ broker_company: name }));
    expect(added.statusCode, added.body).toBe(200);
    const broker = await brokerNamed(name);
    expect((await boardLoad(added.json<{ id: number }>().id)).row.broker_company_id).toBe(broker!.id);
  });

  it('answers 400 naming the field', async () => {
    for (const [body, field] of [
      [fastBody({ car: undefined as never }), 'car'],
      [fastBody({ deliver_to: { ...fastBody().deliver_to, date: hoursFromNow(1) } }), 'deliver_to.date'],
      [fastBody({ pick_up: { ...fastBody().pick_up, state: 'ON' } }), 'pick_up.state'],
      [fastBody({ broker_company: 999_999 }), 'broker_company'],
    ] as const) {
      const response = await post('fast-create', body);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields), field).toContain(field);
    }
  });
});
