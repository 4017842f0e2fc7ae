import type { ApiError } from '@app/domain/common/errors';
import { PEOPLE_MESSAGES } from '@app/domain/units/people.rules';
import {
  UNITS_MESSAGES,
  type ContactSearchResponse,
  type Driver,
  type DriverListResponse,
} from '@app/domain/units/units.schema';
import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { createCompany, insertDriver, insertOwner, insertVehicle } from '../../../test/factories';
import { buildTestApp } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import { countingPlugin, planOfFirstQuery } from '../../../test/database-probes';
import type { Db } from '../../db/types';
import { call, createPeopleWorld, superuserSession, type PeopleWorld } from './drivers.fixtures';
import * as driverList from './driver-list.repository';

/** The carrier most tests read: phone numbers hidden from all but managers. */
const { database, testApp, world } = setUpTestApp(createPeopleWorld);
/** Another carrier: none of its drivers may be seen or changed from `world`. */
let other: PeopleWorld;
let otherDriver: { id: number };
let otherOwner: { id: number };

const DAY = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

// The list's drivers of `world`, by last name: Adams (fired), Baker (pending, not active), Dunn.
const people = {} as {
  owner: { id: number };
  adams: { id: number };
  baker: { id: number };
  dunn: { id: number };
  t101: { id: number };
  t202: { id: number };
  t303: { id: number };
};

beforeAll(async () => {
  other = await createPeopleWorld(database.db, testApp.app);
  const db = database.db;
  const companyId = world.company.id;

  people.owner = await insertOwner(db, companyId, {
    first_name: 'Bob',
    last_name: 'Stone',
    company_name: 'Stone Trucking LLC',
    phone_number: '(555) 600-1000',
  });
  people.dunn = await insertDriver(db, companyId, {
    first_name: 'Carl',
    last_name: 'Dunn',
    phone_number: '(555) 201-3344',
    email: 'carl.dunn@fleet.test',
    owner_id: people.owner.id,
    license_expiry: dateIn(10),
  });
  people.baker = await insertDriver(db, companyId, {
    first_name: 'Anna',
    last_name: 'Baker',
    phone_number: '+1 555 777 1234',
    status: 'Pending',
    is_active: false,
    license_expiry: dateIn(-5),
  });
  people.adams = await insertDriver(db, companyId, {
    first_name: 'Zed',
    last_name: 'Adams',
    phone_number: '5559990000',
    status: 'Fired',
    owner_id: people.owner.id,
    license_expiry: dateIn(90),
  });
  people.t101 = await insertVehicle(db, companyId, {
    unit_id: 'T-101',
    owner_id: people.owner.id,
    active_driver_id: people.dunn.id,
  });
  // Baker is listed on T-202 (no active driver) and drives T-303: her vehicle is T-303.
  people.t202 = await insertVehicle(db, companyId, { unit_id: 'T-202', driver_ids: [people.baker.id] });
  people.t303 = await insertVehicle(db, companyId, {
    unit_id: 'T-303',
    active_driver_id: people.baker.id,
    driver_ids: [people.baker.id],
  });

  otherOwner = await insertOwner(db, other.company.id, { first_name: 'Bob', last_name: 'Stoneman' });
  otherDriver = await insertDriver(db, other.company.id, {
    first_name: 'Carl',
    last_name: 'Dunnhill',
    phone_number: '(555) 201-3399',
    owner_id: otherOwner.id,
  });
});

const app = () => testApp.app;

