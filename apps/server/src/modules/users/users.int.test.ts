import type { CurrentUser, Firm, MenuEntry, UserRequest } from '@app/domain/users/users.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, type Session } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  createWorkingGroup,
  type TestCompany,
  type TestUser,
} from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';

const USERS_MY = '/backend/api/users/my/';
const FIRMS = '/backend/api/users/firms/';
const REQUEST_ADD = '/backend/api/users/requests/add/';
const REQUESTS = '/backend/api/v2/users/requests/';

/**
 * The side-menu table of the spec (shell document, section 2), copied here as the spec writes it so that
 * the server's menu is checked against the spec rather than against itself.
 */
const SPEC_MENU: {
  id: number;
  name: string;
  path: string | null;
  roles: number[];
  children?: typeof SPEC_MENU;
}[] = [
  { id: 1, name: 'dashboard', path: '/', roles: [3, 4, 5] },
  { id: 2, name: 'loadboard', path: '/loadboard/', roles: [3, 4, 5, 6] },
  { id: 3, name: 'myBids', path: '/bids/active', roles: [3, 4, 5] },
  {
    id: 4,
    name: 'myLoads',
    path: '/my-loads/',
    roles: [3, 4, 5, 6, 7],
    children: [
      { id: 41, name: 'activeLoads', path: '/my-loads/active/', roles: [3, 4, 5, 6, 7] },
      { id: 42, name: 'checkOut', path: '/my-loads/checkout/', roles: [3, 4, 5, 7] },
      { id: 43, name: 'completedLoads', path: '/my-loads/completed/', roles: [3, 4, 5, 7] },
      { id: 44, name: 'canceledLoads', path: '/my-loads/canceled/', roles: [3, 4, 5, 6, 7] },
    ],
  },
  { id: 5, name: 'capacitySearch', path: '/units/map/', roles: [3, 4, 5, 6] },
  { id: 6, name: 'addLoad', path: null, roles: [3, 4, 5] },
  { id: 7, name: 'groupChats', path: '/group-chats/', roles: [3, 4, 5, 6, 8] },
  { id: 8, name: 'sms', path: '/sms/', roles: [3, 4, 5, 6, 8] },
  {
    id: 9,
    name: 'units',
    path: '/units/',
    roles: [3, 4, 5, 6, 7, 8],
    children: [
      { id: 91, name: 'vehicles', path: '/units/vehicles/', roles: [3, 4, 5, 6, 7, 8] },
      { id: 92, name: 'drivers', path: '/units/drivers/', roles: [3, 4, 7, 8] },
      { id: 93, name: 'owners', path: '/units/owners/', roles: [3, 4, 7, 8] },
      { id: 94, name: 'partners', path: '/partners/', roles: [3, 4, 5, 7] },
      { id: 95, name: 'deliveryMap', path: '/units/delivery-map/', roles: [3, 4, 5, 6] },
    ],
  },
  { id: 10, name: 'users', path: '/settings/users/', roles: [7] },
  { id: 11, name: 'settings', path: '/settings/profile/', roles: [3, 4, 5, 6, 7, 8] },
  {
    id: 12,
    name: 'accounting',
    path: '/accounting/',
    roles: [3, 4, 5, 7],
    children: [
      { id: 121, name: 'income', path: '/accounting/income/active/', roles: [3, 4, 7] },
      { id: 122, name: 'listOfLoads', path: '/accounting/loads', roles: [3, 4, 5, 7] },
      { id: 123, name: 'brokers', path: '/accounting/brokers/active/', roles: [3, 4, 7] },
      { id: 124, name: 'owners', path: '/accounting/owners/active/', roles: [3, 4, 7] },
      { id: 125, name: 'dispatchers', path: '/accounting/dispatchers/active/', roles: [3, 4, 5, 7] },
    ],
  },
  { id: 13, name: 'partnersBrokersCheck', path: '/partners/brokers-check/', roles: [13] },
];

function expectedMenu(role: number, hideAccounting = false): MenuEntry[] {
  return SPEC_MENU.filter((entry) => entry.roles.includes(role) && !(hideAccounting && entry.id === 12)).map(
    (entry) => ({
      id: entry.id,
      name: entry.name,
      path: entry.path,
      children: (entry.children ?? [])
        .filter((child) => child.roles.includes(role))
        .map((child) => ({ id: child.id, name: child.name, path: child.path, children: [] })),
    }),
  );
}

