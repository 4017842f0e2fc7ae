import {
  loadListResponseSchema,
  type LoadDetail,
  type LoadListResponse,
} from '@app/domain/loads/loads.schema';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { setUpTestApp } from '../../../test/test-suite';
import { DEMO_PASSWORD } from '../../db/seed/demo-companies';
import { seedDemoData } from '../../db/seed/demo';
import { LOADS_API } from './loads.fixtures';

// The loads of the demo data, as the people of Demo Carrier and Other Carrier see them.

const { database, testApp } = setUpTestApp();
let dispatcher: Session;
let otherAdmin: Session;
let demoCompanyId: number;

beforeAll(async () => {
  await seedDemoData(database.db);
  dispatcher = await login(testApp.app, 'dispatcher@demo.test', DEMO_PASSWORD);
  otherAdmin = await login(testApp.app, 'other-admin@demo.test', DEMO_PASSWORD);
  const company = await database.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Demo Carrier')
    .executeTakeFirstOrThrow();
  demoCompanyId = company.id;
});

describe('the demo loads', () => {
  it('are in the lists by their status, and every one of them opens with its history', async () => {
    const all = await database.db
      .selectFrom('loads')
      .select(['id', 'status', 'board_status'])
      .where('company_id', '=', demoCompanyId)
      .execute();
    // The loads on the load board are in none of the four lists and no load page opens them.
    const loads = all.filter((load) => load.board_status !== 'posted');
    expect(all.length - loads.length).toBe(60);
    for (const list of ['active', 'checkout', 'completed', 'canceled'] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${LOADS_API}/${list}?limit=500`,
        headers: dispatcher.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = loads
        .filter((load) => loadStatusClass(load.status) === list)
        .map((load) => load.id)
        .sort((a, b) => b - a);
      const body = response.json<LoadListResponse>();
      // The lists are written without the serializer's check: the answer must still match its schema.
      expect(loadListResponseSchema.safeParse(body).error, list).toBeUndefined();
      expect(body.count, list).toBe(expected.length);
      expect(body.results.map((load) => load.id)).toEqual(expected);
    }
    for (const load of loads) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${LOADS_API}/active/${load.id}`,
        headers: dispatcher.headers,
      });
      expect(response.statusCode, `load ${load.id}: ${response.body}`).toBe(200);
      expect(response.json<LoadDetail>().history.length).toBeGreaterThan(0);
    }
    for (const load of all.filter((candidate) => candidate.board_status === 'posted').slice(0, 5)) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${LOADS_API}/active/${load.id}`,
        headers: dispatcher.headers,
      });
      expect(response.statusCode, `board load ${load.id}`).toBe(404);
    }
  });

  it("answer 404 to a user of Other Carrier, who sees only Other Carrier's loads", async () => {
    const demoLoad = await database.db
      .selectFrom('loads')
      .select('id')
      .where('company_id', '=', demoCompanyId)
      .where('status', '=', 2)
      .executeTakeFirstOrThrow();
    for (const [method, path] of [
      ['GET', `active/${demoLoad.id}`],
      ['PUT', `${demoLoad.id}/set-next-status`],
      ['PUT', `${demoLoad.id}/set-prev-status`],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url: `${LOADS_API}/${path}`,
        headers: otherAdmin.headers,
      });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    const list = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/active?limit=500`,
      headers: otherAdmin.headers,
    });
    const ids = list.json<LoadListResponse>().results.map((load) => load.id);
    expect(ids).not.toContain(demoLoad.id);
    const theirs = await database.db
      .selectFrom('loads')
      .select('id')
      .where('company_id', '<>', demoCompanyId)
      .where('list_class', '=', 1)
      .execute();
    expect(ids.sort((a, b) => a - b)).toEqual(theirs.map((load) => load.id).sort((a, b) => a - b));
  });
});
