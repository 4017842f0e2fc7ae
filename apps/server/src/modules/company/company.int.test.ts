import { COMPANY_MESSAGES, type CompanySettings } from '@app/domain/company/company.schema';
import type { CurrentUser } from '@app/domain/users/users.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { createCompany, insertDriver, type TestCompany } from '../../../test/factories';
import { createStaff, STAFF_AND_CONFLICT_MANAGER, type Staff } from '../../../test/staff';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertLoad, LOADS_API } from '../loads/loads.fixtures';

const MY = '/backend/api/v2/company/my';
const UPDATE = '/backend/api/v2/company/my/update';

const { database, testApp } = setUpTestApp();
const recorded = recordEventsOfEachTest(testApp);

type Role = keyof typeof STAFF_AND_CONFLICT_MANAGER;
let company: TestCompany;
let staff: Staff<Role>;
let other: TestCompany;
let otherAdmin: Session;

beforeAll(async () => {
  company = await createCompany(database.db, { name: 'Demo Carrier' });
  staff = await createStaff(database.db, testApp.app, company.id, STAFF_AND_CONFLICT_MANAGER);
  other = await createCompany(database.db, { name: 'Other Carrier', google_maps_key: 'OtherKey' });
  otherAdmin = (await createStaff(database.db, testApp.app, other.id, { admin: 3 })).sessions.admin;
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Demo Carrier',
  phone: '(555) 123-4567',
  google_maps_key: null,
  map_tiles_url: null,
  call_system: null,
  language_select: true,
  disable_some_menu_items: false,
  enable_address_language_notice: false,
  is_visible_phone_numbers: false,
  can_dispatchers_search_loads_for_on_load_unit: false,
  board_expiry_hours: 24,
  required_documents: { '2': ['rate_confirmation'], '4': ['bill_of_lading'], '8': ['proof_of_delivery'] },
  ...overrides,
});

const get = (session: Session) => testApp.app.inject({ method: 'GET', url: MY, headers: session.headers });
const put = (session: Session, payload: unknown) =>
  testApp.app.inject({ method: 'PUT', url: UPDATE, headers: session.headers, payload: payload as object });

async function companyRow(id: number) {
  return database.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function currentUser(session: Session): Promise<CurrentUser> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/backend/api/users/my/',
    headers: session.headers,
  });
  return response.json<CurrentUser>();
}