const { database, testApp } = setUpTestApp();
let demo: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  demo = await createCompany(database.db, { google_maps_key: 'maps-key', call_system: 'ringcentral' });
  other = await createCompany(database.db);
});

async function signIn(user: TestUser): Promise<Session> {
  return login(testApp.app, user.email, user.password);
}

async function getMy(session: Session, query = '') {
  return testApp.app.inject({ method: 'GET', url: `${USERS_MY}${query}`, headers: session.headers });
}

describe('GET users/my/', () => {
  it.each([3, 4, 5, 6, 7, 8, 13] as const)(
    'gives role %i the menu entries of the spec table',
    async (role) => {
      const user = await createUser(database.db, { companyId: demo.id, role });
      const response = await getMy(await signIn(user));
      expect(response.statusCode).toBe(200);
      expect(response.json<CurrentUser>().menu).toEqual(expectedMenu(role));
    },
  );

  it('shows the users entry to role 7 and gives role 13 the brokers check alone', async () => {
    const accountant = await createUser(database.db, { companyId: demo.id, role: 7 });
    const accountantMenu = (await getMy(await signIn(accountant))).json<CurrentUser>().menu;
    expect(accountantMenu.map((entry) => entry.name)).toContain('users');
    const conflictManager = await createUser(database.db, { companyId: demo.id, role: 13 });
    const conflictMenu = (await getMy(await signIn(conflictManager))).json<CurrentUser>().menu;
    expect(conflictMenu).toEqual([
      { id: 13, name: 'partnersBrokersCheck', path: '/partners/brokers-check/', children: [] },
    ]);
  });

  it('answers the spec fields of the current user and the company instance', async () => {
    const user = await createUser(database.db, { companyId: demo.id, role: 5, lang: 'ru' });
    const body = (await getMy(await signIn(user))).json<CurrentUser>();
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      role: 5,
      is_superuser: false,
      avatar: null,
      lang: 'ru',
      working_gmail: null,
      in_gmail: false,
      working_group: null,
      unit_id: null,
      filters_data_2: '[]',
      req_status: 'None',
      hide_accounting: false,
      company_instance: {
        id: demo.id,
        name: demo.name,
        company_hash: demo.company_hash,
        google_maps_key: 'maps-key',
        map_tiles_url: null,
        call_system: 'ringcentral',
        language_select: true,
        disable_some_menu_items: false,
        enable_address_language_notice: false,
        is_visible_phone_numbers: false,
        can_dispatchers_search_loads_for_on_load_unit: false,
      },
    });
  });

  it('hides accounting (menu id 12) when the user has the hide-sections flag', async () => {
    const user = await createUser(database.db, { companyId: demo.id, role: 4, hide_accounting: true });
    const menu = (await getMy(await signIn(user))).json<CurrentUser>().menu;
    expect(menu.map((entry) => entry.id)).not.toContain(12);
    expect(menu).toEqual(expectedMenu(4, true));
  });

  it('gives a superuser without a role the admin menu', async () => {
    const user = await createUser(database.db, { companyId: demo.id, role: null, is_superuser: true });
    const body = (await getMy(await signIn(user))).json<CurrentUser>();
    expect(body.is_superuser).toBe(true);
    expect(body.menu).toEqual(expectedMenu(3));
  });

  it('gives a newcomer no menu and no company', async () => {
    const user = await createUser(database.db);
    const body = (await getMy(await signIn(user))).json<CurrentUser>();
    expect(body).toMatchObject({ role: null, company_instance: null, menu: [], req_status: 'None' });
  });

  it('answers with or without the trailing slash', async () => {
    const user = await createUser(database.db, { companyId: demo.id, role: 5 });
    const session = await signIn(user);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/users/my',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET users/my/?dispatchers=true', () => {
  it("lists a working group's dispatchers and managers, including its subgroups, and nothing of other companies", async () => {
    const caller = await createUser(database.db, { companyId: demo.id, role: 4 });
    const lead = await createUser(database.db, { companyId: demo.id, role: 4, first_name: 'Lead' });
    const member = await createUser(database.db, { companyId: demo.id, role: 5, first_name: 'Member' });
    const subLead = await createUser(database.db, { companyId: demo.id, role: 5, first_name: 'SubLead' });
    const subMember = await createUser(database.db, { companyId: demo.id, role: 5, first_name: 'SubMember' });
    const tracker = await createUser(database.db, { companyId: demo.id, role: 6 });
    const firedMember = await createUser(database.db, { companyId: demo.id, role: 5, status: 'Fired' });
    const outsider = await createUser(database.db, { companyId: demo.id, role: 5, first_name: 'Outsider' });
    const group = await createWorkingGroup(database.db, {
      companyId: demo.id,
      leadId: lead.id,
      memberIds: [member.id, tracker.id, firedMember.id],
      subgroups: [{ leadId: subLead.id, memberIds: [subMember.id] }],
    });
    await createWorkingGroup(database.db, { companyId: demo.id, memberIds: [outsider.id] });

    const session = await signIn(caller);
    const response = await getMy(session, `?dispatchers=true&wg=${group.id}`);
    expect(response.statusCode).toBe(200);
    const list =
      response.json<{ id: number; first_name: string; last_name: string; role: number; avatar: null }[]>();
    expect(list.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
      [lead.id, member.id, subLead.id, subMember.id].sort((a, b) => a - b),
    );
    expect(list.find((entry) => entry.id === member.id)).toEqual({
      id: member.id,
      first_name: 'Member',
      last_name: expect.stringMatching(/^Last/) as unknown,
      role: 5,
      avatar: null,
    });

    const all = (await getMy(session, '?dispatchers=true')).json<{ id: number; role: number }[]>();
    expect(all.map((entry) => entry.id)).toEqual(expect.arrayContaining([caller.id, outsider.id, member.id]));
    expect(all.every((entry) => entry.role === 4 || entry.role === 5)).toBe(true);
    expect(all.map((entry) => entry.id)).not.toContain(tracker.id);

    const stranger = await createUser(database.db, { companyId: other.id, role: 4 });
    const strangerSession = await signIn(stranger);
    expect((await getMy(strangerSession, `?dispatchers=true&wg=${group.id}`)).json()).toEqual([]);
    const strangerAll = (await getMy(strangerSession, '?dispatchers=true')).json<{ id: number }[]>();
    expect(strangerAll.map((entry) => entry.id)).toEqual([stranger.id]);
  });

  it('is for staff only and validates its query', async () => {
    const newcomer = await createUser(database.db);
    expect((await getMy(await signIn(newcomer), '?dispatchers=true')).statusCode).toBe(403);
    const staff = await createUser(database.db, { companyId: demo.id, role: 5 });
    const bad = await getMy(await signIn(staff), '?dispatchers=true&wg=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', fields: { wg: [expect.any(String)] } });
  });
});

