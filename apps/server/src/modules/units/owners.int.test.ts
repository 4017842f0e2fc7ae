import type { ApiError } from '@app/domain/common/errors';
import {
  UNITS_MESSAGES,
  type Owner,
  type OwnerCompaniesResponse,
  type OwnerListResponse,
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
import * as repository from './owners.repository';

/** The carrier most tests read: phone numbers hidden from all but managers. */
const { database, testApp, world } = setUpTestApp(createPeopleWorld);
/** Another carrier: none of its owners may be seen or changed from `world`. */
let other: PeopleWorld;
let otherOwner: { id: number };

// The list's owners of `world`, by last name: Avery (inactive), Brown, Stone.
const people = {} as { avery: { id: number }; brown: { id: number }; stone: { id: number } };

beforeAll(async () => {
  other = await createPeopleWorld(database.db, testApp.app);
  const db = database.db;
  const companyId = world.company.id;
  people.stone = await insertOwner(db, companyId, {
    first_name: 'Bob',
    last_name: 'Stone',
    company_name: 'Stone Trucking LLC',
    phone_number: '(555) 600-1000',
    email: 'bob@stonetrucking.test',
    is_wage_visible: true,
  });
  people.brown = await insertOwner(db, companyId, {
    first_name: 'Cara',
    last_name: 'Brown',
    company_name: 'Stone Trucking LLC',
    phone_number: '555-600-2000',
  });
  people.avery = await insertOwner(db, companyId, {
    first_name: 'Ann',
    last_name: 'Avery',
    company_name: 'Avery Haulers',
    phone_number: '+1 555 600 3000',
    is_active: false,
  });
  for (let index = 0; index < 2; index++) {
    await insertDriver(db, companyId, { owner_id: people.stone.id });
  }
  await insertVehicle(db, companyId, { owner_id: people.stone.id });
  otherOwner = await insertOwner(db, other.company.id, {
    first_name: 'Bob',
    last_name: 'Stoneman',
    company_name: 'Stone Logistics',
  });
});

const app = () => testApp.app;
const idsOf = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);

