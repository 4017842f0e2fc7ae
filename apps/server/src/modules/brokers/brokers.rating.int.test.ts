import type {
  BrokerCompany,
  BrokerCompanyListResponse,
  RatingHistoryResponse,
} from '@app/domain/brokers/brokers.schema';
import { ratingHistoryResponseSchema } from '@app/domain/brokers/brokers.schema';
import type { LoadListResponse } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { insertLoad, LOADS_API } from '../loads/loads.fixtures';
import {
  call,
  createBrokersWorld,
  createNonOtrCompany,
  createOtrBroker,
  type RoleName,
} from './brokers.fixtures';

const { database, testApp, world } = setUpTestApp(createBrokersWorld);

const api = (role: RoleName, method: 'GET' | 'PUT', path: string, payload?: unknown) =>
  call(testApp.app, world.sessions[role], method, path, payload);

const rate = (role: RoleName, id: number, body: unknown) =>
  api(role, 'PUT', `rating/broker-company/${id}/update`, body);

async function queueIds(search = ''): Promise<number[]> {
  const response = await api('conflictManager', 'GET', `rating/queue/active?search=${search}&limit=500`);
  expect(response.status, response.body).toBe(200);
  return response.json<BrokerCompanyListResponse>().results.map((broker) => broker.id);
}

describe('PUT brokers/rating/broker-company/{id}/update', () => {
  it('gives each of the five ratings of the spec, with its name and colour', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const expected = [
      [2, 'Not Approved', '#fb8c00'],
      [3, 'Approved', '#43a047'],
      [4, 'Severe Risk', '#e53935'],
      [5, 'Call Office', '#5e35b1'],
      [1, 'Unknown', '#9e9e9e'],
    ] as const;
    for (const [id, name, color] of expected) {
      const response = await rate('conflictManager', broker.id, { rating: id, comment: `Why ${name}` });
      expect(response.status, response.body).toBe(200);
      expect(response.json<BrokerCompany>().rating).toEqual({ id, name, color });
    }
    const colours = new Set(expected.map(([, , color]) => color));
    expect(colours.size).toBe(5);
  });

  it('needs a comment for Not Approved, Severe Risk and Call Office (400 naming comment)', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    for (const rating of [2, 4, 5]) {
      const response = await rate('conflictManager', broker.id, { rating, comment: '' });
      expect(response.status).toBe(400);
      expect(response.error().fields).toEqual({
        comment: ['Say why: a Not Approved, Severe Risk or Call Office rating needs a comment'],
      });
    }
    expect((await rate('conflictManager', broker.id, { rating: 3 })).status).toBe(200);
    const bad = await rate('conflictManager', broker.id, { rating: 6 });
    expect(bad.status).toBe(400);
    expect(bad.error().fields).toEqual({
      rating: ['Rating must be 1 Unknown, 2 Not Approved, 3 Approved, 4 Severe Risk or 5 Call Office'],
    });
  });

  it('is the broker check: conflict manager, managers and admins; 403 to the others', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    for (const role of ['conflictManager', 'manager', 'admin'] as const) {
      expect((await rate(role, broker.id, { rating: 3 })).status, role).toBe(200);
    }
    for (const role of ['dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      expect((await rate(role, broker.id, { rating: 3 })).status, role).toBe(403);
    }
  });

  it("answers 404 for another carrier's broker and writes no history for it", async () => {
    expect((await rate('conflictManager', world.other.brokerId, { rating: 3 })).status).toBe(404);
    const rows = await database.db
      .selectFrom('broker_ratings')
      .select('id')
      .where('broker_company_id', '=', world.other.brokerId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("tells open load lists to refetch when the broker's rating changes", async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const loadId = await insertLoad(database.db, world.company.id, { brokerId: broker.id });
    await insertLoad(database.db, world.company.id, { brokerId: broker.id, status: 10 });
    const recorder = recordEvents(testApp.bus);
    await rate('conflictManager', broker.id, { rating: 4, comment: 'Paid 90 days late' });
    await rate('conflictManager', broker.id, { rating: 4, comment: 'Still late' });
    recorder.stop();
    // Only the change from 1 to 4 touches the lists, and only the load still being worked; the same rating
    // again (a new line of its history) is for the partners pages only.
    expect(recorder.events).toMatchObject([
      {
        event: 'update_loads',
        data: { ids: [loadId], action: 'broker_company' },
        companyId: world.company.id,
      },
      {
        event: 'update_units',
        data: { kind: 'broker_company', ids: [broker.id] },
        companyId: world.company.id,
      },
    ]);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/active`,
      headers: world.sessions.dispatcher.headers,
    });
    const load = response.json<LoadListResponse>().results.find((candidate) => candidate.id === loadId);
    expect(load?.broker_company?.rating).toBe(4);
  });
});

describe('GET brokers/rating/broker-company/{id}?limit&page: the history', () => {
  it('says who rated, when and why, newest first, with the rating before; pages with limit and page', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const steps = [
      ['conflictManager', 3, null],
      ['manager', 4, 'Paid 90 days late'],
      ['admin', 5, 'New owners: call the office first'],
    ] as const;
    const times: number[] = [];
    for (const [role, rating, comment] of steps) {
      const response = await rate(role, broker.id, { rating, comment });
      expect(response.status, response.body).toBe(200);
      times.push(Date.now());
    }

    const response = await api('dispatcher', 'GET', `rating/broker-company/${broker.id}?limit=10&page=1`);
    expect(response.status, response.body).toBe(200);
    const history = ratingHistoryResponseSchema.parse(response.json());
    expect(history.count).toBe(3);
    expect(
      history.results.map((entry) => [
        entry.rating.id,
        entry.previous_rating?.id,
        entry.comment,
        entry.rated_by?.id,
      ]),
    ).toEqual([
      [5, 4, 'New owners: call the office first', world.users.admin.id],
      [4, 3, 'Paid 90 days late', world.users.manager.id],
      [3, 1, null, world.users.conflictManager.id],
    ]);
    expect(history.results[0]!.rating).toEqual({ id: 5, name: 'Call Office', color: '#5e35b1' });
    expect(history.results[2]!.previous_rating).toEqual({ id: 1, name: 'Unknown', color: '#9e9e9e' });
    const newest = new Date(history.results[0]!.created_date).getTime();
    expect(newest).toBeLessThanOrEqual(times[2]! + 1000);
    expect(newest).toBeGreaterThanOrEqual(new Date(history.results[2]!.created_date).getTime());

    const page2 = (
      await api('dispatcher', 'GET', `rating/broker-company/${broker.id}?limit=2&page=2`)
    ).json<RatingHistoryResponse>();
    expect(page2.count).toBe(3);
    expect(page2.results.map((entry) => entry.rating.id)).toEqual([3]);
  });

  it('is empty for a broker never rated', async () => {
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    const response = await api('tracker', 'GET', `rating/broker-company/${broker.id}`);
    expect(response.json()).toEqual({ count: 0, results: [] });
  });

  it("answers 404 for another carrier's broker, 400 for a bad page, 403 to HR", async () => {
    expect((await api('manager', 'GET', `rating/broker-company/${world.other.brokerId}`)).status).toBe(404);
    const bad = await api('manager', 'GET', `rating/broker-company/${world.other.brokerId}?page=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error().fields ?? {})).toEqual(['page']);
    const broker = await createOtrBroker(testApp.app, world.sessions.manager);
    expect((await api('hr', 'GET', `rating/broker-company/${broker.id}`)).status).toBe(403);
  });
});

