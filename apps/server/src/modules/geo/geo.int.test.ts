import { estimateRoute } from '@app/domain/geo/geo.rules';
import type { AddressLookupResponse } from '@app/domain/geo/geo.schema';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { ADDRESS_LOOKUP_PATH, ROUTE_ESTIMATE_PATH } from './geo.routes';

const { database, testApp } = setUpTestApp();
let dispatcher: Session;
let keyedDispatcher: Session;
let newcomer: Session;

const CHICAGO = { lat: 41.8858, lon: -87.6181 };
const TORONTO = { lat: 43.649, lon: -79.3784 };

beforeAll(async () => {
  const company = await createCompany(database.db);
  const keyed = await createCompany(database.db, { google_maps_key: 'company-maps-key' });
  const user = await createUser(database.db, { companyId: company.id, role: 5 });
  const keyedUser = await createUser(database.db, { companyId: keyed.id, role: 6 });
  const roleless = await createUser(database.db);
  dispatcher = await login(testApp.app, user.email, user.password);
  keyedDispatcher = await login(testApp.app, keyedUser.email, keyedUser.password);
  newcomer = await login(testApp.app, roleless.email, roleless.password);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lookup = (query: Record<string, string>, session: Session | null = dispatcher) =>
  testApp.app.inject({
    method: 'GET',
    url: ADDRESS_LOOKUP_PATH,
    query,
    headers: session?.headers ?? {},
  });

const estimate = (payload: Record<string, unknown>, session: Session | null = dispatcher) =>
  testApp.app.inject({ method: 'POST', url: ROUTE_ESTIMATE_PATH, payload, headers: session?.headers ?? {} });

describe('GET geo/address-lookup', () => {
  it("answers '60601' with Chicago, IL and its coordinates", async () => {
    const response = await lookup({ query: '60601' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          formatted_address: 'Chicago, IL 60601, USA',
          lat: 41.8858,
          lon: -87.6181,
          components: {
            postal_code: '60601',
            locality: 'Chicago',
            administrative_area_level_1: 'IL',
            country: 'US',
            street_number: null,
            route: null,
            name: 'Chicago',
          },
        },
      ],
    });
  });

  it("answers 'Toronto' with Toronto, ON first and 'M5H' with Toronto", async () => {
    const toronto = (await lookup({ query: 'Toronto' })).json<AddressLookupResponse>();
    expect(toronto.results[0]?.components).toMatchObject({
      locality: 'Toronto',
      administrative_area_level_1: 'ON',
      country: 'CA',
    });
    const fsa = (await lookup({ query: 'M5H' })).json<AddressLookupResponse>();
    expect(fsa.results[0]).toMatchObject({
      formatted_address: 'Toronto, ON M5H, Canada',
      lat: 43.649,
      lon: -79.3784,
    });
  });

  it('keeps the typed street line in front of the city', async () => {
    const body = (
      await lookup({ query: '1200 W Industrial Ave, Chicago, IL' })
    ).json<AddressLookupResponse>();
    expect(body.results[0]?.formatted_address).toMatch(/^1200 W Industrial Ave, Chicago, IL \d{5}, USA$/);
    expect(body.results[0]?.components).toMatchObject({ street_number: '1200', route: 'W Industrial Ave' });
  });

  it('keeps one country and at most `limit` results', async () => {
    const us = (await lookup({ query: 'Toronto', country: 'US', limit: '2' })).json<AddressLookupResponse>();
    expect(us.results).toHaveLength(2);
    expect(us.results.every((result) => result.components.country === 'US')).toBe(true);
    const ca = (await lookup({ query: 'Toronto', country: 'CA' })).json<AddressLookupResponse>();
    expect(ca.results.every((result) => result.components.country === 'CA')).toBe(true);
    const many = (await lookup({ query: 'Spring' })).json<AddressLookupResponse>();
    expect(many.results).toHaveLength(10);
  });

  it('answers an empty list for an unknown place', async () => {
    const response = await lookup({ query: 'Xqzzy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
  });

  it('answers 400 naming the field for bad input', async () => {
    const missing = await lookup({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation_error',
      fields: { query: [expect.any(String)] },
    });

    const short = await lookup({ query: 'C' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ fields: { query: ['Type at least 2 characters'] } });

    const country = await lookup({ query: 'Paris', country: 'FR' });
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({ fields: { country: ['Must be US or CA'] } });

    const limit = await lookup({ query: 'Paris', limit: '21' });
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toMatchObject({ fields: { limit: [expect.any(String)] } });
  });

  it('answers 401 without a token and 403 to a user who is not staff', async () => {
    const anonymous = await lookup({ query: 'Chicago' }, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
    expect((await lookup({ query: 'Chicago' }, newcomer)).statusCode).toBe(403);
  });
});

describe('POST geo/route-estimate', () => {
  it("answers the spec's estimate without a maps key: miles floored, hours at 50 mph", async () => {
    const response = await estimate({ points: [CHICAGO, TORONTO] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ miles: 505, hours: 10.1 });
    expect(response.json()).toEqual(estimateRoute([CHICAGO, TORONTO]));
  });

  it('adds up a route through several points in order', async () => {
    const dallas = { lat: 32.7767, lon: -96.797 };
    const response = await estimate({ points: [dallas, CHICAGO, TORONTO] });
    expect(response.json()).toEqual(estimateRoute([dallas, CHICAGO, TORONTO]));
    expect(response.json<{ miles: number }>().miles).toBeGreaterThan(505);
  });

  it('answers 400 naming the field for bad points', async () => {
    const one = await estimate({ points: [CHICAGO] });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ fields: { points: ['A route needs at least 2 points'] } });

    const latitude = await estimate({ points: [CHICAGO, { lat: 91, lon: 0 }] });
    expect(latitude.statusCode).toBe(400);
    expect(latitude.json()).toMatchObject({ fields: { 'points.1.lat': ['Must be a latitude'] } });

    const missing = await estimate({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { points: [expect.any(String)] } });
  });

  it('answers 401 without a token and 403 to a user who is not staff', async () => {
    expect((await estimate({ points: [CHICAGO, TORONTO] }, null)).statusCode).toBe(401);
    expect((await estimate({ points: [CHICAGO, TORONTO] }, newcomer)).statusCode).toBe(403);
  });

  it("asks Google's Distance Matrix with the company's key when it has one", async () => {
    const fetch = vi.fn((url: string) => {
      expect(new URL(url).searchParams.get('key')).toBe('company-maps-key');
      const body = { status: 'OK', rows: [{ elements: [{ status: 'OK', distance: { value: 837_000 } }] }] };
      return Promise.resolve(new Response(JSON.stringify(body)));
    });
    vi.stubGlobal('fetch', fetch);
    const response = await estimate({ points: [CHICAGO, TORONTO] }, keyedDispatcher);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ miles: 520, hours: 10.4 });
    expect(fetch).toHaveBeenCalledTimes(1);

    // A company without a key never calls out.
    await estimate({ points: [CHICAGO, TORONTO] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('uses a key saved on the company settings page from the next estimate on, and stops when it is cleared', async () => {
    const company = await createCompany(database.db, { name: 'Keyless Carrier' });
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    const session = await login(testApp.app, admin.email, admin.password);
    const saveKey = (google_maps_key: string | null) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/backend/api/v2/company/my/update',
        headers: session.headers,
        payload: {
          name: 'Keyless Carrier',
          phone: '(555) 123-4567',
          google_maps_key,
          call_system: null,
          language_select: true,
          disable_some_menu_items: false,
          enable_address_language_notice: false,
          is_visible_phone_numbers: false,
          can_dispatchers_search_loads_for_on_load_unit: false,
          board_expiry_hours: 24,
          required_documents: {},
        },
      });
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      keys.push(new URL(url).searchParams.get('key'));
      const body = { status: 'OK', rows: [{ elements: [{ status: 'OK', distance: { value: 837_000 } }] }] };
      return Promise.resolve(new Response(JSON.stringify(body)));
    });

    expect((await estimate({ points: [CHICAGO, TORONTO] }, session)).json()).toEqual(
      estimateRoute([CHICAGO, TORONTO]),
    );
    expect((await saveKey('AIzaSavedKey_1')).statusCode).toBe(200);
    expect((await estimate({ points: [CHICAGO, TORONTO] }, session)).json()).toEqual({
      miles: 520,
      hours: 10.4,
    });
    expect(keys).toEqual(['AIzaSavedKey_1']);

    expect((await saveKey(null)).statusCode).toBe(200);
    expect((await estimate({ points: [CHICAGO, TORONTO] }, session)).json()).toEqual(
      estimateRoute([CHICAGO, TORONTO]),
    );
    expect(keys).toEqual(['AIzaSavedKey_1']);
  });

  it("answers 502 with the spec's text when Google fails", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ status: 'REQUEST_DENIED', rows: [] }))),
    );
    const denied = await estimate({ points: [CHICAGO, TORONTO] }, keyedDispatcher);
    expect(denied.statusCode).toBe(502);
    expect(denied.json()).toMatchObject({ detail: 'Response error: REQUEST_DENIED' });

    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 'OK', rows: [{ elements: [{ status: 'NOT_FOUND' }] }] })),
      ),
    );
    const notFound = await estimate({ points: [CHICAGO, TORONTO] }, keyedDispatcher);
    expect(notFound.statusCode).toBe(502);
    expect(notFound.json()).toMatchObject({ detail: 'Distance calculation error: NOT_FOUND' });
  });
});