async function listOwners(query: string, session: Session = world.sessions.manager) {
  const response = await call<OwnerListResponse>(app(), session, 'GET', `users/owners?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe('GET users/owners', () => {
  it('answers {count, results} by last name, with drivers and vehicles counted', async () => {
    const body = await listOwners('');
    expect(body.count).toBe(3);
    expect(idsOf(body)).toEqual([people.avery.id, people.brown.id, people.stone.id]);
    expect(body.results[2]).toEqual({
      id: people.stone.id,
      first_name: 'Bob',
      last_name: 'Stone',
      full_name: 'Bob Stone',
      company_name: 'Stone Trucking LLC',
      phone_number: '(555) 600-1000',
      email: 'bob@stonetrucking.test',
      is_wage_visible: true,
      is_active: true,
      drivers_count: 2,
      vehicles_count: 1,
      created_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
    expect(body.results[1]).toMatchObject({ drivers_count: 0, vehicles_count: 0, is_wage_visible: false });
  });

  it('pages, and filters by company name (its start), is_active and text', async () => {
    const second = await listOwners('page=2&limit=2');
    expect([second.count, ...idsOf(second)]).toEqual([3, people.stone.id]);
    expect(idsOf(await listOwners('company_name=stone%20truck'))).toEqual([people.brown.id, people.stone.id]);
    expect(idsOf(await listOwners('is_active=false'))).toEqual([people.avery.id]);
    expect(idsOf(await listOwners('is_active=true&company_name=Stone'))).toEqual([
      people.brown.id,
      people.stone.id,
    ]);
    expect(idsOf(await listOwners('search=cara'))).toEqual([people.brown.id]);
    expect(idsOf(await listOwners('search=avery%20h'))).toEqual([people.avery.id]);
    expect(idsOf(await listOwners('search=bob@'))).toEqual([people.stone.id]);
    expect(idsOf(await listOwners('search=555%20600%202'))).toEqual([people.brown.id]);
  });

  it("never shows another company's owners", async () => {
    expect(idsOf(await listOwners('search=bob'))).toEqual([people.stone.id]);
    expect((await listOwners('company_name=Stone%20Logistics')).count).toBe(0);
  });

  it('hides phone numbers, and does not search them, unless the viewer may see them', async () => {
    const asDispatcher = await listOwners('search=bob', world.sessions.dispatcher);
    expect(asDispatcher.results[0]?.phone_number).toBeNull();
    for (const role of ['admin', 'accountant', 'hr'] as const) {
      expect(
        (await listOwners('search=bob', world.sessions[role])).results[0]?.phone_number,
        role,
      ).toBeNull();
    }
    expect((await listOwners('search=555%20600', world.sessions.accountant)).count).toBe(0);
    const superuser = await superuserSession(database.db, app(), world.company.id);
    expect((await listOwners('search=bob', superuser)).results[0]?.phone_number).toBe('(555) 600-1000');
    const open = await createPeopleWorld(database.db, app(), { is_visible_phone_numbers: true });
    await insertOwner(database.db, open.company.id, { phone_number: '(555) 800-9000' });
    const openList = await listOwners('', open.sessions.dispatcher);
    expect(openList.results.map((owner) => owner.phone_number)).toEqual(['(555) 800-9000']);
  });

  it('answers 400 naming the field of a bad filter', async () => {
    for (const [query, field] of [
      ['is_active=maybe', 'is_active'],
      ['limit=501', 'limit'],
      [`company_name=${'x'.repeat(101)}`, 'company_name'],
    ]) {
      const response = await call<ApiError>(app(), world.sessions.manager, 'GET', `users/owners?${query}`);
      expect([response.status, Object.keys(response.body.fields ?? {})], query).toEqual([400, [field]]);
    }
  });

  it('is open to the roles of the page and to dispatchers and trackers, not to the conflict manager', async () => {
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      expect((await call(app(), world.sessions[role], 'GET', 'users/owners')).status, role).toBe(200);
    }
    expect((await call(app(), world.sessions.conflict, 'GET', 'users/owners')).status).toBe(403);
    expect((await call(app(), null, 'GET', 'users/owners')).status).toBe(401);
  });

  it('runs the same number of queries whatever the page size', async () => {
    const counter = countingPlugin();
    const counted = await buildTestApp(database.db.withPlugin(counter));
    try {
      const queriesOf = async (query: string) => {
        const before = counter.count;
        const response = await call<OwnerListResponse>(
          counted.app,
          world.sessions.accountant,
          'GET',
          `users/owners?${query}`,
        );
        expect(response.status).toBe(200);
        return { queries: counter.count - before, rows: response.body.results.length };
      };
      const small = await queriesOf('limit=1');
      const large = await queriesOf('limit=3');
      expect([small.rows, large.rows]).toEqual([1, 3]);
      // The caller's session, the company's phone setting, the count and the page.
      expect([small.queries, large.queries]).toEqual([4, 4]);
    } finally {
      await counted.close();
    }
  });
});

describe('GET users/owners/{id}', () => {
  it("answers the owner, and 404 for another company's", async () => {
    const mine = await call<Owner>(app(), world.sessions.hr, 'GET', `users/owners/${people.stone.id}/`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: people.stone.id, drivers_count: 2, phone_number: null });
    const theirs = await call<ApiError>(app(), world.sessions.hr, 'GET', `users/owners/${otherOwner.id}`);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'not_found']);
  });
});

describe('POST users/owners/create', () => {
  const body = {
    first_name: 'Dora',
    last_name: 'Miles',
    company_name: 'Miles Freight Inc',
    phone_number: '(555) 444-1212',
    email: 'DORA@miles.test',
  };

  it('creates an owner, active and without wage visibility unless told, and answers it', async () => {
    const response = await call<Owner>(app(), world.sessions.accountant, 'POST', 'users/owners/create', body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      first_name: 'Dora',
      last_name: 'Miles',
      full_name: 'Dora Miles',
      company_name: 'Miles Freight Inc',
      phone_number: null,
      email: 'dora@miles.test',
      is_wage_visible: false,
      is_active: true,
      drivers_count: 0,
      vehicles_count: 0,
    });
    const stored = await database.db
      .selectFrom('owners')
      .select(['company_id', 'phone_number'])
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ company_id: world.company.id, phone_number: '(555) 444-1212' });
    const visible = await call<Owner>(app(), world.sessions.manager, 'POST', 'users/owners/create', {
      ...body,
      is_wage_visible: true,
    });
    expect(visible.body).toMatchObject({ is_wage_visible: true, phone_number: '(555) 444-1212' });
  });

  it('is for admins, managers, accountants and HR', async () => {
    for (const role of ['admin', 'hr'] as const) {
      expect(
        (await call(app(), world.sessions[role], 'POST', 'users/owners/create', body)).status,
        role,
      ).toBe(200);
    }
    for (const role of ['dispatcher', 'tracker', 'conflict'] as const) {
      expect(
        (await call(app(), world.sessions[role], 'POST', 'users/owners/create', body)).status,
        role,
      ).toBe(403);
    }
  });

  it('answers 400 naming each missing or malformed field, and creates nothing', async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('owners')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('company_id', '=', world.company.id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    const empty = await call<ApiError>(app(), world.sessions.manager, 'POST', 'users/owners/create', {});
    expect([empty.status, empty.body.fields]).toEqual([
      400,
      {
        first_name: [UNITS_MESSAGES.fieldRequired],
        last_name: [UNITS_MESSAGES.fieldRequired],
        phone_number: [UNITS_MESSAGES.fieldRequired],
      },
    ]);
    const malformed = await call<ApiError>(app(), world.sessions.manager, 'POST', 'users/owners/create', {
      ...body,
      phone_number: '555',
      is_wage_visible: 'yes',
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fields ?? {}).sort()).toEqual(['is_wage_visible', 'phone_number']);
    expect(malformed.body.fields?.phone_number).toEqual(['Must be a US phone number, e.g. (555) 123-4567']);
    expect(await count()).toBe(before);
  });
});

describe('PUT users/owners/{id}/update', () => {
  const stored = (id: number) =>
    database.db
      .selectFrom('owners')
      .select(['first_name', 'company_name', 'phone_number', 'is_wage_visible', 'is_active'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('switches wage visibility alone, leaving every other field as it was', async () => {
    const owner = await insertOwner(database.db, world.company.id, { company_name: 'Keep Me LLC' });
    const before = await stored(owner.id);
    const response = await call<Owner>(
      app(),
      world.sessions.accountant,
      'PUT',
      `users/owners/${owner.id}/update`,
      {
        is_wage_visible: true,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: owner.id, is_wage_visible: true, company_name: 'Keep Me LLC' });
    expect(await stored(owner.id)).toEqual({ ...before, is_wage_visible: true });
  });

  it('changes the fields sent; an empty company name clears it', async () => {
    const owner = await insertOwner(database.db, world.company.id);
    const response = await call<Owner>(app(), world.sessions.hr, 'PUT', `users/owners/${owner.id}/update/`, {
      first_name: 'Nina',
      company_name: '',
      phone_number: '(555) 999-0101',
      is_active: false,
    });
    expect(response.status).toBe(200);
    expect(await stored(owner.id)).toEqual({
      first_name: 'Nina',
      company_name: null,
      phone_number: '(555) 999-0101',
      is_wage_visible: false,
      is_active: false,
    });
  });

  it("answers 404 for another company's owner and leaves it as it was", async () => {
    const before = await stored(otherOwner.id);
    const response = await call(
      app(),
      world.sessions.manager,
      'PUT',
      `users/owners/${otherOwner.id}/update`,
      {
        is_wage_visible: true,
      },
    );
    expect(response.status).toBe(404);
    expect(await stored(otherOwner.id)).toEqual(before);
  });

  it('answers 400 when nothing is sent, and naming a malformed field', async () => {
    const empty = await call<ApiError>(
      app(),
      world.sessions.manager,
      'PUT',
      `users/owners/${people.brown.id}/update`,
      {},
    );
    expect([empty.status, empty.body.detail]).toEqual([400, 'Nothing to change']);
    const bad = await call<ApiError>(
      app(),
      world.sessions.manager,
      'PUT',
      `users/owners/${people.brown.id}/update`,
      {
        email: 'not-an-email',
      },
    );
    expect([bad.status, bad.body.fields]).toEqual([400, { email: ['Email must be valid'] }]);
  });

  it('is refused to dispatchers, trackers and the conflict manager', async () => {
    for (const role of ['dispatcher', 'tracker', 'conflict'] as const) {
      const response = await call(
        app(),
        world.sessions[role],
        'PUT',
        `users/owners/${people.brown.id}/update`,
        {
          is_wage_visible: true,
        },
      );
      expect(response.status, role).toBe(403);
    }
    expect((await stored(people.brown.id)).is_wage_visible).toBe(false);
  });
});

describe('GET users/owner-companies?name', () => {
  const companies = async (query: string, session: Session = world.sessions.dispatcher) => {
    const response = await call<OwnerCompaniesResponse>(
      app(),
      session,
      'GET',
      `users/owner-companies?${query}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.results;
  };

  it("answers the company names starting with the text, each with its owners, never another company's", async () => {
    expect(await companies('name=stone')).toEqual([{ company_name: 'Stone Trucking LLC', owners_count: 2 }]);
    expect(await companies('name=AVERY')).toEqual([{ company_name: 'Avery Haulers', owners_count: 1 }]);
    expect(await companies('name=trucking')).toEqual([]);
  });

  it('answers 400 naming limit out of range, and 403 to the conflict manager', async () => {
    const bad = await call<ApiError>(
      app(),
      world.sessions.dispatcher,
      'GET',
      'users/owner-companies?limit=51',
    );
    expect([bad.status, Object.keys(bad.body.fields ?? {})]).toEqual([400, ['limit']]);
    expect((await call(app(), world.sessions.conflict, 'GET', 'users/owner-companies')).status).toBe(403);
  });
});

