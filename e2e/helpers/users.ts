import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { api } from './api';
import { DEMO_USERS } from './demo-users';
import { uniqueEmail } from './unique';

export type CreatedUser = { email: string; password: string; firstName: string; lastName: string };

/**
 * A new user of Demo Carrier with the given staff role, made the way a person joins: registration, a
 * request to join as a dispatcher addressed to the demo manager, and the manager's approval. A spec that
 * changes what a user sees (language, filters) uses one, so it never disturbs the shared demo users.
 */
export async function createCompanyUser(request: APIRequestContext, role: number): Promise<CreatedUser> {
  const user: CreatedUser = {
    email: uniqueEmail('staff'),
    password: 'e2e-pass-1234',
    firstName: 'Morgan',
    lastName: `Tester ${role}`,
  };
  const registration = await request.post('/backend/api/rest-auth/registration/', {
    data: {
      email: user.email,
      password1: user.password,
      password2: user.password,
      first_name: user.firstName,
      last_name: user.lastName,
    },
  });
  expect(registration.ok(), `registration answered ${registration.status()}`).toBe(true);

  const manager = await api(request, DEMO_USERS.manager.email);
  const newcomer = await api(request, user.email, user.password);
  await newcomer.json('POST', '/backend/api/users/requests/add/', {
    data: { target_department: 'Dispatcher', resp_user: manager.user.id },
  });

  const pending = await manager.json<{ results: { id: number; user: { email: string } }[] }>(
    'GET',
    '/backend/api/v2/users/requests/',
    { params: { limit: 500 } },
  );
  const ownRequest = pending.results.find((entry) => entry.user.email === user.email);
  expect(ownRequest, `the join request of ${user.email} is pending for the manager`).toBeDefined();
  await manager.json('PUT', `/backend/api/v2/users/requests/${ownRequest?.id}/approve`, { data: { role } });
  return user;
}
