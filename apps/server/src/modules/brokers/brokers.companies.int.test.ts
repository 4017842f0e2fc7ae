import type { BrokerCompany, BrokerCompanyListResponse } from '@app/domain/brokers/brokers.schema';
import { brokerCompanyListResponseSchema, brokerCompanySchema } from '@app/domain/brokers/brokers.schema';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { unique } from '../../../test/factories';
import { buildTestApp } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import { countingPlugin } from '../../../test/database-probes';
import { insertLoad } from '../loads/loads.fixtures';
import {
  call,
  createBrokersWorld,
  createNonOtrCompany,
  createOtrBroker,
  uniqueMcNumber,
  type RoleName,
} from './brokers.fixtures';

const { database, testApp, world } = setUpTestApp(createBrokersWorld);

const api = (role: RoleName, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  call(testApp.app, world.sessions[role], method, path, payload);

describe('POST brokers/otr-broker-company/create', () => {
  it('adds an OTR broker by its MC number, normalised, as Unknown and waiting to be rated', async () => {
    const mc = uniqueMcNumber();
    const response = await api('dispatcher', 'POST', 'otr-broker-company/create', {
      name: ' Total Quality Logistics ',
      mc_number: `MC-0${mc}`,
      dot_number: '2218090',
      brokerage: 'M',
      city: 'Cincinnati',
      state: 'OH',
      phone: '(513) 831-2600',
      email: 'Loads@TQL.test',
    });
    expect(response.status, response.body).toBe(200);
    const broker = brokerCompanySchema.parse(response.json());
    expect(broker).toMatchObject({
      name: 'Total Quality Logistics',
      mc_number: mc,
      dot_number: '2218090',
      is_otr: true,
      brokerage: 'M',
      state: 'OH',
      email: 'loads@tql.test',
      rating: { id: 1, name: 'Unknown', color: '#9e9e9e' },
      in_blacklist: false,
      notify_no_posting: false,
      credit_check: null,
    });
    expect(broker.rating_requested_at).not.toBeNull();
  });

  it('refuses a bad MC number, naming the field (400), and saves nothing', async () => {
    const name = `Bad MC ${unique()}`;
    for (const [mcNumber, message] of [
      ['MC-12A456', 'MC number must contain digits only'],
      ['123456789', 'MC number must have at most 8 digits'],
      ['', 'This field is required'],
    ] as const) {
      const response = await api('manager', 'POST', 'otr-broker-company/create', {
        name,
        mc_number: mcNumber,
      });
      expect(response.status).toBe(400);
      expect(response.error().fields).toEqual({ mc_number: [message] });
    }
    const search = await api('manager', 'GET', `all?search=${encodeURIComponent(name)}`);
    expect(search.json<BrokerCompanyListResponse>().count).toBe(0);
  });

  it('names each bad field: name, phone, e-mail, state and brokerage', async () => {
    const response = await api('manager', 'POST', 'otr-broker-company/create', {
      mc_number: uniqueMcNumber(),
      phone: '12',
      email: 'nope',
      state: 'ZZ',
      brokerage: 'X',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.error().fields ?? {}).sort()).toEqual([
      'brokerage',
      'email',
      'name',
      'phone',
      'state',
    ]);
  });

  it('answers 409 naming mc_number when the company already has the MC number, however typed', async () => {
    const existing = await createOtrBroker(testApp.app, world.sessions.manager);
    const response = await api('manager', 'POST', 'otr-broker-company/create', {
      name: 'Same broker again',
      mc_number: `mc 00${existing.mc_number}`,
    });
    expect(response.status).toBe(409);
    expect(response.error()).toMatchObject({
      code: 'mc_number_taken',
      detail: 'A broker company with this MC number already exists.',
      fields: { mc_number: ['A broker company with this MC number already exists.'] },
    });
    // A non-OTR company may not take it either.
    const nonOtr = await api('manager', 'POST', 'non-otr-broker-company/create', {
      name: 'Shipper',
      mc_number: existing.mc_number,
    });
    expect(nonOtr.status).toBe(409);
  });

  it('lets another carrier keep its own broker with the same MC number', async () => {
    const response = await api('manager', 'POST', 'otr-broker-company/create', {
      name: 'Known elsewhere',
      mc_number: world.other.mcNumber,
    });
    expect(response.status, response.body).toBe(200);
  });

  it('is for the partners page (3, 4, 5, 7) and the conflict manager: tracker and HR get 403', async () => {
    for (const role of ['admin', 'manager', 'dispatcher', 'accountant', 'conflictManager'] as const) {
      const response = await api(role, 'POST', 'otr-broker-company/create', {
        name: `By ${role}`,
        mc_number: uniqueMcNumber(),
      });
      expect(response.status, role).toBe(200);
    }
    for (const role of ['tracker', 'hr'] as const) {
      const response = await api(role, 'POST', 'otr-broker-company/create', {
        name: `By ${role}`,
        mc_number: uniqueMcNumber(),
      });
      expect(response.status, role).toBe(403);
    }
  });
});

describe('GET brokers/get-by-mc', () => {
  it('finds the broker however the MC number is typed', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.dispatcher);
    const response = await api('tracker', 'GET', `get-by-mc?mc_number=MC-0${broker.mc_number}`);
    expect(response.status, response.body).toBe(200);
    expect(response.json<BrokerCompany>().id).toBe(broker.id);
  });

  it("answers 404 for an unknown MC number and for another carrier's broker", async () => {
    expect((await api('dispatcher', 'GET', `get-by-mc?mc_number=${uniqueMcNumber()}`)).status).toBe(404);
    const mcNumber = uniqueMcNumber();
    await database.db
      .insertInto('broker_companies')
      .values({ company_id: world.other.company.id, name: 'Theirs', mc_number: mcNumber })
      .execute();
    expect(
      (await call(testApp.app, world.other.session, 'GET', `get-by-mc?mc_number=${mcNumber}`)).status,
    ).toBe(200);
    expect((await api('dispatcher', 'GET', `get-by-mc?mc_number=${mcNumber}`)).status).toBe(404);
  });

  it('answers 400 naming mc_number when it is not a number', async () => {
    const response = await api('dispatcher', 'GET', 'get-by-mc?mc_number=ABC');
    expect(response.status).toBe(400);
    expect(response.error().fields).toEqual({ mc_number: ['MC number must contain digits only'] });
  });

  it('is not for HR (403)', async () => {
    expect((await api('hr', 'GET', `get-by-mc?mc_number=${uniqueMcNumber()}`)).status).toBe(403);
  });
});

