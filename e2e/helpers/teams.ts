import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, type ApiClient } from './api';
import { createCompanyUser, type CreatedUser } from './users';

// Teams (working groups) for the end-to-end specs: each spec makes its own teams and people, so it neither
// depends on the demo teams nor changes them.

export const TEAMS_API = '/backend/api/v2/working-groups';

export type ServerTeam = {
  id: number;
  name: string;
  subgroups: { id: number; name: string; users_id: number[] }[];
  members: { id: number; subgroup_id: number | null }[];
  counts: { loads: number; vehicles: number; users: number };
};

let counter = 0;

/** A name no other run or test uses: the prefix and a stamp, e.g. 'North desk K3F9A1'. */
export function uniqueName(prefix: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36).slice(-5)}${process.pid.toString(36)}${counter}`.toUpperCase();
  return `${prefix} ${stamp}`;
}

/** A team made through the API, with no lead. */
export function createTeam(client: ApiClient, name: string): Promise<ServerTeam> {
  return client.json<ServerTeam>('POST', `${TEAMS_API}/create`, {
    data: { group_name: name, group_lead: null },
  });
}

/** A team as the server has it now: its subgroups, people and counts. */
export function fetchTeam(client: ApiClient, id: number): Promise<ServerTeam> {
  return client.json<ServerTeam>('GET', `${TEAMS_API}/${id}`);
}

export type NamedUser = CreatedUser & { id: number; name: string };

/**
 * A new dispatcher of Demo Carrier with a name of their own (set in their profile), so that a spec finds
 * them in a people picker by typing it.
 */
export async function createNamedDispatcher(
  request: APIRequestContext,
  lastName: string,
): Promise<NamedUser> {
  const user = await createCompanyUser(request, 5);
  const client = await api(request, user.email, user.password);
  await client.json('PUT', '/backend/api/v2/profile/me/update', {
    data: { first_name: user.firstName, last_name: lastName, lang: 'en' },
  });
  return { ...user, lastName, id: client.user.id, name: `${user.firstName} ${lastName}` };
}

/** A team's card on the teams page. */
export function teamCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** Opens a team's card to its subgroups and people, unless it is open already. */
export async function openTeamCard(card: Locator, name: string): Promise<void> {
  const toggle = card.getByRole('button', { name: `Show the people of ${name}` });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