describe('the indexes of the filters', () => {
  /** The plan PostgreSQL chooses for the count a filter runs. */
  const planOf = (db: Db, companyId: number, filters: repository.OwnerFilters) =>
    planOfFirstQuery(db, (counted) => repository.countOwners(counted, companyId, filters));

  it('are used by the search, the company name and is_active on a company of 3,000 owners', async () => {
    const big = await createCompany(database.db);
    await database.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO owners (company_id, first_name, last_name, company_name, phone_number, email)
         SELECT $1, 'First' || n, 'Last' || n, 'Fleet ' || n, '(555) ' || lpad(n::text, 7, '0'),
           'owner' || n || '@fleet.test'
         FROM generate_series(1, 3000) AS n`,
        [big.id],
      ),
    );
    await insertOwner(database.db, big.id, { is_active: false });
    await database.db.executeQuery(CompiledQuery.raw('ANALYZE owners'));

    const search = await planOf(database.db, big.id, { search: { text: 'last123', phoneDigits: null } });
    for (const index of [
      'owners_search_full_name_idx',
      'owners_search_last_name_idx',
      'owners_search_company_name_idx',
      'owners_search_email_idx',
    ]) {
      expect(search).toContain(index);
    }
    const phone = await planOf(database.db, big.id, {
      search: { text: '555 000 12', phoneDigits: '55500012' },
    });
    expect(phone).toContain('owners_search_phone_idx');
    expect(await planOf(database.db, big.id, { company_name: 'fleet 12' })).toContain(
      'owners_search_company_name_idx',
    );
    expect(await planOf(database.db, big.id, { is_active: false })).toContain(
      'owners_company_active_name_idx',
    );
  });
});