async function listDrivers(query: string, session: Session = world.sessions.manager) {
  const response = await call<DriverListResponse>(app(), session, 'GET', `users/drivers?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const idsOf = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);

describe('GET users/drivers', () => {
  it('answers {count, results} by last name with the owner and the vehicle the driver drives', async () => {
    const body = await listDrivers('');
    expect(body.count).toBe(3);
    expect(idsOf(body)).toEqual([people.adams.id, people.baker.id, people.dunn.id]);
    const [adams, baker, dunn] = body.results;
    expect(dunn).toEqual({
      id: people.dunn.id,
      first_name: 'Carl',
      last_name: 'Dunn',
      full_name: 'Carl Dunn',
      phone_number: '(555) 201-3344',
      email: 'carl.dunn@fleet.test',
      status: 'Active',
      is_active: true,
      is_active_for_owner: true,
      owner: { id: people.owner.id, full_name: 'Bob Stone', company_name: 'Stone Trucking LLC' },
      car: { id: people.t101.id, unit_id: 'T-101' },
      license_number: null,
      license_state: null,
      license_expiry: dateIn(10),
      license_expiry_state: 'expiring',
      created_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
    // The vehicle whose active driver she is, not the one she is only listed on.
    expect(baker).toMatchObject({ car: { id: people.t303.id, unit_id: 'T-303' }, owner: null });
    expect(baker?.license_expiry_state).toBe('expired');
    expect(adams).toMatchObject({ status: 'Fired', car: null, license_expiry_state: 'ok' });
  });

  it('pages with page (from 1) and limit, the count staying the whole list', async () => {
    const first = await listDrivers('page=1&limit=2');
    const second = await listDrivers('page=2&limit=2');
    expect([first.count, second.count]).toEqual([3, 3]);
    expect(idsOf(first)).toEqual([people.adams.id, people.baker.id]);
    expect(idsOf(second)).toEqual([people.dunn.id]);
    expect((await listDrivers('page=3&limit=2')).results).toEqual([]);
  });

  it('filters by owner, vehicle (active or listed driver), status and is_active', async () => {
    expect(idsOf(await listDrivers(`owner=${people.owner.id}`))).toEqual([people.adams.id, people.dunn.id]);
    expect(idsOf(await listDrivers(`car=${people.t101.id}`))).toEqual([people.dunn.id]);
    expect(idsOf(await listDrivers(`car=${people.t202.id}`))).toEqual([people.baker.id]);
    expect(idsOf(await listDrivers('status=Fired'))).toEqual([people.adams.id]);
    expect(idsOf(await listDrivers('status=Pending'))).toEqual([people.baker.id]);
    expect(idsOf(await listDrivers('is_active=false'))).toEqual([people.baker.id]);
    const both = await listDrivers(`owner=${people.owner.id}&status=Active`);
    expect([both.count, ...idsOf(both)]).toEqual([1, people.dunn.id]);
  });

  it('leaves fired drivers out with exclude_fired=true, pending ones staying', async () => {
    const working = await listDrivers('exclude_fired=true');
    expect([working.count, ...idsOf(working)]).toEqual([2, people.baker.id, people.dunn.id]);
    // A fired driver is not found by name either, nor among the owner's drivers.
    expect((await listDrivers('exclude_fired=true&search=zed')).count).toBe(0);
    expect(idsOf(await listDrivers(`exclude_fired=1&owner=${people.owner.id}`))).toEqual([people.dunn.id]);
    expect(idsOf(await listDrivers('exclude_fired=false'))).toEqual([
      people.adams.id,
      people.baker.id,
      people.dunn.id,
    ]);
  });

  it('searches the start of the full name, the last name and the e-mail, in any case', async () => {
    expect(idsOf(await listDrivers('search=carl'))).toEqual([people.dunn.id]);
    expect(idsOf(await listDrivers('search=CARL%20D'))).toEqual([people.dunn.id]);
    expect(idsOf(await listDrivers('search=dun'))).toEqual([people.dunn.id]);
    expect(idsOf(await listDrivers('search=carl.dunn@'))).toEqual([people.dunn.id]);
    expect((await listDrivers('search=unn')).count).toBe(0);
    // LIKE characters are taken literally.
    expect((await listDrivers('search=%25')).count).toBe(0);
  });

  it("never shows another company's drivers, even filtered by that company's owner", async () => {
    expect(idsOf(await listDrivers('search=carl'))).not.toContain(otherDriver.id);
    expect((await listDrivers(`owner=${otherOwner.id}`)).count).toBe(0);
    const theirs = await listDrivers('', other.sessions.manager);
    expect(idsOf(theirs)).toEqual([otherDriver.id]);
  });

  it('answers 400 naming the field of a bad filter', async () => {
    const cases: [string, string][] = [
      ['status=Gone', 'status'],
      ['is_active=maybe', 'is_active'],
      ['exclude_fired=yes', 'exclude_fired'],
      ['owner=abc', 'owner'],
      ['car=-1', 'car'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await call<ApiError>(app(), world.sessions.manager, 'GET', `users/drivers?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.body.fields ?? {}), query).toEqual([field]);
    }
    const flag = await call<ApiError>(app(), world.sessions.manager, 'GET', 'users/drivers?is_active=maybe');
    expect(flag.body.fields?.is_active).toEqual(["Must be 'true' or 'false'"]);
  });

  it('is open to the roles of the page and to dispatchers and trackers, not to the conflict manager', async () => {
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      const response = await call(app(), world.sessions[role], 'GET', 'users/drivers');
      expect(response.status, role).toBe(200);
    }
    expect((await call(app(), world.sessions.conflict, 'GET', 'users/drivers')).status).toBe(403);
    expect((await call(app(), null, 'GET', 'users/drivers')).status).toBe(401);
  });

  it('runs the same number of queries whatever the page size', async () => {
    const counter = countingPlugin();
    const counted = await buildTestApp(database.db.withPlugin(counter));
    try {
      const queriesOf = async (session: Session, query: string) => {
        const before = counter.count;
        const response = await call<DriverListResponse>(
          counted.app,
          session,
          'GET',
          `users/drivers?${query}`,
        );
        expect(response.status).toBe(200);
        return { queries: counter.count - before, rows: response.body.results.length };
      };
      const small = await queriesOf(world.sessions.dispatcher, 'limit=1');
      const large = await queriesOf(world.sessions.dispatcher, 'limit=3');
      expect([small.rows, large.rows]).toEqual([1, 3]);
      // The caller's session, the company's phone setting, the count and the page.
      expect([small.queries, large.queries]).toEqual([4, 4]);
      // A manager sees phone numbers whatever the company's setting: no need to read it.
      expect((await queriesOf(world.sessions.manager, 'limit=3&search=d')).queries).toBe(3);
    } finally {
      await counted.close();
    }
  });
});

