// Data and helpers for the dashboard's integration tests (dashboard.*.int.test.ts): a carrier whose November
// 2026 is known to the cent (loads with their prices, miles, days, dispatchers, drivers, brokers, teams and
// bids), a few loads around it (October, December, the board), and a second carrier.
import { wallTimeToInstant } from '@app/domain/common/time';
import type { Session } from '../../../test/auth-helpers';
import { login } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  createWorkingGroup,
  insertDriver,
  insertOwner,
  insertVehicle,
  unique,
  type TestCompany,
  type TestUser,
} from '../../../test/factories';
import type { App } from '../../app';
import type { LoadStatus } from '../../db/schema';
import type { Db } from '../../db/types';
import { insertLoad } from '../loads/loads.fixtures';

export const API = '/backend/api/v2';

/** The services' clock: Friday 27 November 2026, 10:00 Eastern. */
export const NOW = new Date('2026-11-27T15:00:00Z');

/** An Eastern wall time 'YYYY-MM-DD hh:mm' as an ISO instant. */
export function eastern(wallTime: string): string {
  const [year, month, day, hour, minute] = wallTime.split(/[- :]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return wallTimeToInstant({ year, month, day, hour, minute }).toISOString();
}

type LoadSpec = {
  /** The first pick-up, as an instant. */
  pickUp: string;
  delivery?: string | undefined;
  status: LoadStatus;
  dispatcher: number | null;
  driver: number | null;
  vehicle?: number | null;
  broker: number | null;
  team?: number | null;
  subgroup?: number | null;
  /** Dollars. */
  brokerPrice: number;
  driverPrice: number;
  miles: number;
  board?: { status: 'posted' | 'booked' | 'withdrawn' | 'expired'; postedAt: string } | undefined;
};

/** A row of the world's table as a load to insert. */
function specOf(row: LoadRow, board: LoadSpec['board']): LoadSpec {
  const [, pickUp, delivery, status, dispatcher, driver, vehicle, broker, [team, subgroup], ...money] = row;
  return {
    pickUp: eastern(pickUp),
    delivery: delivery === null ? undefined : eastern(delivery),
    status,
    dispatcher,
    driver,
    vehicle,
    broker,
    team,
    subgroup,
    brokerPrice: money[0],
    driverPrice: money[1],
    miles: money[2],
    board,
  };
}

type LoadKey = 'l1' | 'l2' | 'l3' | 'l4' | 'l5' | 'l6' | 'l7' | 'l8' | 'l9' | 'l10' | 'l11';
type LoadRow = [
  LoadKey,
  string,
  string | null,
  LoadStatus,
  number | null,
  number | null,
  number | null,
  number,
  readonly [number | null, number | null],
  number,
  number,
  number,
];

/** A load with known prices, miles and days, written through the loads fixture (the triggers keep the read model). */
export async function insertDashboardLoad(db: Db, companyId: number, spec: LoadSpec): Promise<number> {
  const pickUp = new Date(spec.pickUp);
  const id = await insertLoad(db, companyId, {
    status: spec.status,
    dispatcherId: spec.dispatcher,
    driverId: spec.driver,
    vehicleId: spec.vehicle ?? null,
    brokerId: spec.broker,
    workingGroupId: spec.team ?? null,
    subgroupId: spec.subgroup ?? null,
    pickUp,
    delivery: spec.delivery ? new Date(spec.delivery) : new Date(pickUp.getTime() + 3_600_000),
  });
  await db
    .updateTable('loads')
    .set({
      broker_price_cents: Math.round(spec.brokerPrice * 100),
      driver_price_cents: Math.round(spec.driverPrice * 100),
      miles: spec.miles,
      ...(spec.board ? { board_status: spec.board.status, posted_at: new Date(spec.board.postedAt) } : {}),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A dispatcher's proposition to a broker, made at `createdAt`. */
export async function insertBid(
  db: Db,
  companyId: number,
  spec: { load: number; dispatcher: number; status: 1 | 2 | 3; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('bids')
    .values({
      company_id: companyId,
      load_id: spec.load,
      kind: 'dispatcher',
      status: spec.status,
      dispatcher_id: spec.dispatcher,
      price_cents: 100_000,
      created_at: new Date(spec.createdAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertBroker(db: Db, companyId: number, name: string) {
  return db
    .insertInto('broker_companies')
    .values({ company_id: companyId, name, mc_number: `MC${unique()}` })
    .returning(['id', 'name', 'mc_number'])
    .executeTakeFirstOrThrow();
}

/** A broker's paid invoice of a load: invoiced and paid on Eastern dates. */
async function insertPaidInvoice(
  db: Db,
  companyId: number,
  spec: { load: number; broker: number; invoiceDate: string; paidAt: string },
) {
  await db
    .insertInto('payments')
    .values({
      company_id: companyId,
      type: 'broker',
      load_id: spec.load,
      broker_company_id: spec.broker,
      week: 45,
      year: 2026,
      invoice_status: 3,
      invoice_date: spec.invoiceDate,
      paid_at: new Date(spec.paidAt),
    })
    .execute();
}

type Role = 'admin' | 'manager' | 'dispatcher1' | 'dispatcher2' | 'dispatcher3' | 'tracker' | 'accountant';

export type DashboardWorld = {
  company: TestCompany;
  users: Record<Role, TestUser>;
  sessions: Record<Role, Session>;
  /** T1 holds dispatchers 1 (subgroup S1) and 2 (subgroup S2) and the manager; T2 dispatcher 3. */
  teams: { t1: number; s1: number; s2: number; t2: number };
  drivers: { drv1: number; drv2: number; drv3: number };
  brokers: { b1: { id: number; name: string; mc_number: string | null }; b2: { id: number; name: string } };
  loads: Record<LoadKey, number>;
  other: { company: TestCompany; admin: Session; broker: number };
};

const ROLE_IDS: Record<Role, 3 | 4 | 5 | 6 | 7> = {
  admin: 3,
  manager: 4,
  dispatcher1: 5,
  dispatcher2: 5,
  dispatcher3: 5,
  tracker: 6,
  accountant: 7,
};

/**
 * November 2026 of the carrier, in the table below: loads of every list, a TONU (money, no miles), a
 * canceled load (no money), a load picked up at 23:30 Eastern on 30 November (November) and one at 00:30 on
 * 1 December (December), one at 23:59 on 31 October (October), a board load, one booked off the board and
 * one expired. Bids of kind dispatcher: d1 active 11-20, won 11-21, lost 11-22 and lost 10-15 (October); d2
 * won 11-23. Broker b1's paid invoices: L1 in 10 days, L11 in 20 days.
 */
export async function createDashboardWorld(db: Db, app: App): Promise<DashboardWorld> {
  const company = await createCompany(db);
  const users = {} as Record<Role, TestUser>;
  const sessions = {} as Record<Role, Session>;
  for (const [role, id] of Object.entries(ROLE_IDS) as [Role, 3 | 4 | 5 | 6 | 7][]) {
    users[role] = await createUser(db, { companyId: company.id, role: id, first_name: role });
  }
  const t1 = await createWorkingGroup(db, {
    companyId: company.id,
    name: 'Team One',
    leadId: users.manager.id,
    memberIds: [users.dispatcher1.id, users.dispatcher2.id],
    subgroups: [{ memberIds: [users.dispatcher1.id] }, { memberIds: [users.dispatcher2.id] }],
  });
  const t2 = await createWorkingGroup(db, { companyId: company.id, memberIds: [users.dispatcher3.id] });
  const [s1, s2] = t1.subgroupIds as [number, number];
  await db
    .updateTable('users')
    .set({ working_group_id: t1.id })
    .where('id', 'in', [users.manager.id, users.dispatcher1.id, users.dispatcher2.id])
    .execute();
  await db
    .updateTable('users')
    .set({ working_group_id: t2.id })
    .where('id', '=', users.dispatcher3.id)
    .execute();
  for (const role of Object.keys(ROLE_IDS) as Role[]) {
    sessions[role] = await login(app, users[role].email, users[role].password);
  }

  const [o1, o2] = [await insertOwner(db, company.id), await insertOwner(db, company.id)];
  await insertOwner(db, company.id, { is_active: false });
  const drv1 = (await insertDriver(db, company.id, { first_name: 'Ann', owner_id: o1.id })).id;
  const drv2 = (await insertDriver(db, company.id, { first_name: 'Bob', owner_id: o2.id })).id;
  const drv3 = (await insertDriver(db, company.id, { first_name: 'Cid', owner_id: o2.id })).id;
  await insertDriver(db, company.id, { status: 'Fired' });
  const d1 = users.dispatcher1.id;
  const d2 = users.dispatcher2.id;
  const d3 = users.dispatcher3.id;
  const vehicle = (dispatcher: number, team: number, status: 1 | 2 | 3, driver: number, owner: number) =>
    insertVehicle(db, company.id, {
      dispatcher_id: dispatcher,
      working_group_id: team,
      status,
      active_driver_id: driver,
      owner_id: owner,
      driver_ids: [driver],
    });
  const v1 = (await vehicle(d1, t1.id, 1, drv1, o1.id)).id;
  const v2 = (await vehicle(d2, t1.id, 3, drv2, o2.id)).id;
  await vehicle(d3, t2.id, 2, drv3, o2.id);

  const b1 = await insertBroker(db, company.id, `Alpha Logistics ${unique()}`);
  const b2 = await insertBroker(db, company.id, `Beta Freight ${unique()}`);
  const t1s1 = [t1.id, s1] as const;
  const t1s2 = [t1.id, s2] as const;
  const none = [null, null] as const;
  // prettier-ignore
  const rows: LoadRow[] = [
    // key   pick-up (Eastern)   delivery (Eastern)  status dispatcher driver vehicle broker team  broker driver miles
    ['l1', '2026-11-02 09:00', '2026-11-03 15:00', 10, d1, drv1, v1, b1.id, t1s1, 2000, 1500, 800],
    ['l2', '2026-11-03 10:00', '2026-11-05 12:00', 2, d1, drv1, v1, b2.id, t1s1, 1500, 1200, 600],
    ['l3', '2026-11-30 23:30', '2026-12-01 10:00', 8, d2, drv2, v2, b1.id, t1s2, 1000, 700, 400],
    ['l4', '2026-11-10 08:00', null, 9, d2, drv2, null, b2.id, t1s2, 300, 150, 500],
    ['l5', '2026-11-12 08:00', null, 12, d1, drv1, null, b1.id, t1s1, 0, 100, 200],
    ['l6', '2026-11-20 08:00', '2026-11-21 18:00', 4, d3, drv3, null, b1.id, [t2.id, null], 2500, 2000, 1000],
    ['l7', '2026-11-28 08:00', null, 1, null, null, null, b2.id, none, 900, 0, 100],
    ['l8', '2026-11-27 08:00', '2026-11-27 17:00', 1, d1, drv2, null, b2.id, t1s1, 800, 600, 300],
    ['l9', '2026-11-01 08:00', null, 1, null, null, null, b1.id, none, 650, 0, 120],
    ['l10', '2026-12-01 00:30', null, 1, d1, drv1, null, b1.id, t1s1, 999, 1, 10],
    ['l11', '2026-10-31 23:59', null, 10, d1, drv1, null, b1.id, t1s1, 700, 500, 350],
  ];
  const board: Partial<Record<LoadKey, LoadSpec['board']>> = {
    l7: { status: 'posted', postedAt: eastern('2026-11-25 09:00') },
    l8: { status: 'booked', postedAt: eastern('2026-11-24 09:00') },
    l9: { status: 'expired', postedAt: eastern('2026-10-30 09:00') },
  };
  const loads = {} as Record<LoadKey, number>;
  for (const row of rows)
    loads[row[0]] = await insertDashboardLoad(db, company.id, specOf(row, board[row[0]]));

  const bid = (load: number, dispatcher: number, status: 1 | 2 | 3, createdAt: string) =>
    insertBid(db, company.id, { load, dispatcher, status, createdAt: eastern(createdAt) });
  await bid(loads.l7, d1, 1, '2026-11-20 10:00');
  await bid(loads.l8, d1, 2, '2026-11-21 10:00');
  await bid(loads.l7, d1, 3, '2026-11-22 10:00');
  await bid(loads.l7, d1, 3, '2026-10-15 10:00');
  await bid(loads.l3, d2, 2, '2026-11-23 10:00');

  await insertPaidInvoice(db, company.id, {
    load: loads.l1,
    broker: b1.id,
    invoiceDate: '2026-11-05',
    paidAt: eastern('2026-11-15 12:00'),
  });
  await insertPaidInvoice(db, company.id, {
    load: loads.l11,
    broker: b1.id,
    invoiceDate: '2026-10-01',
    paidAt: eastern('2026-10-21 12:00'),
  });

  // The second carrier: one November load with its own broker.
  const otherCompany = await createCompany(db);
  const otherAdmin = await createUser(db, { companyId: otherCompany.id, role: 3 });
  const otherBroker = await insertBroker(db, otherCompany.id, `Gamma ${unique()}`);
  await insertDashboardLoad(db, otherCompany.id, {
    pickUp: eastern('2026-11-05 08:00'),
    status: 10,
    dispatcher: otherAdmin.id,
    driver: null,
    broker: otherBroker.id,
    brokerPrice: 4000,
    driverPrice: 3000,
    miles: 900,
  });

  return {
    company,
    users,
    sessions,
    teams: { t1: t1.id, s1, s2, t2: t2.id },
    drivers: { drv1, drv2, drv3 },
    brokers: { b1, b2 },
    loads,
    other: {
      company: otherCompany,
      admin: await login(app, otherAdmin.email, otherAdmin.password),
      broker: otherBroker.id,
    },
  };
}

/** GET a dashboard path as a session; answers the status and the parsed body. */
export async function getDashboard<Body = Record<string, unknown>>(
  app: App,
  session: Session,
  path: string,
  query: Record<string, string | number> = {},
): Promise<{ status: number; body: Body }> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await app.inject({
    method: 'GET',
    url: `${API}/dashboard/${path}${search.size > 0 ? `?${search.toString()}` : ''}`,
    headers: session.headers,
  });
  return { status: response.statusCode, body: response.json<Body>() };
}
