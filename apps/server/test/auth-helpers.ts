import type { LoginResponse } from '@app/domain/auth/auth.schema';
import type { App } from '../src/app';

export type Session = {
  access: string;
  refresh: string;
  body: LoginResponse;
  /** The Authorization header of this session. */
  headers: { authorization: string };
};

/** Signs in through the API and fails the test when that does not work. */
export async function login(app: App, email: string, password: string): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/backend/api/v2/rest-auth/login/',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in of ${email} failed with ${response.statusCode}: ${response.body}`);
  }
  const body = response.json<LoginResponse>();
  return {
    access: body.access_token,
    refresh: body.refresh_token,
    body,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