describe('phone numbers (canViewNumber)', () => {
  const phoneOfDunn = async (session: Session) => {
    const body = await listDrivers('search=carl', session);
    return body.results[0]?.phone_number;
  };

  it('are shown to a manager (role 4) and a superuser', async () => {
    expect(await phoneOfDunn(world.sessions.manager)).toBe('(555) 201-3344');
    const superuser = await superuserSession(database.db, app(), world.company.id);
    expect(await phoneOfDunn(superuser)).toBe('(555) 201-3344');
  });

  it('are null for every other role while the company hides them', async () => {
    for (const role of ['admin', 'dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      expect(await phoneOfDunn(world.sessions[role]), role).toBeNull();
    }
  });

  it('are shown to every role when the company sets is_visible_phone_numbers', async () => {
    const open = await createPeopleWorld(database.db, app(), { is_visible_phone_numbers: true });
    const driver = await insertDriver(database.db, open.company.id, { phone_number: '(555) 300-4000' });
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      const card = await call<Driver>(app(), open.sessions[role], 'GET', `users/drivers/${driver.id}`);
      expect(card.body.phone_number, role).toBe('(555) 300-4000');
    }
  });

  it('are searched only for a viewer who may see them, whatever their punctuation', async () => {
    expect(idsOf(await listDrivers('search=555%20201'))).toEqual([people.dunn.id]);
    expect(idsOf(await listDrivers('search=(555)%20777-12'))).toEqual([people.baker.id]);
    expect(idsOf(await listDrivers('search=%2B1%20555%20999'))).toEqual([people.adams.id]);
    expect((await listDrivers('search=555%20201', world.sessions.dispatcher)).count).toBe(0);
  });
});

