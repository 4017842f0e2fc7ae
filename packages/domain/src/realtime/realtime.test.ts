import { describe, expect, it } from 'vitest';
import { carStatusChange } from '../units/units.schema';
import {
  parseRealtimeMessage,
  REALTIME_EVENT_DATA,
  PRODUCT_REALTIME_EVENT_NAMES,
  REALTIME_EVENT_NAMES,
  realtimeEventNameSchema,
  SPEC_REALTIME_EVENT_NAMES,
  type RealtimeEventData,
  type RealtimeEventName,
} from './realtime.schema';

const place = {
  address: '1 Main St',
  city: 'Columbus',
  state: 'OH',
  zip_code: '43004',
  country: 'US' as const,
  lat: 39.96,
  lon: -82.99,
  updated_by: { first_name: 'Ann', last_name: 'Lee' },
  last_update_time: '2026-11-25T12:00:00-05:00',
};

/** One payload per event, shaped as the server's publishers build it. */
const SAMPLES: { [Name in RealtimeEventName]: RealtimeEventData<Name> } = {
  car_status_change: carStatusChange(7, 3),
  load_status_change: { id: 300, status: 2, old_status: 1, accounting_status: null },
  driver_bid: { load: { id: 5, pending_driver_bids: [] } },
  dispatcher_bid: { load_id: 5, dispatcher_bids: [{ id: 1 }], dispatcher_bids_count: 1 },
  reject_bid: { load_id: 5, bid_id: 1, dispatcher_bids: [], dispatcher_bids_count: 0 },
  update_loads: { ids: [300, 301], action: 'change_price' },
  driver_online_change: { driver_id: 4, vehicle_id: null, online: true },
  new_notice: {
    id: 't-1f0e',
    type: { id: 100, name: 'load_status' },
    label: 'Load #000301',
    content: 'In Transit to Pick-up',
    created_date: '2026-11-25T17:00:00Z',
    load: { id: 301, status: 2, accounting_status: null },
  },
  read_notice: { id: 12 },
  group_chat_message: {
    message: {
      id: 1,
      content: 'hi',
      files: [],
      created_date: '2026-11-25T17:00:00Z',
      user_from: { id: 5, avatar: '/default-avatar.svg', role: 5, full_name: 'Ann Lee' },
      sms_chat: null,
    },
    chat: { id: 2, type: 'Note', title: '#000301', load_id: 301 },
  },
  mark_as_read_group_chat: { chat_id: 2, type: 'Note' },
  sms_chat_message: {
    message: {
      id: 1,
      content: 'Loaded, rolling',
      files: [],
      created_date: '2026-11-25T17:00:00Z',
      user_from: { id: null, avatar: '/default-avatar.svg', role: 10, full_name: 'Carl Dunn' },
      sms_chat: 3,
      direction: 'in',
      delivery_status: 'received',
      error: null,
    },
    chat: {
      id: 3,
      type: 'Driver',
      title: 'Carl Dunn',
      unread_count: 1,
      notes_unread_count: 0,
      entity: { id: 8, name: 'Carl Dunn', avatar: '/default-avatar.svg', resp_driver: null },
      user: null,
      last_message: null,
      updated_date: '2026-11-25T17:00:00Z',
      phone_number: '+15551234567',
      driver_id: 8,
      owner_id: null,
      unit_id: '101',
    },
  },
  mark_as_read_sms: { chat_id: 3 },
  email_chat_message: { message: { id: 1 }, chat: { id: 4 } },
  update_loadboard: { load: { id: 9 } },
  location_change: { id: 7, location: place },
  future_location_change: {
    id: 7,
    future_location: { ...place, available_date: '2026-11-26T09:00:00-05:00' },
  },
  location_status_change: { id: 7, location_status: 3 },
  update_units: { kind: 'vehicle', ids: [7] },
  driver_portal_update: { load_ids: [3], bid_ids: [] },
  update_email_postings: { ids: [4] },
  sms_bulk_progress: {
    id: 2,
    state: 'sending',
    requested: 3,
    sent: 1,
    failed: 1,
    failures: [
      { driver_id: 5, owner_id: null, full_name: 'Carl Dunn', phone_number: null, reason: 'No phone number' },
    ],
    created_date: '2026-11-21T15:04:00.000Z',
    finished_date: null,
  },
  update_incentives: { load_ids: [300], template_ids: [] },
  update_accounting: { load_ids: [300], payment_ids: [12] },
  update_working_groups: { ids: [3, 4] },
  update_users: { ids: [21] },
  update_company: { id: 1 },
};

