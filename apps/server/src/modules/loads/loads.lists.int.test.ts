import { LOAD_STATUS_IDS } from '@app/domain/common/lookups';
import type { LoadDetail, LoadListResponse } from '@app/domain/loads/loads.schema';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import { countingPlugin } from '../../../test/database-probes';
import { apiCreateLoad, createBody, createWorld, insertLoad, LOADS_API, type World } from './loads.fixtures';

const { database, testApp, world } = setUpTestApp(createWorld);

async function getList(path: string, session = world.sessions.dispatcher) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/${path}`,
    headers: session.headers,
  });
  return response;
}

async function listIds(path: string, session = world.sessions.dispatcher): Promise<number[]> {
  const response = await getList(path, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoadListResponse>().results.map((load) => load.id);
}

describe('the list a load is in', () => {
  it("is the domain's status class: below 8 active; 8, 9 checkout; 10, 11 completed; 12 canceled", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    const session = await login(testApp.app, admin.email, admin.password);
    const byStatus = new Map<number, number>();
    for (const status of LOAD_STATUS_IDS)
      byStatus.set(status, await insertLoad(database.db, company.id, { status }));

    const lists = {
      active: await listIds('active', session),
      checkout: await listIds('checkout', session),
      completed: await listIds('completed', session),
      canceled: await listIds('canceled', session),
    };
    expect(lists.active).toEqual([7, 6, 5, 4, 3, 2, 1].map((status) => byStatus.get(status)));
    expect(lists.checkout).toEqual([9, 8].map((status) => byStatus.get(status)));
    expect(lists.completed).toEqual([11, 10].map((status) => byStatus.get(status)));
    expect(lists.canceled).toEqual([byStatus.get(12)]);
    for (const status of LOAD_STATUS_IDS) {
      expect(lists[loadStatusClass(status)]).toContain(byStatus.get(status));
    }
  });

  it('keeps the stored list class and the list counts in step with the domain as statuses change', async () => {
    const company = await createCompany(database.db);
    const id = await insertLoad(database.db, company.id, { status: 1 });
    for (const status of LOAD_STATUS_IDS) {
      await database.db.updateTable('loads').set({ status }).where('id', '=', id).execute();
      const row = await database.db
        .selectFrom('loads')
        .select('list_class')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const expected = { active: 1, checkout: 2, completed: 3, canceled: 4 }[loadStatusClass(status)];
      expect(row.list_class, `status ${status}`).toBe(expected);
      const points = await database.db
        .selectFrom('load_points')
        .select('list_class')
        .where('load_id', '=', id)
        .execute();
      expect(points.map((point) => point.list_class)).toEqual([expected, expected]);
      const counts = await database.db
        .selectFrom('load_list_counts')
        .select(['list_class', 'load_count'])
        .where('company_id', '=', company.id)
        .where('load_count', '<>', 0)
        .execute();
      expect(counts).toEqual([{ list_class: expected, load_count: 1 }]);
    }
  });
});

describe('GET loads/{list}', () => {
  it('answers {count, results} with the load shape: padded number, status name, dollars, blacklisted broker', async () => {
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      // With a driver and a vehicle, so that it is booked at once instead of going on the load board.
      createBody(world, {
        broker_company: world.brokers[1]!.id,
        driver: world.drivers[0]!.id,
        car_id: world.vehicles[0]!.id,
      }),
    );
    const response = await getList(`active?search=${id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<LoadListResponse>();
    expect(body.count).toBe(1);
    const load = body.results[0]!;
    expect(load).toMatchObject({
      id,
      status: 1,
      status_name: 'Waiting to accept',
      pays: 1200.5,
      // Pays is the broker price of a load created without one.
      broker_price: 1200.5,
      broker_company: { id: world.brokers[1]!.id, in_blacklist: true },
      accounting_broker_company: { id: world.brokers[0]!.id, name: world.brokers[0]!.name },
      dispatcher: { id: world.users.dispatcher.id },
      working_group: world.team.id,
      subgroup: world.team.subgroupId,
      vehicle_type: 'SPRINTER',
      equipment: { straps: true },
      reply_email: 'dispatch@acme.test',
    });
    expect(load.load_accounting_number_display).toBe(String(load.load_accounting_number).padStart(6, '0'));
    expect(load.points.map((point) => [point.order, point.type, point.city, point.is_active])).toEqual([
      [1, 'pick_up', 'Dallas', true],
      [2, 'deliver_to', 'Houston', false],
    ]);
    // Dallas to Houston: the domain's route estimate (haversine / 0.86, in miles, floored), and 50 mph.
    expect(load.miles).toBe(261);
    expect(load.transit_time).toBe(5.22);
  });

  it('pages newest first with page and limit; an empty page keeps the count', async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    const session = await login(testApp.app, admin.email, admin.password);
    const ids: number[] = [];
    for (let index = 0; index < 7; index++)
      ids.push(await insertLoad(database.db, company.id, { status: 3 }));
    const newestFirst = [...ids].reverse();
    const page = async (query: string) =>
      (await getList(`active?${query}`, session)).json<LoadListResponse>();
    expect(await page('page=1&limit=3')).toMatchObject({ count: 7 });
    expect((await page('page=1&limit=3')).results.map((load) => load.id)).toEqual(newestFirst.slice(0, 3));
    expect((await page('page=3&limit=3')).results.map((load) => load.id)).toEqual(newestFirst.slice(6));
    expect(await page('page=4&limit=3')).toEqual({ count: 7, results: [] });
    expect((await page('')).results).toHaveLength(7);
  });

  it("pages a search newest first over the list's own loads alone", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    const session = await login(testApp.app, admin.email, admin.password);
    const tulsa: [string, string][] = [
      ['Tulsa', 'OK'],
      ['Wichita', 'KS'],
    ];
    const ids: number[] = [];
    for (let index = 0; index < 7; index++)
      ids.push(await insertLoad(database.db, company.id, { status: 3, points: tulsa }));
    // The same city in another list, in another company, and a load of the list elsewhere.
    await insertLoad(database.db, company.id, { status: 10, points: tulsa });
    await insertLoad(database.db, (await createCompany(database.db)).id, { status: 3, points: tulsa });
    await insertLoad(database.db, company.id, { status: 3 });
    const newestFirst = [...ids].reverse();
    const page = async (query: string) =>
      (await getList(`active?search=tulsa&${query}`, session)).json<LoadListResponse>();
    const first = await page('page=1&limit=3');
    expect(first.count).toBe(7);
    expect(first.results.map((load) => load.id)).toEqual(newestFirst.slice(0, 3));
    expect((await page('page=2&limit=3')).results.map((load) => load.id)).toEqual(newestFirst.slice(3, 6));
    expect((await page('page=3&limit=3')).results.map((load) => load.id)).toEqual(newestFirst.slice(6));
    expect(await page('page=4&limit=3')).toEqual({ count: 7, results: [] });
    const withState = await page('state=OK&limit=5');
    expect(withState.count).toBe(7);
    expect(withState.results.map((load) => load.id)).toEqual(newestFirst.slice(0, 5));
  });

  it('answers 400 naming the field for a bad page, limit, id filter, state or date range', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=501', 'limit'],
      ['dispatcher=abc', 'dispatcher'],
      ['state=ZZ', 'state'],
      ['pick_up_from=yesterday', 'pick_up_from'],
      ['delivery_from=2026-03-10&delivery_to=2026-03-01', 'delivery_to'],
    ] as const) {
      const response = await getList(`active?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fields: Record<string, string[]> }>().fields), query).toEqual([
        field,
      ]);
    }
  });

  it('is for the roles of the menu: checkout and completed are not for trackers; 401 without a token', async () => {
    expect((await getList('active', world.sessions.tracker)).statusCode).toBe(200);
    expect((await getList('canceled', world.sessions.tracker)).statusCode).toBe(200);
    expect((await getList('checkout', world.sessions.tracker)).statusCode).toBe(403);
    expect((await getList('completed', world.sessions.tracker)).statusCode).toBe(403);
    expect((await getList('completed', world.sessions.accountant)).statusCode).toBe(200);
    expect((await getList('active', world.sessions.hr)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: `${LOADS_API}/active` })).statusCode).toBe(401);
  });

  it("never shows another company's loads", async () => {
    const other = await createCompany(database.db);
    const theirs = await insertLoad(database.db, other.id, { status: 1 });
    const ours = await listIds('active?limit=500');
    expect(ours).not.toContain(theirs);
    // The number may be one of our loads' accounting numbers (the search reads the number users see first):
    // whatever it finds, it is never the other company's load.
    expect(await listIds(`active?search=${theirs}`)).not.toContain(theirs);
  });
});

describe('list filters', () => {
  let company: { id: number };
  let session: World['sessions']['admin'];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    company = await createCompany(database.db);
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    session = await login(testApp.app, admin.email, admin.password);
    const dispatcher = await createUser(database.db, { companyId: company.id, role: 5 });
    const [driver] = await database.db
      .insertInto('drivers')
      .values({ company_id: company.id, first_name: 'D', last_name: 'R' })
      .returning('id')
      .execute();
    const [vehicle] = await database.db
      .insertInto('vehicles')
      .values({ company_id: company.id, unit_id: 'F-1', transport_type: 'VAN' })
      .returning('id')
      .execute();
    const [broker, other] = await database.db
      .insertInto('broker_companies')
      .values([
        { company_id: company.id, name: 'Coyote Logistics' },
        { company_id: company.id, name: 'Echo Global' },
      ])
      .returning('id')
      .execute();
    const group = await database.db
      .insertInto('working_groups')
      .values({ company_id: company.id, group_name: 'West' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subgroup = await database.db
      .insertInto('subgroups')
      .values({ working_group_id: group.id, name: 'Night' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const day = (offset: number) => new Date(Date.UTC(2026, 2, 10 + offset, 15, 0));
    ids.plain = await insertLoad(database.db, company.id, {
      brokerId: other!.id,
      pickUp: day(0),
      delivery: day(1),
    });
    ids.dispatcher = await insertLoad(database.db, company.id, {
      dispatcherId: dispatcher.id,
      pickUp: day(0),
    });
    ids.driver = await insertLoad(database.db, company.id, { driverId: driver!.id, pickUp: day(0) });
    ids.vehicle = await insertLoad(database.db, company.id, { vehicleId: vehicle!.id, pickUp: day(0) });
    ids.broker = await insertLoad(database.db, company.id, { brokerId: broker!.id, pickUp: day(0) });
    ids.team = await insertLoad(database.db, company.id, {
      workingGroupId: group.id,
      subgroupId: subgroup.id,
      pickUp: day(0),
    });
    ids.teamOnly = await insertLoad(database.db, company.id, { workingGroupId: group.id, pickUp: day(0) });
    ids.early = await insertLoad(database.db, company.id, { pickUp: day(-5), delivery: day(-4) });
    ids.late = await insertLoad(database.db, company.id, { pickUp: day(5), delivery: day(8) });
    ids.stops = await insertLoad(database.db, company.id, {
      pickUp: day(0),
      points: [
        ['Denver', 'CO'],
        ['Salt Lake City', 'UT'],
        ['Boise', 'ID'],
      ],
    });
    ids.rateconf = await insertLoad(database.db, company.id, { rateconfRef: 'TQL-778899', pickUp: day(0) });
    ids.contact = await insertLoad(database.db, company.id, { brokerName: 'Zoe Quick', pickUp: day(0) });
    ids.numbered = await insertLoad(database.db, company.id, { accountingNumber: 4242, pickUp: day(0) });
    ids.completed = await insertLoad(database.db, company.id, {
      status: 10,
      dispatcherId: dispatcher.id,
      points: [
        ['Boise', 'ID'],
        ['Reno', 'NV'],
      ],
    });
    Object.assign(ids, {
      dispatcherId: dispatcher.id,
      driverId: driver!.id,
      vehicleId: vehicle!.id,
      brokerId: broker!.id,
      groupId: group.id,
      subgroupId: subgroup.id,
    });
  });

  const filtered = async (query: string) => {
    const response = await getList(`active?limit=100&${query}`, session);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<LoadListResponse>();
    expect(body.count, query).toBe(body.results.length);
    return body.results.map((load) => load.id).sort((a, b) => a - b);
  };

  it('filters by dispatcher, driver, vehicle, broker, team and subgroup', async () => {
    expect(await filtered(`dispatcher=${ids.dispatcherId}`)).toEqual([ids.dispatcher]);
    expect(await filtered(`driver=${ids.driverId}`)).toEqual([ids.driver]);
    expect(await filtered(`car=${ids.vehicleId}`)).toEqual([ids.vehicle]);
    expect(await filtered(`broker=${ids.brokerId}`)).toEqual([ids.broker]);
    expect(await filtered(`wg=${ids.groupId}`)).toEqual([ids.team, ids.teamOnly]);
    expect(await filtered(`sub_wg=${ids.subgroupId}`)).toEqual([ids.team]);
  });

  it('filters by pick-up and delivery date ranges, a plain date meaning that Eastern day', async () => {
    const all = await filtered('');
    expect(await filtered('pick_up_from=2026-03-14')).toEqual([ids.late]);
    expect(await filtered('pick_up_to=2026-03-06')).toEqual([ids.early]);
    expect(await filtered('pick_up_from=2026-03-10&pick_up_to=2026-03-10')).toEqual(
      all.filter((id) => id !== ids.early && id !== ids.late),
    );
    expect(await filtered('delivery_from=2026-03-18T00:00:00-04:00')).toEqual([ids.late]);
    expect(await filtered('delivery_to=2026-03-06')).toEqual([ids.early]);
  });

  it('filters by the state of any point', async () => {
    expect(await filtered('state=UT')).toEqual([ids.stops]);
    expect(await filtered('state=id')).toEqual([ids.stops]);
    expect(await filtered('state=NV')).toEqual([]);
    // The completed load in ID is only in its own list.
    expect((await getList('completed?state=ID', session)).json<LoadListResponse>()).toMatchObject({
      count: 1,
    });
  });

  it('searches the id, accounting number, rateconf_ref, broker company, broker contact and any city', async () => {
    expect(await filtered(`search=${ids.plain}`)).toContain(ids.plain);
    expect(await filtered('search=004242')).toEqual([ids.numbered]);
    expect(await filtered('search=tql-77')).toEqual([ids.rateconf]);
    expect(await filtered('search=coyote')).toEqual([ids.broker]);
    expect(await filtered('search=global')).toEqual([ids.plain]);
    expect(await filtered('search=zoe')).toEqual([ids.contact]);
    expect(await filtered('search=salt lake')).toEqual([ids.stops]);
    expect(await filtered('search=BOI')).toEqual([ids.stops]);
    expect(await filtered('search=100%25')).toEqual([]);
    expect(await filtered('search=nowhere')).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await filtered(`search=boise&state=UT`)).toEqual([ids.stops]);
    expect(await filtered(`search=boise&state=TX`)).toEqual([]);
    expect(await filtered(`wg=${ids.groupId}&pick_up_from=2026-03-10&search=dallas`)).toEqual([
      ids.team,
      ids.teamOnly,
    ]);
    expect(await filtered(`dispatcher=${ids.dispatcherId}&state=TX`)).toEqual([ids.dispatcher]);
    expect(await filtered(`dispatcher=${ids.dispatcherId}&state=ID`)).toEqual([]);
  });
});

describe('the number of queries of a list', () => {
  it('is the same for a page of 5 and a page of 100', async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    const [driver] = await database.db
      .insertInto('drivers')
      .values({ company_id: company.id, first_name: 'A', last_name: 'B' })
      .returning('id')
      .execute();
    for (let index = 0; index < 110; index++) {
      await insertLoad(database.db, company.id, {
        status: 2,
        driverId: driver!.id,
        dispatcherId: admin.id,
        files: ['rate_confirmation'],
      });
    }
    const counter = countingPlugin();
    const counted = await buildTestApp(database.db.withPlugin(counter));
    try {
      const session = await login(counted.app, admin.email, admin.password);
      const queriesOf = async (query: string) => {
        const before = counter.count;
        const response = await counted.app.inject({
          method: 'GET',
          url: `${LOADS_API}/active?${query}`,
          headers: session.headers,
        });
        expect(response.statusCode).toBe(200);
        return { queries: counter.count - before, rows: response.json<LoadListResponse>().results.length };
      };
      for (const filter of ['', 'state=TX', `driver=${driver!.id}`, 'search=dallas']) {
        const small = await queriesOf(`limit=5&${filter}`);
        const large = await queriesOf(`limit=100&${filter}`);
        expect([small.rows, large.rows]).toEqual([5, 100]);
        expect(large.queries, filter).toBe(small.queries);
        // The caller's session, then count, page, points and files.
        expect(large.queries, filter).toBe(5);
      }
    } finally {
      await counted.close();
    }
  });
});

describe('GET loads/{list}/{id}', () => {
  it('adds the history and the documents the next status needs', async () => {
    const id = await apiCreateLoad(
      testApp.app,
      world.sessions.dispatcher,
      createBody(world, { driver: world.drivers[0]!.id, car_id: world.vehicles[0]!.id }),
    );
    const response = await getList(`active/${id}/`);
    expect(response.statusCode).toBe(200);
    const load = response.json<LoadDetail>();
    expect(load.missing_documents).toEqual(['rate_confirmation']);
    expect(load.history).toEqual([
      expect.objectContaining({
        action: 'create',
        field: null,
        after: { status: 1 },
        user: {
          id: world.users.dispatcher.id,
          first_name: expect.any(String) as string,
          last_name: expect.any(String) as string,
        },
      }),
    ]);
  });

  it('answers the load from any list path (status tells where it is now), within the roles of its list', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 8 });
    const fromActive = await getList(`active/${id}`);
    expect(fromActive.statusCode).toBe(200);
    expect(fromActive.json<LoadDetail>()).toMatchObject({ id, status: 8, missing_documents: [] });
    expect((await getList(`checkout/${id}`)).statusCode).toBe(200);
    expect((await getList(`active/${id}`, world.sessions.tracker)).statusCode).toBe(403);
  });

  it("answers 404 for another company's load and for no load; 400 for a bad id", async () => {
    const other = await createCompany(database.db);
    const theirs = await insertLoad(database.db, other.id, { status: 1 });
    const stranger = await createUser(database.db, { companyId: other.id, role: 3 });
    const strangerSession = await login(testApp.app, stranger.email, stranger.password);
    const ours = await insertLoad(database.db, world.company.id, { status: 1 });
    expect((await getList(`active/${theirs}`)).statusCode).toBe(404);
    expect((await getList(`active/${ours}`, strangerSession)).statusCode).toBe(404);
    expect((await getList(`active/${theirs}`, strangerSession)).statusCode).toBe(200);
    expect((await getList('active/999999999')).json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect((await getList('active/abc')).statusCode).toBe(400);
  });

  it('reads the history the demo data writes, and an unknown action as an edit', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    await database.db
      .insertInto('load_history')
      .values([
        {
          load_id: id,
          user_id: world.users.dispatcher.id,
          action: 'create',
          after: JSON.stringify({ status: 1 }),
        },
        {
          load_id: id,
          user_id: world.users.dispatcher.id,
          action: 'status',
          field: 'status',
          before: '1',
          after: '2',
        },
        {
          load_id: id,
          user_id: world.users.dispatcher.id,
          action: 'renamed_by_an_old_version',
          field: 'note',
          before: JSON.stringify('a'),
          after: JSON.stringify('b'),
        },
      ])
      .execute();
    const history = (await getList(`active/${id}`)).json<LoadDetail>().history;
    expect(history.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['create', null, { status: 1 }],
      ['status', 1, 2],
      ['edit', 'a', 'b'],
    ]);
  });
});