describe('GET users/drivers/{id}', () => {
  it("answers the driver's card", async () => {
    const response = await call<Driver>(app(), world.sessions.hr, 'GET', `users/drivers/${people.dunn.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: people.dunn.id,
      full_name: 'Carl Dunn',
      phone_number: null,
      owner: { id: people.owner.id, company_name: 'Stone Trucking LLC' },
      car: { id: people.t101.id, unit_id: 'T-101' },
    });
  });

  it("answers 404 for another company's driver and a missing one, 400 naming a bad id", async () => {
    const theirs = await call<ApiError>(
      app(),
      world.sessions.manager,
      'GET',
      `users/drivers/${otherDriver.id}`,
    );
    expect([theirs.status, theirs.body.code]).toEqual([404, 'not_found']);
    expect((await call(app(), world.sessions.manager, 'GET', 'users/drivers/999999999')).status).toBe(404);
    const bad = await call<ApiError>(app(), world.sessions.manager, 'GET', 'users/drivers/abc');
    expect([bad.status, Object.keys(bad.body.fields ?? {})]).toEqual([400, ['id']]);
  });

  it('is refused to the conflict manager', async () => {
    const response = await call(app(), world.sessions.conflict, 'GET', `users/drivers/${people.dunn.id}`);
    expect(response.status).toBe(403);
  });
});

describe('POST hr/add-driver', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    first_name: ' Eve ',
    last_name: 'Fisher',
    phone_number: '(555) 410-2020',
    email: 'Eve.Fisher@Fleet.test',
    license_number: 'D1234567',
    license_state: 'TX',
    license_expiry: dateIn(200),
    ...overrides,
  });

  const driversCount = async (companyId: number) =>
    Number(
      (
        await database.db
          .selectFrom('drivers')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('lets HR add a driver and answers the driver as saved', async () => {
    const response = await call<Driver>(app(), world.sessions.hr, 'POST', 'hr/add-driver', body());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      first_name: 'Eve',
      last_name: 'Fisher',
      full_name: 'Eve Fisher',
      // HR may not see phone numbers in this company, even the one just typed.
      phone_number: null,
      email: 'eve.fisher@fleet.test',
      status: 'Active',
      is_active: true,
      is_active_for_owner: true,
      owner: null,
      car: null,
      license_number: 'D1234567',
      license_state: 'TX',
      license_expiry_state: 'ok',
    });
    const stored = await database.db
      .selectFrom('drivers')
      .select(['company_id', 'phone_number'])
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ company_id: world.company.id, phone_number: '(555) 410-2020' });
  });

  it('lets managers, admins and superusers add drivers, not dispatchers, trackers or accountants', async () => {
    for (const role of ['manager', 'admin'] as const) {
      expect((await call(app(), world.sessions[role], 'POST', 'hr/add-driver', body())).status, role).toBe(
        200,
      );
    }
    const superuser = await superuserSession(database.db, app(), world.company.id);
    expect((await call(app(), superuser, 'POST', 'hr/add-driver', body())).status).toBe(200);
    for (const role of ['dispatcher', 'tracker', 'accountant', 'conflict'] as const) {
      expect((await call(app(), world.sessions[role], 'POST', 'hr/add-driver', body())).status, role).toBe(
        403,
      );
    }
  });

  it('puts the driver on a vehicle: listed, its active driver when it has none, with its owner', async () => {
    const owner = await insertOwner(database.db, world.company.id);
    const vehicle = await insertVehicle(database.db, world.company.id, { owner_id: owner.id });
    const first = await call<Driver>(app(), world.sessions.manager, 'POST', 'hr/add-driver', {
      ...body(),
      car: vehicle.id,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      car: { id: vehicle.id, unit_id: vehicle.unit_id },
      owner: { id: owner.id },
      phone_number: '(555) 410-2020',
    });
    const second = await call<Driver>(app(), world.sessions.manager, 'POST', 'hr/add-driver', {
      ...body({ first_name: 'Sam' }),
      car: vehicle.id,
      owner: people.owner.id,
    });
    expect(second.body.owner?.id).toBe(people.owner.id);
    const stored = await database.db
      .selectFrom('vehicles')
      .select('active_driver_id')
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(stored.active_driver_id).toBe(first.body.id);
    const listed = await database.db
      .selectFrom('vehicle_drivers')
      .select('driver_id')
      .where('vehicle_id', '=', vehicle.id)
      .orderBy('driver_id')
      .execute();
    expect(listed.map((row) => row.driver_id)).toEqual([first.body.id, second.body.id]);
  });

  it('answers 400 naming each missing or malformed field, and adds nobody', async () => {
    const before = await driversCount(world.company.id);
    const empty = await call<ApiError>(app(), world.sessions.hr, 'POST', 'hr/add-driver', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({
      first_name: [UNITS_MESSAGES.fieldRequired],
      last_name: [UNITS_MESSAGES.fieldRequired],
      phone_number: [UNITS_MESSAGES.fieldRequired],
    });
    const malformed = await call<ApiError>(
      app(),
      world.sessions.hr,
      'POST',
      'hr/add-driver',
      body({ phone_number: '12345', email: 'nope', license_state: 'ZZ' }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields?.phone_number).toEqual(['Must be a US phone number, e.g. (555) 123-4567']);
    expect(malformed.body.fields?.email).toEqual(['Email must be valid']);
    expect(Object.keys(malformed.body.fields ?? {}).sort()).toEqual([
      'email',
      'license_state',
      'phone_number',
    ]);
    expect(await driversCount(world.company.id)).toBe(before);
  });

  it('answers 400 naming owner or car of another company, and adds nobody', async () => {
    const before = await driversCount(world.company.id);
    const theirVehicle = await insertVehicle(database.db, other.company.id);
    const owner = await call<ApiError>(app(), world.sessions.hr, 'POST', 'hr/add-driver', {
      ...body(),
      owner: otherOwner.id,
    });
    expect([owner.status, owner.body.fields]).toEqual([400, { owner: [PEOPLE_MESSAGES.unknownOwner] }]);
    const car = await call<ApiError>(app(), world.sessions.hr, 'POST', 'hr/add-driver', {
      ...body(),
      car: theirVehicle.id,
    });
    expect([car.status, car.body.fields]).toEqual([400, { car: [PEOPLE_MESSAGES.unknownVehicle] }]);
    expect(await driversCount(world.company.id)).toBe(before);
    const listed = await database.db
      .selectFrom('vehicle_drivers')
      .select('driver_id')
      .where('vehicle_id', '=', theirVehicle.id)
      .execute();
    expect(listed).toEqual([]);
  });

  it('refuses a sixth driver on a vehicle (at most 5), adding nobody', async () => {
    const five = [];
    for (let index = 0; index < 4; index++) five.push((await insertDriver(database.db, world.company.id)).id);
    const active = await insertDriver(database.db, world.company.id);
    const vehicle = await insertVehicle(database.db, world.company.id, {
      active_driver_id: active.id,
      driver_ids: five,
    });
    const before = await driversCount(world.company.id);
    const response = await call<ApiError>(app(), world.sessions.hr, 'POST', 'hr/add-driver', {
      ...body(),
      car: vehicle.id,
    });
    expect([response.status, response.body.fields]).toEqual([
      400,
      { car: ['A vehicle has at most 5 drivers'] },
    ]);
    expect(await driversCount(world.company.id)).toBe(before);
  });
});

describe('PUT users/{id}/update-driver-is-active/ and /update-driver-is-active-for-owner/', () => {
  const flagsOf = (id: number) =>
    database.db
      .selectFrom('drivers')
      .select(['is_active', 'is_active_for_owner'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('switch whether the driver, and the owner, see loads; each answers the driver', async () => {
    const driver = await insertDriver(database.db, world.company.id);
    const off = await call<Driver>(
      app(),
      world.sessions.hr,
      'PUT',
      `users/${driver.id}/update-driver-is-active/`,
      {
        is_active: false,
      },
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: driver.id, is_active: false, is_active_for_owner: true });
    expect(await flagsOf(driver.id)).toEqual({ is_active: false, is_active_for_owner: true });

    const ownerOff = await call<Driver>(
      app(),
      world.sessions.manager,
      'PUT',
      `users/${driver.id}/update-driver-is-active-for-owner`,
      { is_active_for_owner: false },
    );
    expect(ownerOff.body).toMatchObject({ is_active: false, is_active_for_owner: false });
    await call(app(), world.sessions.admin, 'PUT', `users/${driver.id}/update-driver-is-active`, {
      is_active: true,
    });
    expect(await flagsOf(driver.id)).toEqual({ is_active: true, is_active_for_owner: false });
  });

  it('refuse to let a fired driver see loads (409), and change nothing', async () => {
    const fired = await insertDriver(database.db, world.company.id, {
      status: 'Fired',
      is_active: false,
      is_active_for_owner: false,
    });
    for (const [path, payload] of [
      ['update-driver-is-active', { is_active: true }],
      ['update-driver-is-active-for-owner', { is_active_for_owner: true }],
    ] as const) {
      const response = await call<ApiError>(
        app(),
        world.sessions.hr,
        'PUT',
        `users/${fired.id}/${path}`,
        payload,
      );
      expect([response.status, response.body.code, response.body.detail]).toEqual([
        409,
        'fired_driver_activation',
        'A fired driver cannot be allowed to see loads.',
      ]);
    }
    expect(await flagsOf(fired.id)).toEqual({ is_active: false, is_active_for_owner: false });
    const off = await call(app(), world.sessions.hr, 'PUT', `users/${fired.id}/update-driver-is-active`, {
      is_active: false,
    });
    expect(off.status).toBe(200);
  });

  it("answer 404 for another company's driver and leave it as it was", async () => {
    for (const [path, payload] of [
      ['update-driver-is-active', { is_active: false }],
      ['update-driver-is-active-for-owner', { is_active_for_owner: false }],
    ] as const) {
      const response = await call(
        app(),
        world.sessions.manager,
        'PUT',
        `users/${otherDriver.id}/${path}`,
        payload,
      );
      expect(response.status, path).toBe(404);
    }
    expect(await flagsOf(otherDriver.id)).toEqual({ is_active: true, is_active_for_owner: true });
  });

  it('answer 400 naming the flag when it is missing or not a boolean', async () => {
    const missing = await call<ApiError>(
      app(),
      world.sessions.hr,
      'PUT',
      `users/${people.dunn.id}/update-driver-is-active`,
      {},
    );
    expect([missing.status, missing.body.fields]).toEqual([
      400,
      { is_active: [UNITS_MESSAGES.fieldRequired] },
    ]);
    const text = await call<ApiError>(
      app(),
      world.sessions.hr,
      'PUT',
      `users/${people.dunn.id}/update-driver-is-active-for-owner`,
      { is_active_for_owner: 'yes' },
    );
    expect([text.status, Object.keys(text.body.fields ?? {})]).toEqual([400, ['is_active_for_owner']]);
  });

  it('are for HR, managers and admins only', async () => {
    for (const role of ['dispatcher', 'tracker', 'accountant', 'conflict'] as const) {
      const response = await call(
        app(),
        world.sessions[role],
        'PUT',
        `users/${people.dunn.id}/update-driver-is-active`,
        {
          is_active: false,
        },
      );
      expect(response.status, role).toBe(403);
    }
    expect(await flagsOf(people.dunn.id)).toEqual({ is_active: true, is_active_for_owner: true });
  });
});

describe('GET users/search/drivers?entity', () => {
  const search = async (query: string, session: Session = world.sessions.dispatcher) => {
    const response = await call<ContactSearchResponse>(
      app(),
      session,
      'GET',
      `users/search/drivers?${query}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.results;
  };

  it('finds drivers by name or unit ID, with the owner company and the unit', async () => {
    const byUnit = await search('search=t-10');
    expect(byUnit).toEqual([
      {
        id: people.dunn.id,
        entity: 'driver',
        full_name: 'Carl Dunn',
        first_name: 'Carl',
        last_name: 'Dunn',
        phone_number: null,
        unit_id: 'T-101',
        company_name: 'Stone Trucking LLC',
        avatar: null,
        driver_chat: null,
        personal_sms_chat: null,
      },
    ]);
    expect((await search('entity=driver&search=anna')).map((contact) => contact.id)).toEqual([
      people.baker.id,
    ]);
    // Listed on T-202 without driving it: still found by its unit ID.
    expect((await search('search=T-202')).map((contact) => contact.id)).toEqual([people.baker.id]);
  });

  it('leaves fired drivers and other companies out', async () => {
    expect(await search('search=zed')).toEqual([]);
    expect((await search('search=carl')).map((contact) => contact.id)).toEqual([people.dunn.id]);
  });

  it('shows and searches phone numbers only for a viewer who may see them', async () => {
    const asManager = await search('search=555-201', world.sessions.manager);
    expect(asManager.map((contact) => [contact.id, contact.phone_number])).toEqual([
      [people.dunn.id, '(555) 201-3344'],
    ]);
    expect(await search('search=555-201')).toEqual([]);
  });

  it('finds owners with entity=owner, with the unit ID of their first vehicle', async () => {
    const owners = await search('entity=owner&search=stone', world.sessions.manager);
    expect(owners).toEqual([
      expect.objectContaining({
        id: people.owner.id,
        entity: 'owner',
        full_name: 'Bob Stone',
        company_name: 'Stone Trucking LLC',
        phone_number: '(555) 600-1000',
        unit_id: 'T-101',
      }),
    ]);
    expect((await search('entity=owner&search=stone'))[0]?.phone_number).toBeNull();
  });

  it('answers 400 naming entity when it is neither driver nor owner', async () => {
    const response = await call<ApiError>(
      app(),
      world.sessions.dispatcher,
      'GET',
      'users/search/drivers?entity=truck',
    );
    expect([response.status, response.body.fields]).toEqual([
      400,
      { entity: ["Must be 'driver' or 'owner'"] },
    ]);
  });

  it('is open to dispatchers and trackers, not to the conflict manager', async () => {
    expect((await call(app(), world.sessions.tracker, 'GET', 'users/search/drivers')).status).toBe(200);
    expect((await call(app(), world.sessions.conflict, 'GET', 'users/search/drivers')).status).toBe(403);
  });
});

describe('the indexes of the filters', () => {
  /** The plan PostgreSQL chooses for the count a filter runs. */
  const planOf = (db: Db, companyId: number, filters: driverList.DriverFilters) =>
    planOfFirstQuery(db, (counted) => driverList.countDrivers(counted, companyId, filters));

  it('are used by the search, the phone search and the owner, status and is_active filters', async () => {
    const big = await createCompany(database.db);
    const owner = await insertOwner(database.db, big.id);
    await database.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO drivers (company_id, first_name, last_name, phone_number, email)
         SELECT $1, 'First' || n, 'Last' || n, '(555) ' || lpad(n::text, 7, '0'), 'driver' || n || '@fleet.test'
         FROM generate_series(1, 3000) AS n`,
        [big.id],
      ),
    );
    await insertDriver(database.db, big.id, { status: 'Fired', is_active: false, owner_id: owner.id });
    await database.db.executeQuery(CompiledQuery.raw('ANALYZE drivers'));

    const search = await planOf(database.db, big.id, {
      search: { text: 'last123', phoneDigits: null },
    });
    expect(search).toContain('drivers_search_full_name_idx');
    expect(search).toContain('drivers_search_last_name_idx');
    expect(search).toContain('drivers_search_email_idx');
    const phone = await planOf(database.db, big.id, {
      search: { text: '555 000 12', phoneDigits: '55500012' },
    });
    expect(phone).toContain('drivers_search_phone_idx');
    expect(await planOf(database.db, big.id, { owner: owner.id })).toContain('drivers_owner_idx');
    expect(await planOf(database.db, big.id, { status: 'Fired' })).toContain(
      'drivers_company_status_name_idx',
    );
    expect(await planOf(database.db, big.id, { is_active: false })).toContain(
      'drivers_company_active_name_idx',
    );
  });
});

describe('OpenAPI', () => {
  it('documents every drivers and owners call', async () => {
    const spec = await app().inject({ method: 'GET', url: '/backend/api/docs/json' });
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(
        [
          'users/drivers',
          'users/drivers/{id}',
          'hr/add-driver',
          'users/{id}/update-driver-is-active',
          'users/{id}/update-driver-is-active-for-owner',
          'users/search/drivers',
          'users/owners',
          'users/owners/{id}',
          'users/owners/create',
          'users/owners/{id}/update',
          'users/owner-companies',
        ].map((path) => `/backend/api/v2/${path}`),
      ),
    );
  });
});
