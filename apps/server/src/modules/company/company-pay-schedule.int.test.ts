import type { CompanySettings } from '@app/domain/company/company.schema';
import { PAY_SCHEDULE_MESSAGES } from '@app/domain/company/pay-schedule.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { createCompany, type TestCompany } from '../../../test/factories';
import { createStaff, STAFF_ROLES, type Staff } from '../../../test/staff';
import { setUpTestApp } from '../../../test/test-suite';

// The accounting section of the company settings: the pay-sheet schedule (weekday Monday 0 .. Sunday 6 and
// HH:MM, Eastern) and the quick pay deduction percent, through GET company/my and PUT company/my/update.

const MY = '/backend/api/v2/company/my';
const UPDATE = '/backend/api/v2/company/my/update';

const { database, testApp } = setUpTestApp();

let company: TestCompany;
let staff: Staff<keyof typeof STAFF_ROLES>;
let other: TestCompany;
let otherAdmin: Session;

beforeAll(async () => {
  company = await createCompany(database.db, { name: 'Demo Carrier' });
  staff = await createStaff(database.db, testApp.app, company.id, STAFF_ROLES);
  other = await createCompany(database.db, { name: 'Other Carrier' });
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
  required_documents: {},
  ...overrides,
});

const get = (session: Session) => testApp.app.inject({ method: 'GET', url: MY, headers: session.headers });
const put = (session: Session, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: UPDATE, headers: session.headers, payload });

const schedule = (id: number) =>
  database.db
    .selectFrom('companies')
    .select(['paysheet_weekday', 'paysheet_time', 'quickpay_percent', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the pay-sheet schedule and the quick pay deduction', () => {
  it('start with no schedule and a 3 % deduction', async () => {
    const settings = (await get(staff.sessions.manager)).json<CompanySettings>();
    expect(settings).toMatchObject({ paysheet_weekday: null, paysheet_time: null, quickpay_percent: 3 });
  });

  it('are saved by an admin or a manager and answered as saved', async () => {
    const saved = await put(
      staff.sessions.admin,
      form({ paysheet_weekday: '4', paysheet_time: '15:00', quickpay_percent: '2.75' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>()).toMatchObject({
      paysheet_weekday: 4,
      paysheet_time: '15:00',
      quickpay_percent: 2.75,
    });
    expect(await schedule(company.id)).toMatchObject({
      paysheet_weekday: 4,
      paysheet_time: '15:00',
      quickpay_percent: '2.75',
    });
    const byManager = await put(
      staff.sessions.manager,
      form({ paysheet_weekday: 0, paysheet_time: '09:30' }),
    );
    expect(byManager.json<CompanySettings>()).toMatchObject({ paysheet_weekday: 0, paysheet_time: '09:30' });
  });

  it('stay as saved when a save leaves the section out, and are turned off with none', async () => {
    await put(
      staff.sessions.admin,
      form({ paysheet_weekday: 6, paysheet_time: '23:59', quickpay_percent: 5 }),
    );
    const kept = await put(staff.sessions.admin, form({ name: 'Demo Carrier LLC' }));
    expect(kept.json<CompanySettings>()).toMatchObject({
      name: 'Demo Carrier LLC',
      paysheet_weekday: 6,
      paysheet_time: '23:59',
      quickpay_percent: 5,
    });
    const off = await put(staff.sessions.admin, form({ paysheet_weekday: '', paysheet_time: null }));
    expect(off.json<CompanySettings>()).toMatchObject({ paysheet_weekday: null, paysheet_time: null });
    expect((await schedule(company.id)).quickpay_percent).toBe('5.00');
  });

  it('refuse bad input naming the field, and change nothing', async () => {
    await put(
      staff.sessions.admin,
      form({ paysheet_weekday: 2, paysheet_time: '10:00', quickpay_percent: 3 }),
    );
    const before = await schedule(company.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { paysheet_weekday: 7, paysheet_time: '10:00' },
        'paysheet_weekday',
        PAY_SCHEDULE_MESSAGES.weekdayInvalid,
      ],
      [
        { paysheet_weekday: 'Friday', paysheet_time: '10:00' },
        'paysheet_weekday',
        PAY_SCHEDULE_MESSAGES.weekdayInvalid,
      ],
      [{ paysheet_weekday: 1, paysheet_time: '24:00' }, 'paysheet_time', PAY_SCHEDULE_MESSAGES.timeInvalid],
      [{ paysheet_weekday: 1, paysheet_time: '3pm' }, 'paysheet_time', PAY_SCHEDULE_MESSAGES.timeInvalid],
      [{ paysheet_weekday: 1, paysheet_time: '' }, 'paysheet_time', PAY_SCHEDULE_MESSAGES.timeRequired],
      [{ paysheet_weekday: 1 }, 'paysheet_time', PAY_SCHEDULE_MESSAGES.timeRequired],
      [{ paysheet_time: '08:00' }, 'paysheet_weekday', PAY_SCHEDULE_MESSAGES.weekdayRequired],
      [{ quickpay_percent: 100.5 }, 'quickpay_percent', PAY_SCHEDULE_MESSAGES.quickpayPercentInvalid],
      [{ quickpay_percent: '2.555' }, 'quickpay_percent', PAY_SCHEDULE_MESSAGES.quickpayPercentInvalid],
      [{ quickpay_percent: -1 }, 'quickpay_percent', PAY_SCHEDULE_MESSAGES.quickpayPercentInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const response = await put(staff.sessions.admin, form(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', fields: { [field]: [message] } });
    }
    expect(await schedule(company.id)).toEqual(before);
  });

  it('are not open to the other roles, accountants included, and are each company its own', async () => {
    const before = await schedule(company.id);
    for (const role of ['dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      const response = await put(staff.sessions[role], form({ quickpay_percent: 9 }));
      expect(response.statusCode, role).toBe(403);
    }
    const theirs = await put(
      otherAdmin,
      form({ name: 'Other Carrier', paysheet_weekday: 3, paysheet_time: '07:00' }),
    );
    expect(theirs.json<CompanySettings>()).toMatchObject({ id: other.id, paysheet_weekday: 3 });
    expect(await schedule(company.id)).toEqual(before);
  });
});
