import { expect } from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';

const LOGIN_PATH = '/backend/api/v2/rest-auth/login/';

type RequestOptions = { params?: Record<string, string | number | boolean>; data?: unknown };

export type ApiClient = {
  /** The signed-in user as the login answered it. */
  user: { id: number; email: string; role: number | null } & Record<string, unknown>;
  accessToken: string;
  get(path: string, options?: RequestOptions): Promise<APIResponse>;
  post(path: string, data?: unknown): Promise<APIResponse>;
  put(path: string, data?: unknown): Promise<APIResponse>;
  patch(path: string, data?: unknown): Promise<APIResponse>;
  delete(path: string): Promise<APIResponse>;
  /** Calls an endpoint, expects a 2xx answer and returns its JSON body. */
  json<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options?: RequestOptions,
  ): Promise<T>;
};

/**
 * Signs in through the API (admin@demo.test unless told otherwise) and returns a client that sends the
 * bearer token with every call. Specs use it to make their own data before driving the browser.
 */
export async function api(
  request: APIRequestContext,
  email: string = DEMO_USERS.admin.email,
  password: string = DEMO_PASSWORD,
): Promise<ApiClient> {
  const login = await request.post(LOGIN_PATH, { data: { email, password } });
  expect(login.status(), `sign-in of ${email} through the API`).toBe(200);
  const body = (await login.json()) as { access_token: string; user: ApiClient['user'] };
  const headers = { Authorization: `Bearer ${body.access_token}` };

  const send = (method: string, path: string, options: RequestOptions = {}) =>
    request.fetch(path, { method, headers, params: options.params, data: options.data });

  return {
    user: body.user,
    accessToken: body.access_token,
    get: (path, options) => send('GET', path, options),
    post: (path, data) => send('POST', path, { data }),
    put: (path, data) => send('PUT', path, { data }),
    patch: (path, data) => send('PATCH', path, { data }),
    delete: (path) => send('DELETE', path),
    async json<T>(method: string, path: string, options?: RequestOptions) {
      const response = await send(method, path, options);
      expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(
        true,
      );
      return (await response.json()) as T;
    },
  };
}
