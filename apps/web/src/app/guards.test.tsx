import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

function signedInAs(user = makeUser()) {
  storeSession();
  return fakeFetch({ 'GET /backend/api/users/my/': user, 'GET /backend/api/v2/users/requests/': [] });
}

describe('redirects', () => {
  it('sends a user without a token to /login/ from every other page', async () => {
    fakeFetch({});
    for (const path of ['/', '/loadboard/', '/settings/users', '/no/such/page']) {
      const app = renderApp(path);
      await waitFor(() => expect(app.pathname()).toBe('/login/'));
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      app.unmount();
    }
  });

  it('sends a user holding a token from /login/ and /registration to /', async () => {
    signedInAs();
    for (const path of ['/login/', '/login', '/registration']) {
      const app = renderApp(path);
      await waitFor(() => expect(app.pathname()).toBe('/'));
      app.unmount();
    }
  });

  it('keeps roles 3, 4 and 5 on the dashboard at /', async () => {
    for (const role of [3, 4, 5] as const) {
      signedInAs(makeUser({ role }));
      const app = renderApp('/');
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
      expect(app.pathname()).toBe('/');
      app.unmount();
    }
  });

  it('sends roles 6, 7, 8 and 13 from / to their start pages', async () => {
    const starts = {
      6: '/my-loads/active',
      7: '/accounting/loads',
      8: '/units/vehicles',
      13: '/partners/brokers-check/',
    };
    for (const [role, start] of Object.entries(starts)) {
      signedInAs(makeUser({ role: Number(role) as 6 | 7 | 8 | 13 }));
      const app = renderApp('/');
      await waitFor(() => expect(app.pathname()).toBe(start));
      app.unmount();
    }
  });

  it('accepts paths with and without the trailing slash', async () => {
    signedInAs(makeUser({ role: 5 }));
    for (const path of ['/my-loads/active', '/my-loads/active/']) {
      const app = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Active' })).toBeTruthy();
      expect(screen.getByRole('searchbox', { name: 'Search loads' })).toBeTruthy();
      app.unmount();
    }
  });

  it('redirects the group paths to their first page', async () => {
    signedInAs(makeUser({ role: 3 }));
    const expected = {
      '/my-loads/': '/my-loads/active/',
      '/units/': '/units/vehicles/',
      '/accounting/': '/accounting/loads',
    };
    for (const [path, target] of Object.entries(expected)) {
      const app = renderApp(path);
      await waitFor(() => expect(app.pathname()).toBe(target));
      app.unmount();
    }
  });

  it("shows 'No access' on a page the user's menu does not list", async () => {
    signedInAs(makeUser({ role: 8 }));
    renderApp('/accounting/loads');
    expect(await screen.findByText('No access')).toBeTruthy();
    expect(screen.queryByText('This page is coming soon')).toBeNull();
  });

  it('hides accounting pages from a user with the hide-sections flag', async () => {
    signedInAs(makeUser({ role: 3, hide_accounting: true }));
    renderApp('/accounting/brokers/active/');
    expect(await screen.findByText('No access')).toBeTruthy();
  });

  it('lets a manager open the join requests by a direct link', async () => {
    signedInAs(makeUser({ role: 4 }));
    renderApp('/settings/users/');
    expect(await screen.findByText('No pending requests')).toBeTruthy();
  });

  it('shows a 404 page for an unknown route', async () => {
    signedInAs();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('sends a user with no role to the registration confirmation', async () => {
    storeSession();
    fakeFetch({
      'GET /backend/api/users/my/': makeUser({ role: null }),
      'GET /backend/api/users/firms/': [],
    });
    const app = renderApp('/loadboard/');
    await waitFor(() => expect(app.pathname()).toBe('/registration-confirmation/'));
  });

  it('logs out and goes to /login/ when the session cannot be refreshed', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      'GET /backend/api/users/my/': new FakeAnswer(401, { detail: 'Token expired', code: 'token_expired' }),
      'POST /backend/api/v2/rest-auth/token/refresh/': new FakeAnswer(401, {
        detail: 'Revoked',
        code: 'unauthorized',
      }),
    });
    const app = renderApp('/loadboard/');
    await waitFor(() => expect(app.pathname()).toBe('/login/'));
    expect(callsTo('POST', '/backend/api/v2/rest-auth/token/refresh/')[0]?.body).toEqual({
      refresh: 'refresh-1',
    });
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