describe('the lists: brokers/all, otr-broker-company, non-otr-broker-company', () => {
  it('answer {count, results} in name order, OTR and non-OTR apart, never another carrier’s', async () => {
    const tag = `List${unique()}`;
    const otrB = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} Bravo` });
    const otrA = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} alpha` });
    const shipper = await createNonOtrCompany(testApp.app, world.sessions.manager, {
      name: `${tag} Charlie`,
    });
    await database.db
      .insertInto('broker_companies')
      .values({ company_id: world.other.company.id, name: `${tag} Other carrier` })
      .execute();

    const ids = async (path: string) => {
      const response = await api('dispatcher', 'GET', `${path}?search=${tag}`);
      expect(response.status, response.body).toBe(200);
      const list = brokerCompanyListResponseSchema.parse(response.json());
      expect(list.count).toBe(list.results.length);
      return list.results.map((broker) => broker.id);
    };
    expect(await ids('all')).toEqual([otrA.id, otrB.id, shipper.id]);
    expect(await ids('otr-broker-company')).toEqual([otrA.id, otrB.id]);
    expect(await ids('non-otr-broker-company')).toEqual([shipper.id]);
    expect(await ids('broker-company')).toEqual([otrA.id, otrB.id, shipper.id]);
  });

  it('page with page and limit, the count covering every page', async () => {
    const tag = `Page${unique()}`;
    const created: number[] = [];
    for (const letter of ['A', 'B', 'C', 'D', 'E']) {
      created.push(
        (await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} ${letter}` })).id,
      );
    }
    const page2 = await api('accountant', 'GET', `all?search=${tag}&limit=2&page=2`);
    const list = page2.json<BrokerCompanyListResponse>();
    expect(list.count).toBe(5);
    expect(list.results.map((broker) => broker.id)).toEqual(created.slice(2, 4));
  });

  it('filter by a part of the name, the start of the MC number, rating and blacklist', async () => {
    const tag = `Filter${unique()}`;
    const mc = uniqueMcNumber();
    const byMc = await createOtrBroker(testApp.app, world.sessions.manager, {
      name: `${tag} one`,
      mc_number: mc,
    });
    const rated = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} two` });
    await database.db
      .updateTable('broker_companies')
      .set({ rating: 4, in_blacklist: true })
      .where('id', '=', rated.id)
      .execute();

    const ids = async (query: string) =>
      (await api('manager', 'GET', `all?${query}`))
        .json<BrokerCompanyListResponse>()
        .results.map((b) => b.id);
    expect(await ids(`search=${tag.toLowerCase()}`)).toEqual([byMc.id, rated.id]);
    expect(await ids(`search=MC-${mc.slice(0, 5)}`)).toContain(byMc.id);
    expect(await ids(`search=${tag}&rating=4`)).toEqual([rated.id]);
    expect(await ids(`search=${tag}&in_blacklist=true`)).toEqual([rated.id]);
    expect(await ids(`search=${tag}&in_blacklist=false`)).toEqual([byMc.id]);
  });

  it('answer 400 naming a bad filter, and 403 to HR', async () => {
    const bad = await api('manager', 'GET', 'all?rating=9');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error().fields ?? {})).toEqual(['rating']);
    expect((await api('hr', 'GET', 'all')).status).toBe(403);
    expect((await api('hr', 'GET', 'otr-broker-company')).status).toBe(403);
  });

  it('run two queries whatever the page size (the caller’s session aside)', async () => {
    const counter = countingPlugin();
    const counted = await buildTestApp(database.db.withPlugin(counter));
    try {
      const session = await login(counted.app, world.users.manager.email, world.users.manager.password);
      const queriesOf = async (query: string) => {
        const before = counter.count;
        const response = await call(counted.app, session, 'GET', `all?${query}`);
        expect(response.status).toBe(200);
        return counter.count - before;
      };
      expect(await queriesOf('limit=2')).toBe(3);
      expect(await queriesOf('limit=100')).toBe(3);
      expect(await queriesOf('limit=100&search=a')).toBe(3);
    } finally {
      await counted.close();
    }
  });
});