describe('GET brokers/rating/queue/active', () => {
  it('holds new OTR brokers and those asked for, the longest waiting first; rating takes them out', async () => {
    const tag = `Queue${Date.now().toString(36)}`;
    const first = await createOtrBroker(testApp.app, world.sessions.dispatcher, { name: `${tag} z first` });
    const shipper = await createNonOtrCompany(testApp.app, world.sessions.dispatcher, {
      name: `${tag} shipper`,
    });
    const second = await createOtrBroker(testApp.app, world.sessions.dispatcher, { name: `${tag} a second` });
    expect(await queueIds(tag)).toEqual([first.id, second.id]);

    // A dispatcher asks for the shipper to be rated: it joins at the end.
    const asked = await api('dispatcher', 'PUT', `rating/broker-company/${shipper.id}/request`);
    expect(asked.status, asked.body).toBe(200);
    expect(asked.json<BrokerCompany>().rating_requested_at).not.toBeNull();
    expect(await queueIds(tag)).toEqual([first.id, second.id, shipper.id]);

    // Asking again keeps its place.
    const again = await api('tracker', 'PUT', `rating/broker-company/${first.id}/request`);
    expect(again.json<BrokerCompany>().rating_requested_at).toBe(first.rating_requested_at);
    expect(await queueIds(tag)).toEqual([first.id, second.id, shipper.id]);

    const rated = await rate('conflictManager', first.id, { rating: 3 });
    expect(rated.json<BrokerCompany>().rating_requested_at).toBeNull();
    expect(await queueIds(tag)).toEqual([second.id, shipper.id]);

    const page = await api('conflictManager', 'GET', `rating/queue/active?search=${tag}&limit=1&page=2`);
    expect(page.json<BrokerCompanyListResponse>()).toMatchObject({ count: 2, results: [{ id: shipper.id }] });
  });

  it("never shows another carrier's brokers", async () => {
    await database.db
      .updateTable('broker_companies')
      .set({ rating_requested_at: new Date() })
      .where('id', '=', world.other.brokerId)
      .execute();
    expect(await queueIds()).not.toContain(world.other.brokerId);
  });

  it('is the broker check: conflict manager, managers and admins; 403 to the others', async () => {
    for (const role of ['conflictManager', 'manager', 'admin'] as const) {
      expect((await api(role, 'GET', 'rating/queue/active')).status, role).toBe(200);
    }
    for (const role of ['dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      expect((await api(role, 'GET', 'rating/queue/active')).status, role).toBe(403);
    }
  });
});

describe('PUT brokers/rating/broker-company/{id}/request', () => {
  it('is for the roles that work loads; 403 to HR and the conflict manager, 404 for another carrier', async () => {
    const broker = await createNonOtrCompany(testApp.app, world.sessions.manager);
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker', 'accountant'] as const) {
      expect((await api(role, 'PUT', `rating/broker-company/${broker.id}/request`)).status, role).toBe(200);
    }
    for (const role of ['hr', 'conflictManager'] as const) {
      expect((await api(role, 'PUT', `rating/broker-company/${broker.id}/request`)).status, role).toBe(403);
    }
    expect(
      (await api('manager', 'PUT', `rating/broker-company/${world.other.brokerId}/request`)).status,
    ).toBe(404);
  });
});