describe('the realtime events', () => {
  it("are the spec's 18 socket events and the product's own update_units, driver_portal_update, update_email_postings, sms_bulk_progress, update_incentives, update_accounting, update_working_groups, update_users and update_company, each once", () => {
    expect(SPEC_REALTIME_EVENT_NAMES).toHaveLength(18);
    expect(PRODUCT_REALTIME_EVENT_NAMES).toEqual([
      'update_units',
      'driver_portal_update',
      'update_email_postings',
      'sms_bulk_progress',
      'update_incentives',
      'update_accounting',
      'update_working_groups',
      'update_users',
      'update_company',
    ]);
    expect(REALTIME_EVENT_NAMES).toEqual([
      ...SPEC_REALTIME_EVENT_NAMES,
      'update_units',
      'driver_portal_update',
      'update_email_postings',
      'sms_bulk_progress',
      'update_incentives',
      'update_accounting',
      'update_working_groups',
      'update_users',
      'update_company',
    ]);
    expect(new Set(REALTIME_EVENT_NAMES).size).toBe(REALTIME_EVENT_NAMES.length);
    for (const name of ['car_status_change', 'update_loads', 'new_notice', 'location_status_change'])
      expect(SPEC_REALTIME_EVENT_NAMES).toContain(name);
  });

  it('refuse a name the spec does not give', () => {
    expect(realtimeEventNameSchema.safeParse('load_status_change').success).toBe(true);
    expect(realtimeEventNameSchema.safeParse('car_status_changed').success).toBe(false);
  });

  it('have one data schema each', () => {
    expect(Object.keys(REALTIME_EVENT_DATA).sort()).toEqual([...REALTIME_EVENT_NAMES].sort());
  });

  it.each(REALTIME_EVENT_NAMES)('%s: the data its publisher sends is accepted as it is', (event) => {
    expect(parseRealtimeMessage({ event, data: SAMPLES[event] })).toEqual({ event, data: SAMPLES[event] });
  });

  it.each(REALTIME_EVENT_NAMES)('%s: data without its fields is refused', (event) => {
    expect(parseRealtimeMessage({ event, data: {} })).toBeNull();
    expect(parseRealtimeMessage({ event, data: null })).toBeNull();
  });

  it('a car_status_change carries the status id and its English name', () => {
    expect(SAMPLES.car_status_change.status.id).toBe(3);
    expect(SAMPLES.car_status_change.status.name).not.toBe('');
    const wrongStatus = { id: 7, status: { id: 99, name: 'Flying' } };
    expect(parseRealtimeMessage({ event: 'car_status_change', data: wrongStatus })).toBeNull();
  });

  it("an update_loads names the load history's action, 'delete' or 'broker_company'", () => {
    for (const action of ['create', 'change_price', 'delete', 'broker_company', 'upload_file'])
      expect(parseRealtimeMessage({ event: 'update_loads', data: { ids: [1], action } })).not.toBeNull();
    expect(parseRealtimeMessage({ event: 'update_loads', data: { ids: [1], action: 'explode' } })).toBeNull();
    expect(parseRealtimeMessage({ event: 'update_loads', data: { ids: ['1'], action: 'edit' } })).toBeNull();
  });

  it('an update_units names one kind of record and at least one id', () => {
    for (const kind of ['vehicle', 'driver', 'owner', 'broker_company'])
      expect(parseRealtimeMessage({ event: 'update_units', data: { kind, ids: [1, 2] } })).toEqual({
        event: 'update_units',
        data: { kind, ids: [1, 2] },
      });
    for (const data of [
      { kind: 'load', ids: [1] },
      { kind: 'vehicle', ids: [] },
      { kind: 'vehicle', ids: ['7'] },
      { kind: 'driver' },
    ])
      expect(parseRealtimeMessage({ event: 'update_units', data }), JSON.stringify(data)).toBeNull();
  });

  it('an update_incentives names the loads or the templates that changed, at least one', () => {
    const data = { load_ids: [], template_ids: [4] };
    expect(parseRealtimeMessage({ event: 'update_incentives', data })).toEqual({
      event: 'update_incentives',
      data,
    });
    const nothing = { load_ids: [], template_ids: [] };
    expect(parseRealtimeMessage({ event: 'update_incentives', data: nothing })).toBeNull();
  });

  it('an update_accounting names the loads or the payments that changed, at least one', () => {
    const data = { load_ids: [7], payment_ids: [] };
    expect(parseRealtimeMessage({ event: 'update_accounting', data })).toEqual({
      event: 'update_accounting',
      data,
    });
    expect(
      parseRealtimeMessage({ event: 'update_accounting', data: { load_ids: [], payment_ids: [] } }),
    ).toBeNull();
  });

  it('a load_status_change names statuses the spec knows', () => {
    const data = { id: 1, status: 13, old_status: 1, accounting_status: null };
    expect(parseRealtimeMessage({ event: 'load_status_change', data })).toBeNull();
  });

  it('a location may be cleared (null), a location type is 1, 2 or 3', () => {
    expect(
      parseRealtimeMessage({ event: 'location_change', data: { id: 7, location: null } }),
    ).not.toBeNull();
    const badType = { id: 7, location_status: 4 };
    expect(parseRealtimeMessage({ event: 'location_status_change', data: badType })).toBeNull();
  });

  it('an unknown event or a message that is not an object is refused', () => {
    expect(parseRealtimeMessage({ event: 'reboot', data: {} })).toBeNull();
    expect(parseRealtimeMessage({ data: { id: 1 } })).toBeNull();
    expect(parseRealtimeMessage('update_loads')).toBeNull();
    expect(parseRealtimeMessage(null)).toBeNull();
  });
});
