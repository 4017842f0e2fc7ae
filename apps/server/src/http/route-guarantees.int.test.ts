import { apiErrorSchema } from '@app/domain/common/errors';
import { ROLE_IDS } from '@app/domain/common/lookups';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeCollector, type CatalogRoute } from '../../test/routes/route-catalog';
import { exampleRequest, recordParams } from '../../test/routes/route-requests';
import {
  allowedRole,
  changedTables,
  createRouteWorld,
  NOT_RECORD_PARAMS,
  recordKindOf,
  tableFingerprints,
  type RoleName,
} from '../../test/routes/route-world';
import { setUpTestApp } from '../../test/test-suite';
import { isAllowed } from '../modules/auth/caller';

// What every route of the application guarantees, checked on each route it registers (today's and every
// later one): it declares who may call it and what it answers, refuses the roles it does not let in with
// 403, and answers another company's user 404 for a record of the first company, changing nothing.

const catalog = routeCollector();
const { database, testApp, world } = setUpTestApp(createRouteWorld, { onRoute: catalog.onRoute });

/** Routes anyone may call: signing in and out, registration, health, the API docs, the socket, the web app. */
const PUBLIC_ROUTES = new Set([
  'POST /backend/api/v2/rest-auth/login',
  'POST /backend/api/v2/rest-auth/logout',
  'POST /backend/api/v2/rest-auth/token/refresh',
  'POST /backend/api/rest-auth/registration',
  // An outside load board's postings: the company's intake key, not a user's token, says who may post.
  'POST /backend/api/v2/loadboard/intake',
  // A broker's posting e-mail as a raw message: the same intake key.
  'POST /backend/api/v2/loadboard/intake/email',
  'GET /backend/api/health',
  'GET /ws/company/:company_hash',
  'GET /*',
  'GET /backend/media/avatars/*',
  // The invitation link's page: whom it invites, and choosing the password.
  'GET /backend/api/v2/invitations/check',
  'POST /backend/api/v2/invitations/accept',
  // SMS: the provider's signed webhooks, and the phone page of a chat (its token is the key).
  'POST /backend/api/v2/sms/webhook/:company_hash',
  'POST /backend/api/v2/sms/webhook/:company_hash/status',
  'GET /backend/api/v2/sms/counterpart/:token',
  'POST /backend/api/v2/sms/counterpart/:token',
  'GET /backend/api/v2/sms/counterpart/:token/files/:id',
]);

/** The API docs (swagger UI) serve pages and files, not API answers. */
const isDocs = (route: CatalogRoute) => route.path.startsWith('/backend/api/docs');

/** Routes that answer no JSON: the socket, the web app and uploaded avatars. */
const WITHOUT_RESPONSE_SCHEMA = new Set([
  'GET /ws/company/:company_hash',
  'GET /*',
  'GET /backend/media/avatars/*',
]);

const routes = () => catalog.routes;

/** What requireAuth knows of a signed-in user of the role (in the first company; a newcomer in none). */
const callerOf = (role: RoleName) => ({
  userId: 0,
  companyId: role === 'newcomer' ? null : world.company.id,
  role: role === 'newcomer' ? null : role,
  isSuperuser: false,
  familyId: '',
});
const guarded = () => routes().filter((route) => route.access !== undefined);

function expectErrorShape(response: LightMyRequestResponse, what: string): { code: string } {
  expect(response.headers['content-type'], what).toContain('application/json');
  const body: unknown = JSON.parse(response.body);
  expect(apiErrorSchema.strict().safeParse(body).success, `${what}: ${response.body}`).toBe(true);
  return body as { code: string };
}

describe('every route', () => {
  it('is seen by the catalog', () => {
    // The application had 94 routes when this test was written; a route taken away on purpose lowers this.
    expect(routes().length).toBeGreaterThanOrEqual(94);
  });

  it('declares who may call it with requireAuth, unless it is one of the public routes', () => {
    const undeclared = routes()
      .filter((route) => route.access === undefined && !PUBLIC_ROUTES.has(route.name) && !isDocs(route))
      .map((route) => route.name);
    expect(undeclared).toEqual([]);
  });

  it('declares its answers in a response schema, unless it answers no JSON', () => {
    const undeclared = routes()
      .filter((route) => !route.schema.response && !WITHOUT_RESPONSE_SCHEMA.has(route.name) && !isDocs(route))
      .map((route) => route.name);
    expect(undeclared).toEqual([]);
  });

  it('knows which record each path id names', () => {
    const unknown = routes()
      .filter((route) => route.params.some((param) => !NOT_RECORD_PARAMS.has(param)) && !recordKindOf(route))
      .map((route) => route.name);
    expect(unknown).toEqual([]);
  });

  it('answers 401 in the error shape to a request without a token', async () => {
    for (const route of guarded()) {
      const response = await testApp.app.inject(exampleRequest(route, recordParams(route, world), {}));
      expect(response.statusCode, route.name).toBe(401);
      expect(expectErrorShape(response, route.name).code).toBe('unauthorized');
    }
  });

  it('answers 403 to every role it does not let in, and a newcomer without a company', async () => {
    const checked: string[] = [];
    for (const route of guarded()) {
      const params = recordParams(route, world);
      for (const role of [...ROLE_IDS, 'newcomer'] as RoleName[]) {
        if (isAllowed(callerOf(role), route.access!)) continue;
        const response = await testApp.app.inject(
          exampleRequest(route, params, world.sessions[role].headers),
        );
        const what = `${route.name} as ${role}`;
        expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
        expect(expectErrorShape(response, what).code).toBe('forbidden');
        checked.push(what);
      }
    }
    expect(checked.length).toBeGreaterThan(100);
  });

  it('lets in every role it allows: its reads answer them, not 401 or 403', async () => {
    const refused: string[] = [];
    for (const route of guarded().filter((candidate) => candidate.method === 'GET')) {
      const params = recordParams(route, world);
      for (const role of [...ROLE_IDS, 'newcomer'] as RoleName[]) {
        if (!isAllowed(callerOf(role), route.access!)) continue;
        const response = await testApp.app.inject(
          exampleRequest(route, params, world.sessions[role].headers),
        );
        if (response.statusCode === 401 || response.statusCode === 403) {
          refused.push(`${route.name} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it("answers 404 to another company's user for each record of the first company, and changes nothing", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of guarded().filter((candidate) => recordKindOf(candidate))) {
      const session = world.otherSessions[allowedRole(route.access)];
      const before = await tableFingerprints(database.db);
      const response = await testApp.app.inject(
        exampleRequest(route, recordParams(route, world), session.headers),
      );
      const changed = changedTables(before, await tableFingerprints(database.db));
      checked += 1;
      if (response.statusCode !== 404) {
        // A 400 says nothing of isolation: the example request did not pass the route's schema.
        const hint =
          response.statusCode === 400
            ? ' (the example body is refused: name the field in VALUE_BY_FIELD, test/routes/schema-samples.ts)'
            : '';
        problems.push(`${route.name}: ${response.statusCode}${hint} ${response.body.slice(0, 1500)}`);
      } else {
        expectErrorShape(response, route.name);
      }
      if (changed.length > 0) problems.push(`${route.name} changed ${changed.join(', ')}`);
      if (route.method === 'GET') {
        // The same reading by the first company's own user finds the record: the 404 was about the company.
        const own = world.sessions[allowedRole(route.access)];
        const control = await testApp.app.inject(
          exampleRequest(route, recordParams(route, world), own.headers),
        );
        if (control.statusCode !== 200) problems.push(`${route.name} as the owner: ${control.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
