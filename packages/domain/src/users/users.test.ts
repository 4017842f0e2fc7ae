import { describe, expect, it } from 'vitest';
import { menuForUser } from '../shell/menu.rules';
import {
  approveRequestSchema,
  currentUserSchema,
  profileUpdateSchema,
  updateFiltersSchema,
  userRequestCreateSchema,
} from './users.schema';

const currentUser = {
  id: 7,
  email: 'dispatcher@demo.test',
  first_name: 'Dan',
  last_name: 'Miller',
  role: 5,
  is_superuser: false,
  avatar: null,
  lang: 'en',
  working_gmail: null,
  in_gmail: false,
  working_group: 1,
  unit_id: null,
  filters_data_2: '[]',
  req_status: 'None',
  hide_accounting: false,
  company_instance: {
    id: 1,
    name: 'Demo Carrier',
    company_hash: 'a1b2c3',
    google_maps_key: null,
    map_tiles_url: null,
    call_system: null,
    language_select: true,
    disable_some_menu_items: false,
    enable_address_language_notice: false,
    is_visible_phone_numbers: false,
    can_dispatchers_search_loads_for_on_load_unit: false,
  },
  menu: menuForUser({ role: 5, is_superuser: false, hide_accounting: false }),
};

describe('current user', () => {
  it('has the fields of the spec and the menu', () => {
    expect(currentUserSchema.parse(currentUser)).toEqual(currentUser);
  });
  it('may have no role and no company', () => {
    const newcomer = { ...currentUser, role: null, company_instance: null, menu: [], req_status: 'Send' };
    expect(currentUserSchema.parse(newcomer)).toEqual(newcomer);
  });
  it('defaults the filter templates to an empty list', () => {
    const { filters_data_2: _, ...withoutFilters } = currentUser;
    expect(currentUserSchema.parse(withoutFilters).filters_data_2).toBe('[]');
  });
  it('takes only the roles 3 to 13', () => {
    expect(currentUserSchema.safeParse({ ...currentUser, role: 2 }).success).toBe(false);
    expect(currentUserSchema.safeParse({ ...currentUser, role: 14 }).success).toBe(false);
  });
  it('takes req_status None or Send', () => {
    expect(currentUserSchema.safeParse({ ...currentUser, req_status: 'Approved' }).success).toBe(false);
  });
  it('takes the languages en and ru', () => {
    expect(currentUserSchema.safeParse({ ...currentUser, lang: 'de' }).success).toBe(false);
  });
});

describe('request to join a company', () => {
  it('takes the department Carrier, Shipper or Dispatcher', () => {
    expect(userRequestCreateSchema.parse({ target_department: 'Carrier' })).toEqual({
      target_department: 'Carrier',
      resp_user: null,
    });
    expect(userRequestCreateSchema.safeParse({ target_department: 'Broker' }).success).toBe(false);
  });
  it('requires a manager for Dispatcher', () => {
    const result = userRequestCreateSchema.safeParse({ target_department: 'Dispatcher', resp_user: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['resp_user', 'This field is required'],
    ]);
    expect(userRequestCreateSchema.parse({ target_department: 'Dispatcher', resp_user: 4 })).toEqual({
      target_department: 'Dispatcher',
      resp_user: 4,
    });
  });
});

describe('approving a request', () => {
  it.each([3, 4, 5, 6, 7, 8, 13])('grants staff role %i', (role) => {
    expect(approveRequestSchema.parse({ role })).toEqual({ role });
  });
  it.each([9, 10, 11, 12, 1])('does not grant role %i', (role) => {
    expect(approveRequestSchema.safeParse({ role }).success).toBe(false);
  });
});

describe('profile', () => {
  it('updates names and language', () => {
    expect(profileUpdateSchema.parse({ first_name: ' Anna ', last_name: 'Petrova', lang: 'ru' })).toEqual({
      first_name: 'Anna',
      last_name: 'Petrova',
      lang: 'ru',
    });
  });
  it("requires the names with 'This field is required'", () => {
    const result = profileUpdateSchema.safeParse({ first_name: '', last_name: 'Petrova', lang: 'en' });
    expect(result.error?.issues[0]?.message).toBe('This field is required');
  });
  it('saves the load board filter templates as JSON text of a list', () => {
    expect(updateFiltersSchema.parse({ filters_data_2: '[{"name":"East"}]' })).toEqual({
      filters_data_2: '[{"name":"East"}]',
    });
    expect(updateFiltersSchema.safeParse({ filters_data_2: '{"name":"East"}' }).success).toBe(false);
    expect(updateFiltersSchema.safeParse({ filters_data_2: 'not json' }).success).toBe(false);
  });
  it('checks each filter template against the load board template schema, naming the first problem', () => {
    const message = (templates: unknown) =>
      updateFiltersSchema.safeParse({ filters_data_2: JSON.stringify(templates) }).error?.issues[0]?.message;
    expect(
      message([{ name: 'East', pickupStates: ['NY'], vehicleTypes: ['VAN'], match: true }]),
    ).toBeUndefined();
    expect(message([{ name: 'East' }, { name: 'EAST' }])).toBe('1.name: Another template has this name');
    expect(message([{ name: 'East', vehicleTypes: ['BOAT'] }])).toMatch(
      /^0\.vehicleTypes\.0: Must be vehicle types/,
    );
    expect(message([{ pickupStates: [] }])).toBe('0.name: Name the template');
  });
});