describe('GET brokers/broker-company/search {name, in_blacklist}', () => {
  it('finds brokers by a part of the name, names starting with the text first', async () => {
    const tag = `zq${unique()}`;
    const inside = await createOtrBroker(testApp.app, world.sessions.manager, {
      name: `Alpha ${tag} Freight`,
    });
    const starts = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} Zulu` });
    const response = await api('dispatcher', 'GET', `broker-company/search?name=${tag.toUpperCase()}`);
    expect(response.status, response.body).toBe(200);
    const list = brokerCompanyListResponseSchema.parse(response.json());
    expect(list.results.map((broker) => broker.id)).toEqual([starts.id, inside.id]);
    expect(list.count).toBe(2);
  });

  it('finds a broker by its MC number, the one typed in full first', async () => {
    const mc = uniqueMcNumber();
    const exact = await createOtrBroker(testApp.app, world.sessions.manager, {
      name: 'Zz Exact',
      mc_number: mc,
    });
    const longer = await createOtrBroker(testApp.app, world.sessions.manager, {
      name: 'Aa Longer',
      mc_number: `${mc}9`,
    });
    const response = await api('dispatcher', 'GET', `broker-company/search?name=MC-${mc}`);
    expect(response.json<BrokerCompanyListResponse>().results.map((broker) => broker.id)).toEqual([
      exact.id,
      longer.id,
    ]);
  });

  it('leaves blacklisted brokers out with in_blacklist=false, and lists only them with true', async () => {
    const tag = `bl${unique()}`;
    const good = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} good` });
    const bad = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} bad` });
    await database.db
      .updateTable('broker_companies')
      .set({ in_blacklist: true })
      .where('id', '=', bad.id)
      .execute();
    const ids = async (flag: string) =>
      (await api('dispatcher', 'GET', `broker-company/search?name=${tag}&in_blacklist=${flag}`))
        .json<BrokerCompanyListResponse>()
        .results.map((broker) => broker.id);
    expect(await ids('false')).toEqual([good.id]);
    expect(await ids('true')).toEqual([bad.id]);
  });

  it('answers at most 20 by default (the count says how many match) and the limit asked for', async () => {
    const tag = `many${unique()}`;
    await database.db
      .insertInto('broker_companies')
      .values(
        Array.from({ length: 23 }, (_, index) => ({
          company_id: world.company.id,
          name: `${tag} ${String(index).padStart(2, '0')}`,
        })),
      )
      .execute();
    const all = (
      await api('dispatcher', 'GET', `broker-company/search?name=${tag}`)
    ).json<BrokerCompanyListResponse>();
    expect([all.count, all.results.length]).toEqual([23, 20]);
    const five = (
      await api('dispatcher', 'GET', `broker-company/search?name=${tag}&limit=5`)
    ).json<BrokerCompanyListResponse>();
    expect(five.results.map((broker) => broker.name)).toEqual([0, 1, 2, 3, 4].map((n) => `${tag} 0${n}`));
  });

  it("never answers another carrier's brokers", async () => {
    const response = await api(
      'dispatcher',
      'GET',
      `broker-company/search?name=${encodeURIComponent('Other Carrier Broker')}`,
    );
    expect(response.json<BrokerCompanyListResponse>().count).toBe(0);
  });

  it('is open to every role that works loads (3, 4, 5, 6, 7) and the conflict manager; not HR', async () => {
    for (const role of [
      'admin',
      'manager',
      'dispatcher',
      'tracker',
      'accountant',
      'conflictManager',
    ] as const) {
      expect((await api(role, 'GET', 'broker-company/search?name=a')).status, role).toBe(200);
    }
    expect((await api('hr', 'GET', 'broker-company/search?name=a')).status).toBe(403);
  });

  it('answers what the accounting broker picker reads: results with id, name and mc_number', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager, { name: `Picker ${unique()}` });
    const response = await api(
      'accountant',
      'GET',
      `broker-company/search?name=${encodeURIComponent(broker.name)}`,
    );
    expect(response.json<BrokerCompanyListResponse>().results).toEqual([
      expect.objectContaining({ id: broker.id, name: broker.name, mc_number: broker.mc_number }),
    ]);
  });

  it('answers 400 naming a bad in_blacklist', async () => {
    const response = await api('dispatcher', 'GET', 'broker-company/search?name=a&in_blacklist=maybe');
    expect(response.status).toBe(400);
    expect(Object.keys(response.error().fields ?? {})).toEqual(['in_blacklist']);
  });
});

describe('non-OTR companies', () => {
  it('are created with a name alone; the MC number is optional and the company is not queued', async () => {
    const response = await api('accountant', 'POST', 'non-otr-broker-company/create', {
      name: 'Acme Shipping',
      mc_number: '',
      brokerage: 'S',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json<BrokerCompany>()).toMatchObject({
      name: 'Acme Shipping',
      mc_number: null,
      is_otr: false,
      brokerage: 'S',
      rating_requested_at: null,
    });
    const missing = await api('accountant', 'POST', 'non-otr-broker-company/create', {});
    expect(missing.status).toBe(400);
    expect(missing.error().fields).toEqual({ name: ['This field is required'] });
  });

  it('PUT /{id}/update saves every field; a field left out is cleared', async () => {
    const company = await createNonOtrCompany(testApp.app, world.sessions.dispatcher, {
      city: 'Dallas',
      phone: '555-123-4567',
    });
    const response = await api('dispatcher', 'PUT', `non-otr-broker-company/${company.id}/update`, {
      name: 'Renamed Shipping',
      mc_number: 'MC-77',
      email: 'ops@renamed.test',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json<BrokerCompany>()).toMatchObject({
      id: company.id,
      name: 'Renamed Shipping',
      mc_number: '77',
      email: 'ops@renamed.test',
      city: null,
      phone: null,
    });
  });

  it("PUT /{id}/update answers 404 for an OTR broker and for another carrier's company", async () => {
    const otr = await createOtrBroker(testApp.app, world.sessions.manager);
    expect(
      (await api('manager', 'PUT', `non-otr-broker-company/${otr.id}/update`, { name: 'X' })).status,
    ).toBe(404);
    expect(
      (await api('manager', 'PUT', `non-otr-broker-company/${world.other.brokerId}/update`, { name: 'X' }))
        .status,
    ).toBe(404);
  });

  it("GET /{id}/ answers one non-OTR company; 404 for an OTR broker and for another carrier's company", async () => {
    const company = await createNonOtrCompany(testApp.app, world.sessions.manager);
    const response = await api('tracker', 'GET', `non-otr-broker-company/${company.id}/`);
    expect(response.status, response.body).toBe(200);
    expect(brokerCompanySchema.parse(response.json())).toMatchObject({
      id: company.id,
      name: company.name,
      is_otr: false,
    });
    const otr = await createOtrBroker(testApp.app, world.sessions.manager);
    expect((await api('manager', 'GET', `non-otr-broker-company/${otr.id}/`)).status).toBe(404);
    expect((await api('manager', 'GET', `non-otr-broker-company/${world.other.brokerId}/`)).status).toBe(404);
    expect((await api('hr', 'GET', `non-otr-broker-company/${company.id}/`)).status).toBe(403);
  });

  it('PUT /{id}/update answers 409 when another company has the MC number', async () => {
    const otr = await createOtrBroker(testApp.app, world.sessions.manager);
    const company = await createNonOtrCompany(testApp.app, world.sessions.manager);
    const response = await api('manager', 'PUT', `non-otr-broker-company/${company.id}/update`, {
      name: company.name,
      mc_number: otr.mc_number,
    });
    expect(response.status).toBe(409);
    expect(response.error().fields).toEqual({
      mc_number: ['A broker company with this MC number already exists.'],
    });
  });

  it('DELETE /{id}/ removes a company no load names', async () => {
    const company = await createNonOtrCompany(testApp.app, world.sessions.manager);
    const response = await api('accountant', 'DELETE', `non-otr-broker-company/${company.id}/`);
    expect(response.status, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: 'The company has been deleted.' });
    expect((await api('accountant', 'DELETE', `non-otr-broker-company/${company.id}/`)).status).toBe(404);
  });

  it('DELETE keeps a company a load names as its accounting company or broker (409)', async () => {
    const accounting = await createNonOtrCompany(testApp.app, world.sessions.manager);
    const broker = await createNonOtrCompany(testApp.app, world.sessions.manager);
    const loadId = await insertLoad(database.db, world.company.id, { brokerId: broker.id });
    await database.db
      .updateTable('loads')
      .set({ accounting_broker_company_id: accounting.id })
      .where('id', '=', loadId)
      .execute();
    for (const company of [accounting, broker]) {
      const response = await api('manager', 'DELETE', `non-otr-broker-company/${company.id}/`);
      expect(response.status).toBe(409);
      expect(response.error().code).toBe('broker_has_loads');
      expect(response.error().detail).toBe('This company is named on loads and cannot be deleted.');
    }
    const kept = await api('manager', 'GET', `all?search=${encodeURIComponent(accounting.name)}`);
    expect(kept.json<BrokerCompanyListResponse>().count).toBe(1);
  });

  it("DELETE answers 404 for an OTR broker and another carrier's company, 403 to a dispatcher", async () => {
    const otr = await createOtrBroker(testApp.app, world.sessions.manager);
    const company = await createNonOtrCompany(testApp.app, world.sessions.manager);
    expect((await api('manager', 'DELETE', `non-otr-broker-company/${otr.id}/`)).status).toBe(404);
    expect((await api('manager', 'DELETE', `non-otr-broker-company/${world.other.brokerId}/`)).status).toBe(
      404,
    );
    expect((await api('dispatcher', 'DELETE', `non-otr-broker-company/${company.id}/`)).status).toBe(403);
    expect((await api('tracker', 'POST', 'non-otr-broker-company/create', { name: 'X' })).status).toBe(403);
  });
});

describe('PUT brokers/broker-company/{id}/update', () => {
  it('changes only the fields sent', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager, {
      city: 'Chicago',
      state: 'IL',
    });
    const response = await api('dispatcher', 'PUT', `broker-company/${broker.id}/update`, {
      phone: '(312) 555-0100',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json<BrokerCompany>()).toMatchObject({
      name: broker.name,
      mc_number: broker.mc_number,
      city: 'Chicago',
      state: 'IL',
      phone: '(312) 555-0100',
    });
  });

  it('answers 400 when nothing is sent, and naming a bad field', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const empty = await api('dispatcher', 'PUT', `broker-company/${broker.id}/update`, {});
    expect(empty.status).toBe(400);
    expect(empty.error().detail).toBe('Nothing to change');
    const bad = await api('dispatcher', 'PUT', `broker-company/${broker.id}/update`, { mc_number: 'x1' });
    expect(bad.status).toBe(400);
    expect(bad.error().fields).toEqual({ mc_number: ['MC number must contain digits only'] });
  });

  it('keeps the MC number of an OTR broker (409) and refuses one another broker has (409)', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const other = await createOtrBroker(testApp.app, world.sessions.manager);
    const cleared = await api('manager', 'PUT', `broker-company/${broker.id}/update`, { mc_number: '' });
    expect(cleared.status).toBe(409);
    expect(cleared.error().code).toBe('otr_broker_needs_mc_number');
    expect(cleared.error().detail).toBe('An OTR broker keeps its MC number.');
    const taken = await api('manager', 'PUT', `broker-company/${broker.id}/update`, {
      mc_number: other.mc_number,
    });
    expect(taken.status).toBe(409);
    expect(taken.error().fields).toEqual({
      mc_number: ['A broker company with this MC number already exists.'],
    });
    // Its own number again is no conflict.
    const same = await api('manager', 'PUT', `broker-company/${broker.id}/update`, {
      mc_number: broker.mc_number,
    });
    expect(same.status).toBe(200);
  });

  it("answers 404 for another carrier's broker and 403 to a tracker", async () => {
    expect(
      (await api('manager', 'PUT', `broker-company/${world.other.brokerId}/update`, { name: 'X' })).status,
    ).toBe(404);
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    expect((await api('tracker', 'PUT', `broker-company/${broker.id}/update`, { name: 'X' })).status).toBe(
      403,
    );
  });
});

describe('PUT brokers/broker-company/{id}/ {notify_no_posting}', () => {
  it('switches the notice on and off', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const on = await api('dispatcher', 'PUT', `broker-company/${broker.id}/`, { notify_no_posting: true });
    expect(on.status, on.body).toBe(200);
    expect(on.json<BrokerCompany>().notify_no_posting).toBe(true);
    const off = await api('dispatcher', 'PUT', `broker-company/${broker.id}`, { notify_no_posting: false });
    expect(off.json<BrokerCompany>().notify_no_posting).toBe(false);
  });

  it('answers 400 naming notify_no_posting, 404 for another carrier, 403 to a tracker', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const missing = await api('dispatcher', 'PUT', `broker-company/${broker.id}/`, {});
    expect(missing.status).toBe(400);
    expect(missing.error().fields).toEqual({ notify_no_posting: ['This field is required'] });
    expect(
      (await api('dispatcher', 'PUT', `broker-company/${world.other.brokerId}/`, { notify_no_posting: true }))
        .status,
    ).toBe(404);
    expect(
      (await api('tracker', 'PUT', `broker-company/${broker.id}/`, { notify_no_posting: true })).status,
    ).toBe(403);
  });
});

describe('PUT brokers/broker-company/{id}/credit-check', () => {
  it('records the result, the date and who checked', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const before = Date.now();
    const response = await api('conflictManager', 'PUT', `broker-company/${broker.id}/credit-check`, {
      result: 'Declined',
    });
    const after = Date.now();
    expect(response.status, response.body).toBe(200);
    const check = response.json<BrokerCompany>().credit_check!;
    expect(check.result).toBe('Declined');
    const checker = await database.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', world.users.conflictManager.id)
      .executeTakeFirstOrThrow();
    expect(check.checked_by).toEqual(checker);
    const checkedAt = new Date(check.checked_at).getTime();
    expect(checkedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(checkedAt).toBeLessThanOrEqual(after + 1000);
    // The lists show it too.
    const listed = await api('dispatcher', 'GET', `all?search=${encodeURIComponent(broker.name)}`);
    expect(listed.json<BrokerCompanyListResponse>().results[0]!.credit_check).toEqual(check);
  });

  it('is the broker check: conflict manager, managers and admins; others get 403', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    for (const role of ['conflictManager', 'manager', 'admin'] as const) {
      const response = await api(role, 'PUT', `broker-company/${broker.id}/credit-check`, {
        result: 'Approved',
      });
      expect(response.status, role).toBe(200);
    }
    for (const role of ['dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      const response = await api(role, 'PUT', `broker-company/${broker.id}/credit-check`, {
        result: 'Approved',
      });
      expect(response.status, role).toBe(403);
    }
  });

  it('answers 400 naming result and 404 for another carrier', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const bad = await api('conflictManager', 'PUT', `broker-company/${broker.id}/credit-check`, {
      result: 'Maybe',
    });
    expect(bad.status).toBe(400);
    expect(bad.error().fields).toEqual({ result: ['Result must be Approved, Declined or Needs review'] });
    const other = await api('conflictManager', 'PUT', `broker-company/${world.other.brokerId}/credit-check`, {
      result: 'Approved',
    });
    expect(other.status).toBe(404);
  });

  it('reads a stored result the domain does not know as Needs review', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    await database.db
      .updateTable('broker_companies')
      .set({
        credit_check_result: 'Approved: credit score 94',
        credit_checked_at: new Date(),
      })
      .where('id', '=', broker.id)
      .execute();
    const response = await api('manager', 'GET', `get-by-mc?mc_number=${broker.mc_number}`);
    expect(response.json<BrokerCompany>().credit_check).toMatchObject({
      result: 'Needs review',
      checked_by: null,
    });
  });
});