describe('GET users/firms/', () => {
  it('lists the active managers of every company with their company', async () => {
    const manager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const otherManager = await createUser(database.db, { companyId: other.id, role: 4 });
    const firedManager = await createUser(database.db, { companyId: demo.id, role: 4, status: 'Fired' });
    const dispatcher = await createUser(database.db, { companyId: demo.id, role: 5 });
    const newcomer = await createUser(database.db);
    const response = await testApp.app.inject({
      method: 'GET',
      url: FIRMS,
      headers: (await signIn(newcomer)).headers,
    });
    expect(response.statusCode).toBe(200);
    const firms = response.json<Firm[]>();
    const ids = firms.map((firm) => firm.id);
    expect(ids).toEqual(expect.arrayContaining([manager.id, otherManager.id]));
    expect(ids).not.toContain(firedManager.id);
    expect(ids).not.toContain(dispatcher.id);
    expect(firms.find((firm) => firm.id === otherManager.id)).toMatchObject({
      company: { id: other.id, name: other.name },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: FIRMS })).statusCode).toBe(401);
  });
});

describe('join requests', () => {
  async function addRequest(session: Session, payload: object) {
    return testApp.app.inject({ method: 'POST', url: REQUEST_ADD, headers: session.headers, payload });
  }

  async function listRequests(session: Session) {
    return testApp.app.inject({ method: 'GET', url: REQUESTS, headers: session.headers });
  }

  async function decide(session: Session, id: number, action: 'approve' | 'reject', payload?: object) {
    return testApp.app.inject({
      method: 'PUT',
      url: `/backend/api/v2/users/requests/${id}/${action}`,
      headers: session.headers,
      payload: payload ?? {},
    });
  }

  it('needs a manager for a Dispatcher request', async () => {
    const newcomer = await signIn(await createUser(database.db));
    const response = await addRequest(newcomer, { target_department: 'Dispatcher', resp_user: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { resp_user: ['This field is required'] } });
    const missing = await addRequest(newcomer, { target_department: 'Dispatcher' });
    expect(missing.json()).toMatchObject({ fields: { resp_user: ['This field is required'] } });
    const badDepartment = await addRequest(newcomer, { target_department: 'Pilot', resp_user: null });
    expect(badDepartment.statusCode).toBe(400);
    expect(badDepartment.json()).toMatchObject({ fields: { target_department: [expect.any(String)] } });
  });

  it('refuses a manager who is not one', async () => {
    const dispatcher = await createUser(database.db, { companyId: demo.id, role: 5 });
    const newcomer = await signIn(await createUser(database.db));
    const response = await addRequest(newcomer, {
      target_department: 'Dispatcher',
      resp_user: dispatcher.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { resp_user: [expect.any(String)] } });
  });

  it('sets req_status to Send, and a second request replaces the first', async () => {
    const manager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const otherManager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const user = await createUser(database.db);
    const session = await signIn(user);
    const first = await addRequest(session, { target_department: 'Dispatcher', resp_user: manager.id });
    expect(first.statusCode).toBe(200);
    expect(first.json<CurrentUser>().req_status).toBe('Send');
    expect((await getMy(session)).json<CurrentUser>().req_status).toBe('Send');

    expect(
      (await addRequest(session, { target_department: 'Carrier', resp_user: otherManager.id })).statusCode,
    ).toBe(200);
    const pending = await database.db
      .selectFrom('user_requests')
      .select(['resp_user_id', 'target_department', 'company_id'])
      .where('user_id', '=', user.id)
      .where('status', '=', 2)
      .execute();
    expect(pending).toEqual([
      { resp_user_id: otherManager.id, target_department: 'Carrier', company_id: demo.id },
    ]);
  });

  it('answers 409 to a user who already has a company', async () => {
    const manager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const staff = await signIn(await createUser(database.db, { companyId: demo.id, role: 5 }));
    const response = await addRequest(staff, { target_department: 'Dispatcher', resp_user: manager.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'already_in_company' });
  });

  it('shows pending requests to the chosen manager and to the accountants of the company only', async () => {
    const manager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const anotherManager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const accountant = await createUser(database.db, { companyId: demo.id, role: 7 });
    const otherAccountant = await createUser(database.db, { companyId: other.id, role: 7 });
    const dispatcher = await createUser(database.db, { companyId: demo.id, role: 5 });
    const user = await createUser(database.db);
    await addRequest(await signIn(user), { target_department: 'Dispatcher', resp_user: manager.id });

    const seenBy = async (reviewer: TestUser) =>
      (await listRequests(await signIn(reviewer))).json<{ count: number; results: UserRequest[] }>();

    const managerView = await seenBy(manager);
    const request = managerView.results.find((entry) => entry.user.id === user.id);
    expect(request).toMatchObject({
      user: { id: user.id, email: user.email },
      target_department: 'Dispatcher',
      resp_user: manager.id,
      company_id: demo.id,
      status: 2,
    });
    expect(Number.isNaN(Date.parse(request?.created_at ?? ''))).toBe(false);
    expect((await seenBy(accountant)).results.map((entry) => entry.user.id)).toContain(user.id);
    expect((await seenBy(anotherManager)).results.map((entry) => entry.user.id)).not.toContain(user.id);
    expect((await seenBy(otherAccountant)).results.map((entry) => entry.user.id)).not.toContain(user.id);
    expect((await listRequests(await signIn(dispatcher))).statusCode).toBe(403);
    expect((await listRequests(await signIn(user))).statusCode).toBe(403);
  });

  it('a request that names no manager reaches the superusers only, who join the user to their company', async () => {
    const accountant = await createUser(database.db, { companyId: demo.id, role: 7 });
    const superuser = await createUser(database.db, { companyId: demo.id, role: 3, is_superuser: true });
    const user = await createUser(database.db);
    const sent = await addRequest(await signIn(user), { target_department: 'Carrier', resp_user: null });
    expect(sent.statusCode).toBe(200);

    const accountantView = (await listRequests(await signIn(accountant))).json<{ results: UserRequest[] }>();
    expect(accountantView.results.map((entry) => entry.user.id)).not.toContain(user.id);
    const superuserSession = await signIn(superuser);
    const request = (await listRequests(superuserSession))
      .json<{ results: UserRequest[] }>()
      .results.find((entry) => entry.user.id === user.id);
    expect(request).toMatchObject({ target_department: 'Carrier', resp_user: null, company_id: null });
    if (!request) throw new Error('the request is not listed');

    expect((await decide(await signIn(accountant), request.id, 'approve', { role: 5 })).statusCode).toBe(404);
    expect((await decide(superuserSession, request.id, 'approve', { role: 8 })).statusCode).toBe(200);
    const me = (await getMy(await signIn(user))).json<CurrentUser>();
    expect(me).toMatchObject({ role: 8, company_instance: { id: demo.id } });
  });

  it('approves with a role: the user joins the company and signs in with that role', async () => {
    const manager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const user = await createUser(database.db);
    await addRequest(await signIn(user), { target_department: 'Dispatcher', resp_user: manager.id });
    const managerSession = await signIn(manager);
    const list = (await listRequests(managerSession)).json<{ results: UserRequest[] }>();
    const request = list.results.find((entry) => entry.user.id === user.id);
    if (!request) throw new Error('the request is not listed');

    const badRole = await decide(managerSession, request.id, 'approve', { role: 10 });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ fields: { role: [expect.any(String)] } });

    const approved = await decide(managerSession, request.id, 'approve', { role: 5 });
    expect(approved.statusCode).toBe(200);
    const me = (await getMy(await signIn(user))).json<CurrentUser>();
    expect(me).toMatchObject({ role: 5, req_status: 'None', company_instance: { id: demo.id } });
    expect(me.menu).toEqual(expectedMenu(5));

    const twice = await decide(managerSession, request.id, 'approve', { role: 5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'join_request_decided' });
    expect(
      (await listRequests(managerSession)).json<{ results: UserRequest[] }>().results.map((r) => r.id),
    ).not.toContain(request.id);
  });

  it('rejects: req_status goes back to None and the user may ask again', async () => {
    const manager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const accountant = await createUser(database.db, { companyId: demo.id, role: 7 });
    const user = await createUser(database.db);
    const userSession = await signIn(user);
    await addRequest(userSession, { target_department: 'Dispatcher', resp_user: manager.id });
    const accountantSession = await signIn(accountant);
    const request = (await listRequests(accountantSession))
      .json<{ results: UserRequest[] }>()
      .results.find((entry) => entry.user.id === user.id);
    if (!request) throw new Error('the request is not listed');
    const rejected = await decide(accountantSession, request.id, 'reject');
    expect(rejected.statusCode).toBe(200);
    const me = (await getMy(userSession)).json<CurrentUser>();
    expect(me).toMatchObject({ req_status: 'None', role: null, company_instance: null });
    const row = await database.db
      .selectFrom('user_requests')
      .select(['status', 'decided_by'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 4, decided_by: accountant.id });
    expect(
      (await addRequest(userSession, { target_department: 'Shipper', resp_user: manager.id })).statusCode,
    ).toBe(200);
  });

  it('answers 404 to reviewers of another company or another manager, and 403 to other roles', async () => {
    const manager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const anotherManager = await createUser(database.db, { companyId: demo.id, role: 4 });
    const otherAccountant = await createUser(database.db, { companyId: other.id, role: 7 });
    const otherManager = await createUser(database.db, { companyId: other.id, role: 4 });
    const dispatcher = await createUser(database.db, { companyId: demo.id, role: 5 });
    const user = await createUser(database.db);
    await addRequest(await signIn(user), { target_department: 'Dispatcher', resp_user: manager.id });
    const request = await database.db
      .selectFrom('user_requests')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();

    for (const reviewer of [anotherManager, otherAccountant, otherManager]) {
      const session = await signIn(reviewer);
      expect((await decide(session, request.id, 'approve', { role: 5 })).statusCode).toBe(404);
      expect((await decide(session, request.id, 'reject')).statusCode).toBe(404);
    }
    const dispatcherSession = await signIn(dispatcher);
    expect((await decide(dispatcherSession, request.id, 'approve', { role: 5 })).statusCode).toBe(403);
    expect((await decide(dispatcherSession, request.id, 'reject')).statusCode).toBe(403);
    expect((await decide(await signIn(manager), 999_999_999, 'reject')).statusCode).toBe(404);

    const unchanged = (await getMy(await signIn(user))).json<CurrentUser>();
    expect(unchanged).toMatchObject({ role: null, req_status: 'Send' });
  });

  it('needs a token for every request endpoint', async () => {
    for (const [method, url] of [
      ['POST', REQUEST_ADD],
      ['GET', REQUESTS],
      ['PUT', '/backend/api/v2/users/requests/1/approve'],
      ['PUT', '/backend/api/v2/users/requests/1/reject'],
    ] as const) {
      const response = await testApp.app.inject({ method, url, headers: bearer('nope'), payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });
});
