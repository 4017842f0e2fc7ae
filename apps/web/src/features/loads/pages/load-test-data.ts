import type { LoadDetail, LoadPoint } from '@app/domain/loads/loads.schema';
import { FakeAnswer, fakeFetch, makeUser, storeSession } from '@/test/render-app';
import type { FakeCall } from '@/test/render-app';
import type { CurrentUser } from '@/lib/current-user';

// Loads as the server answers them, for the component tests of the load screens.

export function makePoint(overrides: Partial<LoadPoint> = {}): LoadPoint {
  return {
    id: 501,
    order: 1,
    type: 'pick_up',
    address: '100 Main St',
    city: 'Dallas',
    state: 'TX',
    zip_code: '75201',
    country: 'US',
    lat: 32.78,
    lon: -96.8,
    date: '2026-11-21T20:04:00Z',
    is_active: false,
    ...overrides,
  };
}

export function makeLoad(overrides: Partial<LoadDetail> = {}): LoadDetail {
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
      makePoint({ is_active: true }),
      makePoint({
        id: 502,
        order: 2,
        type: 'deliver_to',
        address: '9 Lake Ave',
        city: 'Chicago',
        state: 'IL',
        zip_code: '60601',
        lat: 41.88,
        lon: -87.63,
        date: '2026-11-22T15:30:00Z',
      }),
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
    history: [],
    missing_documents: [],
    ...overrides,
  };
}

export const DISPATCHERS = [
  { id: 21, first_name: 'Dina', last_name: 'Dispatch', role: 5, avatar: null },
  { id: 22, first_name: 'Mark', last_name: 'Manager', role: 4, avatar: null },
];

/** Signs a user in and fakes the network: users/my answers the user, or the dispatchers when asked. */
export function setupLoads(routes: Record<string, unknown>, user: Partial<CurrentUser> = {}) {
  storeSession();
  return fakeFetch({
    'GET /backend/api/users/my/': (call: FakeCall) =>
      call.url.includes('dispatchers=true') ? DISPATCHERS : makeUser(user),
    'GET /backend/api/v2/working-groups/all': [
      {
        id: 3,
        name: 'East',
        group_name: 'East',
        group_lead: null,
        subgroups: [{ id: 31, name: 'East A', lead: null, subgroup_lead: null, users_id: [] }],
      },
    ],
    ...routes,
  });
}

export { FakeAnswer };