describe('GET company/my and PUT company/my/update', () => {
  it("answer an admin's and a manager's own company, with the documents each status needs", async () => {
    for (const role of ['admin', 'manager'] as const) {
      const response = await get(staff.sessions[role]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CompanySettings>()).toMatchObject({
        id: company.id,
        name: 'Demo Carrier',
        required_documents: {
          '2': ['rate_confirmation'],
          '4': ['bill_of_lading'],
          '8': ['proof_of_delivery'],
        },
      });
    }
  });

  it('refuse every other role with 403 and change nothing', async () => {
    const before = await companyRow(company.id);
    for (const role of ['dispatcher', 'tracker', 'accountant', 'hr', 'conflictManager'] as const) {
      expect((await get(staff.sessions[role])).statusCode, role).toBe(403);
      const refused = await put(staff.sessions[role], form({ name: `Renamed by ${role}` }));
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(await companyRow(company.id)).toEqual(before);
  });

  it("save a manager's settings and answer them as saved; another company's admin neither sees nor changes them", async () => {
    const saved = await put(
      staff.sessions.manager,
      form({
        name: '  Demo Carrier LLC ',
        google_maps_key: 'AIzaDemoKey_1',
        map_tiles_url: ' https://tiles.example.com/north-america.pmtiles ',
        call_system: 'ringcentral',
        required_documents: { '3': ['other'], '8': ['proof_of_delivery'] },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>()).toMatchObject({
      id: company.id,
      name: 'Demo Carrier LLC',
      phone: '(555) 123-4567',
      google_maps_key: 'AIzaDemoKey_1',
      map_tiles_url: 'https://tiles.example.com/north-america.pmtiles',
      call_system: 'ringcentral',
      required_documents: { '3': ['other'], '8': ['proof_of_delivery'] },
    });
    expect((await get(staff.sessions.admin)).json<CompanySettings>().name).toBe('Demo Carrier LLC');
    // Every colleague's open page hears of it (no roles: every user of the company), and only this company's.
    expect(recorded.events).toEqual([
      { event: 'update_company', companyId: company.id, data: { id: company.id } },
    ]);

    const theirs = await get(otherAdmin);
    expect(theirs.json<CompanySettings>()).toMatchObject({
      id: other.id,
      google_maps_key: 'OtherKey',
      map_tiles_url: null,
    });
    const theirSave = await put(otherAdmin, form({ name: 'Other Carrier Inc' }));
    expect(theirSave.json<CompanySettings>().id).toBe(other.id);
    expect((await companyRow(company.id)).name).toBe('Demo Carrier LLC');
    expect((await companyRow(other.id)).name).toBe('Other Carrier Inc');
  });

  it("refuse bad input naming the field with the spec's messages, and change nothing", async () => {
    const before = await companyRow(company.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [form({ name: '   ' }), 'name', COMPANY_MESSAGES.nameRequired],
      [form({ phone: '' }), 'phone', COMPANY_MESSAGES.phoneRequired],
      [form({ phone: undefined }), 'phone', COMPANY_MESSAGES.phoneRequired],
      [form({ phone: 'call me' }), 'phone', COMPANY_MESSAGES.phoneInvalid],
      [form({ google_maps_key: 'a key' }), 'google_maps_key', COMPANY_MESSAGES.mapsKeyInvalid],
      [
        form({ map_tiles_url: 'tiles.example.com/na.pmtiles' }),
        'map_tiles_url',
        'Map tiles (PMTiles URL) must be an http:// or https:// address or a path starting with /, ending in .pmtiles',
      ],
      [
        form({ map_tiles_url: 'https://tiles.example.com/na.mbtiles' }),
        'map_tiles_url',
        COMPANY_MESSAGES.mapTilesUrlInvalid,
      ],
      [
        form({ map_tiles_url: `/${'a'.repeat(500)}.pmtiles` }),
        'map_tiles_url',
        'Map tiles (PMTiles URL) must have at most 500 characters',
      ],
      [form({ required_documents: { '2': ['passport'] } }), 'required_documents', ''],
      [form({ required_documents: { '12': ['other'] } }), 'required_documents', ''],
      [form({ is_visible_phone_numbers: 'yes' }), 'is_visible_phone_numbers', ''],
      [form({ board_expiry_hours: 0 }), 'board_expiry_hours', COMPANY_MESSAGES.boardExpiryInvalid],
      [form({ board_expiry_hours: 721 }), 'board_expiry_hours', COMPANY_MESSAGES.boardExpiryInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(staff.sessions.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ code: string; fields: Record<string, string[]> }>();
      expect(body.code).toBe('validation_error');
      expect(
        Object.keys(body.fields).some((name) => name.startsWith(field)),
        response.body,
      ).toBe(true);
      if (message) expect(body.fields[field]).toEqual([message]);
    }
    expect((await put(staff.sessions.admin, { ...form(), paysheet_day: 1 })).statusCode).toBe(400);
    expect(await companyRow(company.id)).toEqual(before);
    expect(recorded.events).toEqual([]);
  });
});

describe('a saved setting takes effect', () => {
  it("in the board expiry: the hours a board load stays after its pick-up are the company's", async () => {
    const saved = await put(staff.sessions.admin, form({ board_expiry_hours: '48' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>().board_expiry_hours).toBe(48);
    expect((await companyRow(company.id)).board_expiry_hours).toBe(48);
    await put(staff.sessions.admin, form());
    expect((await companyRow(company.id)).board_expiry_hours).toBe(24);
  });

  it('in the current user of every colleague: maps key, map tiles, menu items and phone visibility', async () => {
    await put(
      staff.sessions.admin,
      form({
        google_maps_key: 'AIzaFresh',
        map_tiles_url: '/tiles/na.pmtiles',
        disable_some_menu_items: true,
        is_visible_phone_numbers: true,
      }),
    );
    const seen = (await currentUser(staff.sessions.dispatcher)).company_instance;
    expect(seen).toMatchObject({
      google_maps_key: 'AIzaFresh',
      map_tiles_url: '/tiles/na.pmtiles',
      disable_some_menu_items: true,
      is_visible_phone_numbers: true,
    });
  });

  it('in the drivers list: a dispatcher sees phone numbers only while the company shows them to all', async () => {
    const driver = await insertDriver(database.db, company.id, { phone_number: '(555) 600-1000' });
    const phoneSeen = async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/backend/api/v2/users/drivers/${driver.id}`,
        headers: staff.sessions.dispatcher.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ phone_number: string | null }>().phone_number;
    };
    await put(staff.sessions.admin, form({ is_visible_phone_numbers: false }));
    expect(await phoneSeen()).toBeNull();
    await put(staff.sessions.admin, form({ is_visible_phone_numbers: true }));
    expect(await phoneSeen()).toBe('(555) 600-1000');
  });

  it('in the status moves of loads: a move asks for the documents the company now asks for', async () => {
    const id = await insertLoad(database.db, company.id, { dispatcherId: staff.users.dispatcher.id });
    const next = () =>
      testApp.app.inject({
        method: 'PUT',
        url: `${LOADS_API}/${id}/set-next-status`,
        headers: staff.sessions.manager.headers,
      });
    await put(staff.sessions.admin, form({ required_documents: { '2': ['bill_of_lading'] } }));
    const refused = await next();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'documents_required',
      fields: { missing_documents: ['bill_of_lading'] },
    });

    await put(staff.sessions.admin, form({ required_documents: {} }));
    const moved = await next();
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
