import type { BrokerCompany, BrokerCompanyListResponse } from '@app/domain/brokers/brokers.schema';
import { isLoadFromBlacklistedBroker } from '@app/domain/brokers/brokers.rules';
import type { LoadListResponse } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { insertLoad, LOADS_API } from '../loads/loads.fixtures';
import { call, createBrokersWorld, createOtrBroker, type RoleName } from './brokers.fixtures';

const { database, testApp, world } = setUpTestApp(createBrokersWorld);

const api = (role: RoleName, method: 'GET' | 'PUT', path: string, payload?: unknown) =>
  call(testApp.app, world.sessions[role], method, path, payload);

const blacklist = (role: RoleName, id: number, body: unknown) =>
  api(role, 'PUT', `broker-company/blacklist/${id}/update`, body);

async function loadList(list: string, session: Session): Promise<LoadListResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/${list}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoadListResponse>();
}

const brokerOfLoad = (list: LoadListResponse, id: number) =>
  list.results.find((load) => load.id === id)?.broker_company;

describe('PUT brokers/broker-company/blacklist/{id}/update', () => {
  it('puts a broker on the blacklist with the reason, when and by whom; taking it off clears them', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const before = Date.now();
    const listed = await blacklist('conflictManager', broker.id, {
      in_blacklist: true,
      blacklist_reason: 'Double brokering',
    });
    expect(listed.status, listed.body).toBe(200);
    const body = listed.json<BrokerCompany>();
    expect(body).toMatchObject({ in_blacklist: true, blacklist_reason: 'Double brokering' });
    expect(new Date(body.blacklisted_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await database.db
      .selectFrom('broker_companies')
      .select(['blacklisted_by'])
      .where('id', '=', broker.id)
      .executeTakeFirstOrThrow();
    expect(row.blacklisted_by).toBe(world.users.conflictManager.id);

    const removed = await blacklist('conflictManager', broker.id, {
      in_blacklist: false,
      blacklist_reason: 'x',
    });
    expect(removed.json<BrokerCompany>()).toMatchObject({
      in_blacklist: false,
      blacklist_reason: null,
      blacklisted_at: null,
    });
  });

  it('rewording the reason of a listed broker keeps when it was listed', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const first = (
      await blacklist('manager', broker.id, { in_blacklist: true, blacklist_reason: 'Late pay' })
    ).json<BrokerCompany>();
    const second = (
      await blacklist('manager', broker.id, { in_blacklist: true, blacklist_reason: 'Never paid' })
    ).json<BrokerCompany>();
    expect(second.blacklist_reason).toBe('Never paid');
    expect(second.blacklisted_at).toBe(first.blacklisted_at);
  });

  it('needs the reason (400 naming blacklist_reason) and changes nothing without it', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const response = await blacklist('conflictManager', broker.id, {
      in_blacklist: true,
      blacklist_reason: ' ',
    });
    expect(response.status).toBe(400);
    expect(response.error().fields).toEqual({ blacklist_reason: ['Say why the broker is blacklisted'] });
    const missingFlag = await blacklist('conflictManager', broker.id, {});
    expect(missingFlag.error().fields).toEqual({ in_blacklist: ['This field is required'] });
    const row = await database.db
      .selectFrom('broker_companies')
      .select('in_blacklist')
      .where('id', '=', broker.id)
      .executeTakeFirstOrThrow();
    expect(row.in_blacklist).toBe(false);
  });

  it('is the broker check: conflict manager, managers and admins; 403 to the others', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    for (const role of ['conflictManager', 'manager', 'admin'] as const) {
      const response = await blacklist(role, broker.id, {
        in_blacklist: true,
        blacklist_reason: `By ${role}`,
      });
      expect(response.status, role).toBe(200);
    }
    for (const role of ['dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      const response = await blacklist(role, broker.id, { in_blacklist: false });
      expect(response.status, role).toBe(403);
    }
  });

  it("answers 404 for another carrier's broker", async () => {
    const response = await blacklist('conflictManager', world.other.brokerId, {
      in_blacklist: true,
      blacklist_reason: 'Not ours',
    });
    expect(response.status).toBe(404);
  });
});

describe('the blacklist through PUT brokers/broker-company/{id}/update', () => {
  it('takes in_blacklist and blacklist_reason from the broker check roles', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const response = await api('conflictManager', 'PUT', `broker-company/${broker.id}/update`, {
      in_blacklist: true,
      blacklist_reason: 'Fake rate confirmations',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json<BrokerCompany>()).toMatchObject({
      in_blacklist: true,
      blacklist_reason: 'Fake rate confirmations',
    });
  });

  it('refuses the blacklist fields to a dispatcher (403) and changes nothing', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const response = await api('dispatcher', 'PUT', `broker-company/${broker.id}/update`, {
      name: 'Renamed',
      in_blacklist: true,
      blacklist_reason: 'Because',
    });
    expect(response.status).toBe(403);
    expect(response.error().code).toBe('blacklist_forbidden');
    expect(response.error().detail).toBe(
      'Only the conflict manager, managers and admins can change the blacklist.',
    );
    const row = await database.db
      .selectFrom('broker_companies')
      .select(['name', 'in_blacklist'])
      .where('id', '=', broker.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: broker.name, in_blacklist: false });
  });

  it('needs the reason when listing (400 naming blacklist_reason)', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const response = await api('manager', 'PUT', `broker-company/${broker.id}/update`, {
      in_blacklist: true,
    });
    expect(response.status).toBe(400);
    expect(response.error().fields).toEqual({ blacklist_reason: ['Say why the broker is blacklisted'] });
  });
});

