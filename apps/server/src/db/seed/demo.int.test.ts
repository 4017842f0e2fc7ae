import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@app/domain/common/pagination';
import type { DriverBid, PortalLoad } from '@app/domain/bids/driver-bids.schema';
import { login } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import type { Db } from '../types';
import { seedDemoData } from './demo';

const NOW = new Date('2025-03-12T15:30:00Z');

/** A digest of every load with its points, to compare two seeded databases. */
async function loadDigest(db: Db): Promise<string> {
  const loads = await db
    .selectFrom('loads')
    .select([
      'id',
      'company_id',
      'status',
      'accounting_status',
      'load_accounting_number',
      'load_accounting_week',
      'load_accounting_year',
      'broker_company_id',
      'broker_name',
      'reply_email',
      'rateconf_ref',
      'broker_price_cents',
      'driver_price_cents',
      'miles',
      'weight',
      'vehicle_id',
      'driver_id',
      'dispatcher_id',
      'pick_up_datetime',
      'delivery_datetime',
      'created_at',
      'completed_at',
    ])
    .orderBy('id')
    .execute();
  const points = await db
    .selectFrom('load_points')
    .select(['load_id', 'point_order', 'type', 'address', 'city', 'state', 'lat', 'lon', 'date', 'is_active'])
    .orderBy('load_id')
    .orderBy('point_order')
    .execute();
  return createHash('sha256').update(JSON.stringify({ loads, points })).digest('hex');
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

async function count(db: Db, table: 'companies' | 'users' | 'loads' | 'bids' | 'vehicles'): Promise<number> {
  const row = await db.selectFrom(table).select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('demo data seed', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let demoCompanyId: number;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(await seedDemoData(first.db, { now: NOW })).toEqual({ seeded: true });
    const demo = await first.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Demo Carrier')
      .executeTakeFirstOrThrow();
    demoCompanyId = demo.id;
  });

  afterAll(async () => {
    await Promise.all([first?.drop(), second?.drop()]);
  });

  it('creates Demo Carrier and Other Carrier', async () => {
    const companies = await first.db.selectFrom('companies').selectAll().orderBy('id').execute();
    expect(companies.map((company) => company.name)).toEqual(['Demo Carrier', 'Other Carrier']);
    const demo = companies[0]!;
    expect(demo.company_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(Number(demo.quickpay_percent)).toBe(3);
    expect(demo.paysheet_weekday).toBe(0);
    expect(demo.paysheet_time).toBe('10:00');
    expect(demo.is_visible_phone_numbers).toBe(false);
    expect(demo.can_dispatchers_search_loads_for_on_load_unit).toBe(false);
  });

  it('creates one user per staff role in Demo Carrier, a newcomer without a company, and an Other Carrier admin', async () => {
    const users = await first.db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.email',
        'users.role',
        'users.is_superuser',
        'users.req_status',
        'companies.name as company',
      ])
      .execute();
    const byEmail = new Map(users.map((user) => [user.email, user]));
    const expected: [string, number][] = [
      ['admin@demo.test', 3],
      ['manager@demo.test', 4],
      ['dispatcher@demo.test', 5],
      ['tracker@demo.test', 6],
      ['accountant@demo.test', 7],
      ['hr@demo.test', 8],
      ['conflict@demo.test', 13],
    ];
    for (const [email, role] of expected) {
      expect(byEmail.get(email), email).toMatchObject({ role, company: 'Demo Carrier', is_superuser: false });
    }
    expect(byEmail.get('newuser@demo.test')).toMatchObject({ role: null, company: null, req_status: 'None' });
    expect(byEmail.get('other-admin@demo.test')).toMatchObject({ role: 3, company: 'Other Carrier' });
    const demoDispatchers = users.filter((user) => user.company === 'Demo Carrier' && user.role === 5);
    expect(demoDispatchers.length).toBeGreaterThanOrEqual(9);
  });

  it('gives every demo user the password demo1234, hashed with argon2id', async () => {
    const hashes = await first.db.selectFrom('users').select('password_hash').execute();
    for (const { password_hash } of hashes) expect(password_hash).toMatch(/^\$argon2id\$/);
    const { verify } = await import('@node-rs/argon2');
    expect(await verify(hashes[0]!.password_hash, 'demo1234')).toBe(true);
  });

  it('puts dispatcher@demo.test in Team East, led by the manager', async () => {
    const row = await first.db
      .selectFrom('users')
      .innerJoin('working_groups', 'working_groups.id', 'users.working_group_id')
      .innerJoin('users as lead', 'lead.id', 'working_groups.group_lead_id')
      .select(['working_groups.group_name', 'lead.email as lead'])
      .where('users.email', '=', 'dispatcher@demo.test')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ group_name: 'Team East', lead: 'manager@demo.test' });
    const teams = await first.db
      .selectFrom('working_groups')
      .select('group_name')
      .where('company_id', '=', demoCompanyId)
      .orderBy('group_name')
      .execute();
    expect(teams.map((team) => team.group_name)).toEqual(['Team East', 'Team West']);
  });

  it('gives every demo dispatcher pay terms, the three bases in turn', async () => {
    const terms = await first.db
      .selectFrom('users')
      .leftJoin('dispatcher_pay_terms as t', 't.user_id', 'users.id')
      .select(['users.email', 't.basis', 't.percent', 't.amount_cents'])
      .where('users.company_id', '=', demoCompanyId)
      .where('users.role', '=', 5)
      .orderBy('users.id')
      .execute();
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.find((row) => row.email === 'dispatcher@demo.test')).toMatchObject({
      basis: 'gross_percent',
      percent: '8.00',
    });
    expect(terms.every((row) => row.basis !== null)).toBe(true);
  });

  it('gives each load in checkout or completed its broker payment, and its owner and dispatcher their week', async () => {
    const loads = await first.db
      .selectFrom('loads as l')
      .leftJoin('payments as p', (join) => join.onRef('p.load_id', '=', 'l.id').on('p.type', '=', 'broker'))
      .select([
        'l.id',
        'l.list_class',
        'l.dispatcher_id',
        'l.load_accounting_week as week',
        'p.status',
        'p.invoice_status',
        'p.invoiced_at',
        'p.paid_at',
      ])
      .where('l.company_id', '=', demoCompanyId)
      .where('l.list_class', 'in', [2, 3])
      .execute();
    expect(loads.length).toBeGreaterThan(20);
    expect(loads.filter((load) => load.status === null)).toEqual([]);
    // A completed load's invoice went out: paid once its broker's day came (payment Completed, invoice Paid),
    // or still waiting for it.
    const completed = loads.filter((load) => load.list_class === 3);
    expect(
      completed.every((load) =>
        load.invoice_status === 3
          ? load.status === 8 && load.paid_at !== null
          : load.status !== 8 && load.invoice_status === 1 && load.paid_at === null,
      ),
    ).toBe(true);
    expect(completed.every((load) => load.invoiced_at !== null)).toBe(true);
    const paid = completed.filter((load) => load.invoice_status === 3).length;
    expect(paid).toBeGreaterThan(completed.length / 3);
    expect(paid).toBeLessThan(completed.length);
    expect(
      loads
        .filter((load) => load.list_class === 2)
        .every((load) => load.status !== 8 && load.invoice_status === 1),
    ).toBe(true);
    const weeks = await first.db
      .selectFrom('payments')
      .select(['dispatcher_id', 'week'])
      .where('company_id', '=', demoCompanyId)
      .where('type', '=', 'dispatcher')
      .execute();
    const loadWeeks = new Set(loads.map((load) => `${load.dispatcher_id}/${load.week}`));
    expect(new Set(weeks.map((row) => `${row.dispatcher_id}/${row.week}`))).toEqual(loadWeeks);
  });

  it('creates about 40 vehicles, about 30 brokers and 300 loads for Demo Carrier', async () => {
    const perCompany = async (table: 'vehicles' | 'broker_companies' | 'loads' | 'drivers' | 'owners') => {
      const row = await first.db
        .selectFrom(table)
        .select(first.db.fn.countAll<string>().as('n'))
        .where('company_id', '=', demoCompanyId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(await perCompany('vehicles')).toBe(40);
    expect(await perCompany('broker_companies')).toBe(30);
    expect(await perCompany('loads')).toBe(300);
    expect(await perCompany('drivers')).toBe(45);
    expect(await perCompany('owners')).toBe(25);
  });

  it('covers every load status 1..12 in Demo Carrier', async () => {
    const rows = await first.db
      .selectFrom('loads')
      .select(['status', first.db.fn.countAll<string>().as('n')])
      .where('company_id', '=', demoCompanyId)
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(rows.map((row) => row.status)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('starts every load with a pick-up, ends it with a delivery and numbers its points from 1', async () => {
    const points = await first.db
      .selectFrom('load_points')
      .select(['load_id', 'point_order', 'type', 'is_active'])
      .orderBy('load_id')
      .orderBy('point_order')
      .execute();
    const byLoad = groupBy(points, (point) => point.load_id);
    expect(byLoad.size).toBe(await count(first.db, 'loads'));
    for (const [loadId, loadPoints] of byLoad) {
      expect(loadPoints.length, `load ${loadId}`).toBeGreaterThanOrEqual(2);
      expect(loadPoints.map((point) => point.point_order)).toEqual(loadPoints.map((_, index) => index + 1));
      expect(loadPoints[0]!.type).toBe('pick_up');
      expect(loadPoints[loadPoints.length - 1]!.type).toBe('deliver_to');
    }
  });

  it('marks exactly one active point on every active load and none on the others', async () => {
    const rows = await first.db
      .selectFrom('loads')
      .innerJoin('load_points', 'load_points.load_id', 'loads.id')
      .select(['loads.id', 'loads.status', 'load_points.is_active'])
      .execute();
    const activePoints = new Map<number, { status: number; active: number }>();
    for (const row of rows) {
      const entry = activePoints.get(row.id) ?? { status: row.status, active: 0 };
      if (row.is_active) entry.active += 1;
      activePoints.set(row.id, entry);
    }
    for (const [loadId, { status, active }] of activePoints) {
      expect(active, `load ${loadId} in status ${status}`).toBe(status < 8 ? 1 : 0);
    }
  });

  it('keeps statuses, accounting statuses, assignments and vehicles consistent', async () => {
    const loads = await first.db
      .selectFrom('loads')
      .select(['id', 'status', 'accounting_status', 'vehicle_id', 'driver_id', 'delivered_at', 'canceled_at'])
      .execute();
    for (const load of loads) {
      const expectedAccounting = load.status < 8 ? null : load.status <= 9 ? 1 : load.status <= 11 ? 8 : 9;
      expect(load.accounting_status, `load ${load.id}`).toBe(expectedAccounting);
      if (load.status >= 2 && load.status <= 11) {
        expect(load.vehicle_id, `load ${load.id}`).not.toBeNull();
        expect(load.driver_id, `load ${load.id}`).not.toBeNull();
      }
      if (load.status === 1) expect(load.vehicle_id).toBeNull();
      if (load.status === 8 || load.status === 10) expect(load.delivered_at).not.toBeNull();
      if (load.status === 12) expect(load.canceled_at).not.toBeNull();
    }
    const onLoad = await first.db.selectFrom('vehicles').select('id').where('status', '=', 3).execute();
    const running = await first.db
      .selectFrom('loads')
      .select('vehicle_id')
      .where('status', '>=', 2)
      .where('status', '<=', 7)
      .execute();
    expect(onLoad.map((vehicle) => vehicle.id).sort()).toEqual(running.map((load) => load.vehicle_id).sort());
  });

  it('numbers loads from 1 in each company', async () => {
    const rows = await first.db
      .selectFrom('loads')
      .select(['company_id', 'load_accounting_number'])
      .orderBy('company_id')
      .orderBy('load_accounting_number')
      .execute();
    for (const [, companyLoads] of groupBy(rows, (row) => row.company_id)) {
      expect(companyLoads.map((row) => row.load_accounting_number)).toEqual(
        companyLoads.map((_, index) => index + 1),
      );
    }
  });

  it('gives Other Carrier its own users, fleet, brokers and loads', async () => {
    const other = await first.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Other Carrier')
      .executeTakeFirstOrThrow();
    const countOf = async (
      table: 'vehicles' | 'drivers' | 'owners' | 'broker_companies' | 'loads' | 'working_groups',
    ) => {
      const row = await first.db
        .selectFrom(table)
        .select(first.db.fn.countAll<string>().as('n'))
        .where('company_id', '=', other.id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(await countOf('vehicles')).toBe(5);
    expect(await countOf('drivers')).toBe(5);
    expect(await countOf('owners')).toBe(3);
    expect(await countOf('broker_companies')).toBe(5);
    expect(await countOf('loads')).toBe(20);
    expect(await countOf('working_groups')).toBe(1);
    // Nothing of Other Carrier points at a record of Demo Carrier.
    const crossed = await first.db
      .selectFrom('loads')
      .leftJoin('vehicles', 'vehicles.id', 'loads.vehicle_id')
      .leftJoin('broker_companies', 'broker_companies.id', 'loads.broker_company_id')
      .innerJoin('users', 'users.id', 'loads.dispatcher_id')
      .select('loads.id')
      .where('loads.company_id', '=', other.id)
      .where((eb) =>
        eb.or([
          eb('vehicles.company_id', '!=', other.id),
          eb('broker_companies.company_id', '!=', other.id),
          eb('users.company_id', '!=', other.id),
        ]),
      )
      .execute();
    expect(crossed).toEqual([]);
  });

  it('creates bids of both kinds in every status', async () => {
    const bids = await first.db
      .selectFrom('bids')
      .select(['kind', 'status'])
      .where('company_id', '=', demoCompanyId)
      .execute();
    expect(bids.length).toBeGreaterThanOrEqual(35);
    expect(new Set(bids.map((bid) => bid.kind))).toEqual(new Set(['dispatcher', 'driver']));
    expect(new Set(bids.map((bid) => bid.status))).toEqual(new Set([1, 2, 3]));
  });

  it('puts about 60 loads on the board, recently posted, with driver and dispatcher bids in every state', async () => {
    const board = await first.db
      .selectFrom('loads')
      .select(['id', 'status', 'vehicle_id', 'posted_at', 'pick_up_datetime', 'created_at'])
      .where('company_id', '=', demoCompanyId)
      .where('board_status', '=', 'posted')
      .execute();
    expect(board).toHaveLength(60);
    for (const load of board) {
      expect(load.status, `load ${load.id}`).toBe(1);
      expect(load.vehicle_id, `load ${load.id}`).toBeNull();
      expect(load.posted_at, `load ${load.id}`).toEqual(load.created_at);
      // Posted in the last ten hours, to be picked up in the next two days.
      expect(NOW.getTime() - load.posted_at!.getTime()).toBeLessThanOrEqual(10 * 60 * 60 * 1000);
      expect(load.pick_up_datetime!.getTime()).toBeGreaterThan(NOW.getTime());
    }
    // Every load waiting to be accepted is on the board; none of them is in the active list.
    const waiting = await first.db
      .selectFrom('loads')
      .select('id')
      .where('company_id', '=', demoCompanyId)
      .where('status', '=', 1)
      .execute();
    expect(waiting).toHaveLength(60);

    const bids = await first.db
      .selectFrom('bids')
      .innerJoin('loads', 'loads.id', 'bids.load_id')
      .select([
        'bids.kind',
        'bids.status',
        'bids.vehicle_id',
        'bids.load_id',
        'bids.placed_at',
        'bids.created_at',
      ])
      .select('loads.board_status')
      .where('bids.company_id', '=', demoCompanyId)
      .execute();
    const onBoard = bids.filter((bid) => bid.board_status === 'posted');
    for (const kind of ['dispatcher', 'driver'] as const) {
      expect(new Set(onBoard.filter((bid) => bid.kind === kind).map((bid) => bid.status)), kind).toEqual(
        new Set([1, 3]),
      );
    }
    // A won bid booked its load: the load left the board as booked.
    const won = bids.filter((bid) => bid.status === 2);
    expect(new Set(won.map((bid) => bid.kind))).toEqual(new Set(['dispatcher', 'driver']));
    for (const bid of won) expect(bid.board_status, `load ${bid.load_id}`).toBe('booked');

    // A driver's bid is on a load forwarded to the driver's unit before it, and counts from when it was placed.
    const forwards = await first.db
      .selectFrom('load_forwards')
      .select(['load_id', 'vehicle_id', 'forwarded_at'])
      .where('company_id', '=', demoCompanyId)
      .execute();
    for (const bid of bids.filter((candidate) => candidate.kind === 'driver')) {
      const forward = forwards.find(
        (row) => row.load_id === bid.load_id && row.vehicle_id === bid.vehicle_id,
      );
      expect(forward, `bid on load ${bid.load_id}`).toBeDefined();
      expect(forward!.forwarded_at.getTime()).toBeLessThan(bid.created_at.getTime());
      expect(bid.placed_at).toEqual(bid.created_at);
    }
  });

  it('gives one driver of each company a sign-in whose driver page shows forwarded board loads and bids at once', async () => {
    const signIns = await first.db
      .selectFrom('users')
      .innerJoin('drivers', 'drivers.user_id', 'users.id')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.email', 'companies.name as company', 'drivers.email as driver_email'])
      .where('users.role', '=', 10)
      .orderBy('users.email')
      .execute();
    expect(signIns).toEqual([
      { email: 'driver@demo.test', company: 'Demo Carrier', driver_email: 'driver@demo.test' },
      { email: 'other-driver@demo.test', company: 'Other Carrier', driver_email: 'other-driver@demo.test' },
    ]);

    const testApp = await buildTestApp(first.db);
    try {
      for (const { email } of signIns) {
        const session = await login(testApp.app, email, 'demo1234');
        expect(session.body.user.role, email).toBe(10);
        const get = async <Body>(path: string) => {
          const response = await testApp.app.inject({
            method: 'GET',
            url: `/backend/api/v2/driver-portal/${path}`,
            headers: session.headers,
          });
          expect(response.statusCode, `${email} ${path}: ${response.body}`).toBe(200);
          return response.json<ListResponse<Body>>();
        };
        const loads = await get<PortalLoad>('loads');
        expect(loads.count, email).toBeGreaterThanOrEqual(2);
        expect(loads.results.length, email).toBeGreaterThanOrEqual(2);
        // Some loads carry the driver's pending bid, and others wait for a first bid.
        expect(
          loads.results.some((load) => load.my_bid?.state === 'pending'),
          email,
        ).toBe(true);
        expect(
          loads.results.some((load) => load.my_bid === null),
          email,
        ).toBe(true);
        const bids = await get<DriverBid>('bids');
        expect(bids.count, email).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await testApp.close();
    }
  });

  it('gives the dispatchers load chats with notes and each team a chat, with messages to read', async () => {
    const chats = await first.db
      .selectFrom('group_chats')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
      .where('company_id', '=', demoCompanyId)
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    expect(chats.map((row) => [row.kind, Number(row.n)])).toEqual([
      ['load', 6],
      ['notes', 6],
      ['team', 2],
    ]);
    const dispatcherChats = await first.db
      .selectFrom('group_chat_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('group_chats as c', 'c.id', 'm.chat_id')
      .innerJoin('group_chat_messages as g', 'g.chat_id', 'c.id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('u.email', '=', 'dispatcher@demo.test')
      .executeTakeFirstOrThrow();
    expect(Number(dispatcherChats.n)).toBeGreaterThan(0);
  });

  it('seeds only once: a second call adds nothing', async () => {
    const before = await Promise.all(
      (['companies', 'users', 'loads', 'bids', 'vehicles'] as const).map((table) => count(first.db, table)),
    );
    expect(await seedDemoData(first.db, { now: NOW })).toEqual({ seeded: false });
    const after = await Promise.all(
      (['companies', 'users', 'loads', 'bids', 'vehicles'] as const).map((table) => count(first.db, table)),
    );
    expect(after).toEqual(before);
  });

  it('makes the same loads in another database for the same moment', async () => {
    expect(await seedDemoData(second.db, { now: NOW })).toEqual({ seeded: true });
    expect(await loadDigest(second.db)).toBe(await loadDigest(first.db));
  });
});
