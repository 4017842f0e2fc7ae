import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { firstLoadHydration } from '@/app/lazy-page';
import { vi } from 'vitest';
import { menuForUser } from '@app/domain/shell/menu.rules';
import { preloadAllPages } from '@/app/lazy-page';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/routes';
import type { CurrentUser } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { saveTokens } from '@/lib/token-storage';

// Test helpers: the real app with its real router and components; only fetch is fake.

// The pages' code is fetched when first opened; the tests draw any page at once.
await preloadAllPages();

export type FakeCall = { method: string; url: string; body: unknown; authorization: string | null };
export type FakeRoute = (call: FakeCall) => unknown;

/** A JSON answer with a status; a plain value from a route is a 200 with that body. */
export class FakeAnswer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/**
 * Fakes the network: routes are keyed 'METHOD /path' (query string ignored). A missing route answers 404 so
 * that a test notices an unexpected call in `calls`.
 */
export function fakeFetch(givenRoutes: Record<string, unknown>) {
  // Every signed-in screen lists the user's notifications in the right-hand panel: none unless a test says.
  const routes: Record<string, unknown> = {
    'GET /backend/api/v2/notifications': { count: 0, results: [] },
    'GET /backend/api/v2/notifications/urgent': [],
    // The menu's quick pay count (income roles): none unless a test says.
    'GET /backend/api/v2/loads/income': { count: 0, results: [], totals: null },
    ...givenRoutes,
  };
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0] ?? input;
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: FakeCall = { method, url: input, body, authorization: headers.get('Authorization') };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const answer: unknown = typeof route === 'function' ? await (route as FakeRoute)(call) : route;
    if (answer instanceof Response) return answer;
    if (answer === undefined && !(`${method} ${path}` in routes)) {
      return new Response(JSON.stringify({ detail: 'Not found', code: 'not_found' }), { status: 404 });
    }
    const { status, payload } =
      answer instanceof FakeAnswer
        ? { status: answer.status, payload: answer.body }
        : { status: 200, payload: answer };
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && (call.url.split('?')[0] ?? '') === path);
  return { fetch, calls, callsTo };
}

export const FAR_FUTURE = '2099-01-01T00:00:00Z';

/** Puts a session in storage, as a previous sign-in would have. */
export function storeSession(): void {
  saveTokens({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    access_token_expiration: FAR_FUTURE,
    refresh_token_expiration: FAR_FUTURE,
  });
}

const COMPANY = {
  id: 1,
  name: 'Demo Carrier',
  company_hash: 'demo-hash',
  google_maps_key: null,
  map_tiles_url: null,
  call_system: null,
  language_select: true,
  disable_some_menu_items: false,
  enable_address_language_notice: false,
  is_visible_phone_numbers: false,
  can_dispatchers_search_loads_for_on_load_unit: false,
};

/** A user as users/my answers it; the menu is the domain's table for the role unless given. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const role = overrides.role === undefined ? 3 : overrides.role;
  const base: CurrentUser = {
    id: 11,
    email: 'admin@demo.test',
    first_name: 'Ada',
    last_name: 'Admin',
    role,
    is_superuser: false,
    avatar: null,
    lang: 'en',
    working_gmail: null,
    in_gmail: false,
    working_group: null,
    unit_id: null,
    filters_data_2: '[]',
    req_status: 'None',
    hide_accounting: false,
    company_instance: role === null ? null : COMPANY,
    menu: [],
  };
  const user = { ...base, ...overrides };
  return { ...user, menu: overrides.menu ?? menuForUser(user) };
}

export function companyWith(flags: Partial<typeof COMPANY>) {
  return { ...COMPANY, ...flags };
}

export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [path],
    hydrationData: firstLoadHydration(appRoutes, new URL(path, 'http://localhost').pathname),
  });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, pathname: () => router.state.location.pathname };
}
