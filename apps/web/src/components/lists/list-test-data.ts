import type { Load } from '@app/domain/loads/loads.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import type { CurrentUser } from '@/lib/current-user';
import { fakeFetch, makeUser, storeSession } from '@/test/render-app';
import type { FakeCall } from '@/test/render-app';

// Test data the component tests of the list pages share: the company's dispatchers and teams as the server
// answers them, a signed-in user with those lookups, list answers and a load as the lists show it.

export const TEST_DISPATCHERS = [
  { id: 21, first_name: 'Dina', last_name: 'Dispatch', role: 5, avatar: null },
  { id: 22, first_name: 'Mark', last_name: 'Manager', role: 4, avatar: null },
];

export const TEST_WORKING_GROUPS = [
  {
    id: 3,
    name: 'East',
    group_name: 'East',
    group_lead: null,
    subgroups: [{ id: 31, name: 'East A', lead: null, subgroup_lead: null, users_id: [] }],
  },
];

/**
 * Signs a user in (an admin unless told) and fakes the network with the given routes: users/my answers the
 * user, or the dispatchers when asked, and working-groups/all the company's one team.
 */
export function setupListPages(routes: Record<string, unknown>, user: Partial<CurrentUser> = {}) {
  storeSession();
  return fakeFetch({
    'GET /backend/api/users/my/': (call: FakeCall) =>
      call.url.includes('dispatchers=true') ? TEST_DISPATCHERS : makeUser(user),
    'GET /backend/api/v2/working-groups/all': TEST_WORKING_GROUPS,
    ...routes,
  });
}

/** A list answer: the items of one page and the count of all. */
export function listOf<Item>(items: Item[], count = items.length): ListResponse<Item> {
  return { count, results: items };
}

/** The query string of the last call to a path. */
export function lastQuery(calls: { url: string }[]): URLSearchParams {
  const url = calls[calls.length - 1]?.url ?? '';
  return new URLSearchParams(url.split('?')[1] ?? '');
}

/**
 * A load as the lists answer it: #42 (000042) of Acme Logistics, from Dallas on November 21, 2026 at 15:04
 * Eastern to Chicago the next day, driven by Dan Driver in U-101 for Dina Dispatch.
 */
export function makeListLoad(overrides: Partial<Load> = {}): Load {
  const point = { zip_code: null, country: 'US' as const, lat: null, lon: null, is_active: false };
  return {
    id: 42,
    status: 2,
    status_name: 'In Transit to Pick-up',
    accounting_status: null,
    load_accounting_number: 42,
    load_accounting_number_display: '000042',
    load_accounting_week: null,
    load_accounting_year: null,
    broker_company: { id: 7, name: 'Acme Logistics', mc_number: '123456', rating: 3, in_blacklist: false },
    accounting_broker_company: null,
    broker_name: 'Bob Broker',
    broker_phone: '(555) 123-4567',
    reply_email: 'bob@acme.test',
    rateconf_ref: 'RC-1',
    pays: 1300,
    broker_price: 1200.5,
    driver_price: 950,
    weight: 1000,
    pieces: 2,
    length: 48,
    width: 40,
    height: 50,
    vehicle_type: 'VAN',
    note: 'Call before arrival',
    dock_level: false,
    isDanger: false,
    isUrgent: false,
    isCanPutOnTop: false,
    equipment: {},
    pick_up_datetime: '2026-11-21T20:04:00Z',
    delivery_datetime: '2026-11-22T15:30:00Z',
    points: [
      {
        ...point,
        id: 501,
        order: 1,
        type: 'pick_up',
        address: '100 Main St',
        city: 'Dallas',
        state: 'TX',
        date: '2026-11-21T20:04:00Z',
      },
      {
        ...point,
        id: 502,
        order: 2,
        type: 'deliver_to',
        address: '100 Main St',
        city: 'Chicago',
        state: 'IL',
        date: '2026-11-22T15:30:00Z',
      },
    ],
    files: [],
    driver: { id: 61, full_name: 'Dan Driver', phone_number: null },
    car: { id: 71, unit_id: 'U-101', transport_type: 'VAN' },
    dispatcher: { id: 21, first_name: 'Dina', last_name: 'Dispatch' },
    working_group: null,
    subgroup: null,
    miles: 925,
    transit_time: 18.5,
    email_notifications_status: 'Inactive',
    email_notifications_interval: null,
    email_notifications_location_flag: false,
    email_notifications_load_status_flag: false,
    email_notifications_type: 'interval',
    location_update_emails: [],
    created_date: '2026-11-20T14:00:00Z',
    updated_date: '2026-11-20T14:00:00Z',
    ...overrides,
  };
}

/** A storage that refuses everything, as a full one refuses a write and a disabled one any use. */
export function failingStorage(): Storage {
  const fail = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return { getItem: fail, setItem: fail, removeItem: fail, clear: fail, key: fail, length: 0 };
}