describe('GET brokers/broker-company/blacklist', () => {
  it('lists the blacklisted brokers only, in name order; GET brokers/broker-company?in_blacklist=true too', async () => {
    const tag = `Black${Date.now().toString(36)}`;
    const b = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} b` });
    const a = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} a` });
    const clean = await createOtrBroker(testApp.app, world.sessions.manager, { name: `${tag} clean` });
    for (const broker of [b, a]) {
      await blacklist('conflictManager', broker.id, { in_blacklist: true, blacklist_reason: 'Scam' });
    }
    await database.db
      .insertInto('broker_companies')
      .values({ company_id: world.other.company.id, name: `${tag} theirs`, in_blacklist: true })
      .execute();

    for (const path of [
      `broker-company/blacklist?search=${tag}`,
      `broker-company?in_blacklist=true&search=${tag}`,
    ]) {
      const response = await api('dispatcher', 'GET', path);
      expect(response.status, response.body).toBe(200);
      const list = response.json<BrokerCompanyListResponse>();
      expect(list.count).toBe(2);
      expect(list.results.map((broker) => broker.id)).toEqual([a.id, b.id]);
      expect(list.results.every((broker) => broker.blacklist_reason === 'Scam')).toBe(true);
    }
    // in_blacklist=false on the blacklist's own path still answers the blacklist.
    const forced = await api(
      'dispatcher',
      'GET',
      `broker-company/blacklist?search=${tag}&in_blacklist=false`,
    );
    expect(forced.json<BrokerCompanyListResponse>().results.map((broker) => broker.id)).not.toContain(
      clean.id,
    );
  });

  it('is for every role that works loads and the conflict manager; not HR', async () => {
    for (const role of [
      'admin',
      'manager',
      'dispatcher',
      'tracker',
      'accountant',
      'conflictManager',
    ] as const) {
      expect((await api(role, 'GET', 'broker-company/blacklist')).status, role).toBe(200);
    }
    expect((await api('hr', 'GET', 'broker-company/blacklist')).status).toBe(403);
  });
});

describe('loads of a blacklisted broker', () => {
  it('come back marked in_blacklist on the load lists once the broker is blacklisted, and unmarked after', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const active = await insertLoad(database.db, world.company.id, { brokerId: broker.id, status: 2 });
    const checkout = await insertLoad(database.db, world.company.id, { brokerId: broker.id, status: 8 });
    const dispatcher = world.sessions.dispatcher;

    expect(brokerOfLoad(await loadList('active', dispatcher), active)).toMatchObject({
      id: broker.id,
      in_blacklist: false,
    });

    const recorder = recordEvents(testApp.bus);
    const listed = await blacklist('conflictManager', broker.id, {
      in_blacklist: true,
      blacklist_reason: 'Scam',
    });
    recorder.stop();
    expect(listed.status, listed.body).toBe(200);

    const activeList = await loadList('active', dispatcher);
    expect(brokerOfLoad(activeList, active)).toMatchObject({ id: broker.id, in_blacklist: true });
    expect(isLoadFromBlacklistedBroker(activeList.results.find((load) => load.id === active)!)).toBe(true);
    expect(brokerOfLoad(await loadList('checkout', dispatcher), checkout)).toMatchObject({
      in_blacklist: true,
    });

    // Open load lists are told to refetch the broker's loads.
    expect(recorder.events).toMatchObject([
      {
        event: 'update_loads',
        data: { ids: [active, checkout], action: 'broker_company' },
        companyId: world.company.id,
      },
    ]);

    await blacklist('manager', broker.id, { in_blacklist: false });
    expect(brokerOfLoad(await loadList('active', dispatcher), active)).toMatchObject({ in_blacklist: false });
  });

  it('are not told when the mark does not change: only the partners pages learn the new reason', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    await insertLoad(database.db, world.company.id, { brokerId: broker.id });
    await blacklist('manager', broker.id, { in_blacklist: true, blacklist_reason: 'Scam' });
    const recorder = recordEvents(testApp.bus);
    await blacklist('manager', broker.id, { in_blacklist: true, blacklist_reason: 'Scam, confirmed' });
    recorder.stop();
    expect(recorder.events).toEqual([
      {
        event: 'update_units',
        data: { kind: 'broker_company', ids: [broker.id] },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7, 13],
      },
    ]);
  });
});
