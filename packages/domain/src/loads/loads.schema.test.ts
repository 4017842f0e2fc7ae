import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/errors';
import {
  completedLoadEditSchema,
  driverLoadHistoryQuerySchema,
  loadActiveUpdateSchema,
  loadCancelSchema,
  loadChangeDriverSchema,
  loadChangePriceSchema,
  loadChangeResponsibleSchema,
  loadCreateResponseSchema,
  loadCreateSchema,
  loadDetailSchema,
  loadEditDriverInfoSchema,
  loadEmailNotificationsSchema,
  loadFastCreateSchema,
  loadFileUploadFieldsSchema,
  loadListQuerySchema,
  loadListResponseSchema,
  loadPointInputSchema,
  loadRestoreAsCopySchema,
  loadSchema,
  loadTonuSchema,
  type LoadCreateInput,
  type LoadPointInput,
} from './loads.schema';

const pickUp: LoadPointInput = {
  address: 'Chicago, IL 60607, USA',
  city: 'Chicago',
  state: 'IL',
  zip_code: '60607',
  country: 'US',
  date: '2026-05-20T08:00:00-04:00',
  order: 1,
  lat: 41.8781,
  lon: -87.6298,
  type: 'pick_up',
  is_active: false,
};

const delivery: LoadPointInput = {
  address: 'Toronto, ON M5V 2T6, Canada',
  city: 'Toronto',
  state: 'ON',
  zip_code: 'M5V 2T6',
  country: 'CA',
  date: '2026-05-21T14:30:00-04:00',
  order: 2,
  lat: 43.6532,
  lon: -79.3832,
  type: 'deliver_to',
  is_active: false,
};

function createBody(): LoadCreateInput {
  return {
    broker_company: 3,
    broker_name: 'Jane Carter',
    broker_phone: '(312) 555-0142',
    reply_email: 'Loads@Acme-Logistics.test',
    rateconf_ref: '',
    pays: '$1,200.50',
    weight: '1200',
    pieces: 4,
    length: 48,
    width: '40',
    height: 60,
    car: 'SPRINTER VAN',
    note: 'Call before arrival',
    isDanger: true,
    pick_up_datetime: '2026-05-20T08:00:00-04:00',
    delivery_datetime: '2026-05-21T14:30:00-04:00',
    points: [pickUp, delivery],
  };
}

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('load point', () => {
  it('takes an address chosen from the lookup', () => {
    expect(loadPointInputSchema.parse(pickUp)).toEqual(pickUp);
  });
  it('takes a Canadian province', () => {
    expect(loadPointInputSchema.parse(delivery).state).toBe('ON');
  });
  it('upper-cases the state code', () => {
    expect(loadPointInputSchema.parse({ ...pickUp, state: 'il' }).state).toBe('IL');
  });
  it('refuses a state that is not a US state or Canadian province', () => {
    expect(errorsOf(loadPointInputSchema, { ...pickUp, state: 'ZZ' })).toEqual({
      state: ['Must be a US state or Canadian province code'],
    });
  });
  it("refuses a state outside the point's country", () => {
    expect(errorsOf(loadPointInputSchema, { ...pickUp, state: 'ON' })).toEqual({
      state: ['The state is not in the country of the address'],
    });
  });
  it('needs coordinates: an address typed but not chosen is refused', () => {
    expect(errorsOf(loadPointInputSchema, { ...pickUp, lat: null, lon: undefined })).toEqual({
      lat: ['Choose an address from the suggestions'],
      lon: ['Choose an address from the suggestions'],
    });
    expect(errorsOf(loadPointInputSchema, { ...pickUp, lat: 91 })).toEqual({ lat: ['Must be a latitude'] });
  });
  it('needs a date with offset', () => {
    expect(errorsOf(loadPointInputSchema, { ...pickUp, date: null })).toEqual({
      date: ['This field is required'],
    });
    expect(errorsOf(loadPointInputSchema, { ...pickUp, date: '05/20/2026 08:00' })).toEqual({
      date: ['Must be an ISO 8601 date-time with offset'],
    });
  });
  it('has a 1-based order and a type pick_up or deliver_to', () => {
    expect(loadPointInputSchema.safeParse({ ...pickUp, order: 0 }).success).toBe(false);
    expect(loadPointInputSchema.safeParse({ ...pickUp, type: 'stop' }).success).toBe(false);
  });
  it('is not active and in the US unless told', () => {
    const { is_active: _active, country: _country, ...rest } = pickUp;
    expect(loadPointInputSchema.parse(rest)).toMatchObject({ is_active: false, country: 'US' });
  });
  it('keeps no empty zip code', () => {
    expect(loadPointInputSchema.parse({ ...pickUp, zip_code: '' }).zip_code).toBeNull();
  });
});

describe('load create body', () => {
  it('takes every field of the form', () => {
    const body = loadCreateSchema.parse(createBody());
    expect(body).toMatchObject({
      accounting_broker_company: null,
      broker_company: 3,
      broker_name: 'Jane Carter',
      broker_phone: '(312) 555-0142',
      reply_email: 'loads@acme-logistics.test',
      rateconf_ref: null,
      pays: 120050,
      weight: 1200,
      pieces: 4,
      length: 48,
      width: 40,
      height: 60,
      car: 'SPRINTER VAN',
      note: 'Call before arrival',
      dock_level: false,
      isDanger: true,
      isUrgent: false,
      isCanPutOnTop: false,
      equipment: {},
      driver: null,
      car_id: null,
      dispatcher: null,
    });
    expect(body.points).toHaveLength(2);
  });
  it('takes pays as a number or as text with a leading $', () => {
    expect(loadCreateSchema.parse({ ...createBody(), pays: 1200.5 }).pays).toBe(120050);
    expect(loadCreateSchema.parse({ ...createBody(), pays: '1200' }).pays).toBe(120000);
    expect(loadCreateSchema.parse({ ...createBody(), pays: '' }).pays).toBeNull();
    expect(errorsOf(loadCreateSchema, { ...createBody(), pays: 'a lot' })).toEqual({
      pays: ['Must be an amount of money'],
    });
  });
  it('takes the prices, driver, vehicle and dispatcher when given', () => {
    const body = loadCreateSchema.parse({
      ...createBody(),
      accounting_broker_company: 3,
      broker_price: '$1,500',
      driver_price: 1100,
      driver: 8,
      car_id: 5,
      dispatcher: 2,
    });
    expect(body).toMatchObject({
      accounting_broker_company: 3,
      broker_price: 150000,
      driver_price: 110000,
      driver: 8,
      car_id: 5,
      dispatcher: 2,
    });
  });
  it('names each missing field with the form message', () => {
    const errors = errorsOf(loadCreateSchema, {});
    for (const field of [
      'broker_name',
      'broker_phone',
      'reply_email',
      'weight',
      'pieces',
      'length',
      'width',
      'height',
      'pick_up_datetime',
      'delivery_datetime',
    ]) {
      expect(errors[field]).toEqual(['This field is required']);
    }
    expect(errors.points).toEqual(['A load needs a pick-up and a delivery point']);
  });
  it('refuses a phone that is not a US number', () => {
    expect(errorsOf(loadCreateSchema, { ...createBody(), broker_phone: '555-0142' })).toEqual({
      broker_phone: ['Must be a US phone number, e.g. (555) 123-4567'],
    });
  });
  it('holds weight and pieces to 6 digits and dimensions to 3', () => {
    expect(errorsOf(loadCreateSchema, { ...createBody(), weight: 1_000_000, height: '1000' })).toEqual({
      weight: ['Must be at most 999999'],
      height: ['Must be at most 999'],
    });
  });
  it('needs numeric dimensions', () => {
    expect(errorsOf(loadCreateSchema, { ...createBody(), length: 'long', width: '' })).toEqual({
      length: ['Must be a number'],
      width: ['This field is required'],
    });
  });
  it('holds the note to 300 characters', () => {
    expect(errorsOf(loadCreateSchema, { ...createBody(), note: 'x'.repeat(301) })).toEqual({
      note: ['Must have at most 300 characters'],
    });
  });
  it('takes a vehicle type of the list or none', () => {
    expect(loadCreateSchema.parse({ ...createBody(), car: null }).car).toBeNull();
    expect(errorsOf(loadCreateSchema, { ...createBody(), car: 'BICYCLE' })).toEqual({
      car: ['Choose a vehicle type from the list'],
    });
  });
  it('takes equipment flags', () => {
    expect(loadCreateSchema.parse({ ...createBody(), equipment: { straps: true } }).equipment).toEqual({
      straps: true,
    });
    expect(loadCreateSchema.safeParse({ ...createBody(), equipment: { wings: true } }).success).toBe(false);
  });
  it('needs the first point a pick-up and the last a delivery', () => {
    const points = [
      { ...pickUp, type: 'deliver_to' },
      { ...delivery, type: 'pick_up' },
    ];
    expect(errorsOf(loadCreateSchema, { ...createBody(), points })).toEqual({
      'points.0.type': ['The first point must be a pick-up'],
      'points.1.type': ['The last point must be a delivery'],
    });
  });
  it('needs points numbered from 1 in their order', () => {
    const points = [pickUp, { ...delivery, order: 3 }];
    expect(errorsOf(loadCreateSchema, { ...createBody(), points })).toEqual({
      'points.1.order': ['Points must be numbered 1, 2, 3... in their order'],
    });
  });
  it('takes at most 20 points', () => {
    const middle = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ ...delivery, order: index + 2 }));
    expect(loadCreateSchema.safeParse({ ...createBody(), points: [pickUp, ...middle(19)] }).success).toBe(
      true,
    );
    expect(errorsOf(loadCreateSchema, { ...createBody(), points: [pickUp, ...middle(20)] })).toEqual({
      points: ['A load has at most 20 points'],
    });
  });
  it('answers the new id', () => {
    expect(loadCreateResponseSchema.parse({ id: 42 })).toEqual({ id: 42 });
  });
});

describe('active load update body', () => {
  const updateBody = () => {
    const { broker_company: _broker, ...rest } = createBody();
    return { ...rest, accounting_broker_company: 7, rateconf_ref: 'RC-20931' };
  };
  it('takes the accounting broker company as an id', () => {
    expect(loadActiveUpdateSchema.parse(updateBody()).accounting_broker_company).toBe(7);
  });
  it('omits broker_company', () => {
    expect(loadActiveUpdateSchema.parse({ ...updateBody(), broker_company: 3 })).not.toHaveProperty(
      'broker_company',
    );
  });
  it('needs the accounting broker company', () => {
    expect(errorsOf(loadActiveUpdateSchema, { ...updateBody(), accounting_broker_company: null })).toEqual({
      accounting_broker_company: ['Choose the accounting broker company'],
    });
    expect(errorsOf(loadActiveUpdateSchema, { ...updateBody(), accounting_broker_company: 'Acme' })).toEqual({
      accounting_broker_company: ['Must be an id'],
    });
  });
  it('needs rateconf_ref', () => {
    expect(errorsOf(loadActiveUpdateSchema, { ...updateBody(), rateconf_ref: ' ' })).toEqual({
      rateconf_ref: ['This field is required'],
    });
  });
  it('keeps the ids of saved points', () => {
    const points = [
      { ...pickUp, id: 11 },
      { ...delivery, id: 12 },
    ];
    expect(loadActiveUpdateSchema.parse({ ...updateBody(), points }).points.map((point) => point.id)).toEqual(
      [11, 12],
    );
  });
});

describe('fast-create body', () => {
  const place = ({ order: _order, type: _type, is_active: _active, ...rest }: LoadPointInput) => rest;
  const fastBody = () => ({
    pick_up: place(pickUp),
    deliver_to: place(delivery),
    car: 'BOX TRUCK',
    broker_company: 3,
    pays: '$900',
  });
  it('takes the pick-up and delivery places and dates, vehicle type, broker and price', () => {
    expect(loadFastCreateSchema.parse(fastBody())).toMatchObject({
      car: 'BOX TRUCK',
      broker_company: 3,
      broker_name: null,
      pays: 90000,
      pick_up: { city: 'Chicago', state: 'IL' },
      deliver_to: { city: 'Toronto', state: 'ON' },
    });
  });
  it('needs the vehicle type', () => {
    expect(errorsOf(loadFastCreateSchema, { ...fastBody(), car: undefined })).toEqual({
      car: ['Choose a vehicle type from the list'],
    });
  });
  it('needs the delivery no earlier than the pick-up', () => {
    const body = { ...fastBody(), deliver_to: { ...place(delivery), date: '2026-05-19T08:00:00-04:00' } };
    expect(errorsOf(loadFastCreateSchema, body)).toEqual({
      'deliver_to.date': ['Delivery date must not be earlier than the first point date'],
    });
  });
});

describe('price bodies', () => {
  it('TONU takes broker_price and driver_price', () => {
    expect(loadTonuSchema.parse({ broker_price: '$250', driver_price: 150 })).toEqual({
      broker_price: 25000,
      driver_price: 15000,
    });
  });
  it('cancel takes driver_price', () => {
    expect(loadCancelSchema.parse({ driver_price: 0 })).toEqual({ driver_price: 0 });
  });
  it('change-price takes broker_price and driver_price', () => {
    expect(loadChangePriceSchema.parse({ broker_price: '1,500.25', driver_price: '$1,100' })).toEqual({
      broker_price: 150025,
      driver_price: 110000,
    });
  });
  it('needs each price', () => {
    expect(errorsOf(loadTonuSchema, { broker_price: 100 })).toEqual({
      driver_price: ['This field is required'],
    });
  });
  it('refuses a price that is not an amount or is negative', () => {
    expect(errorsOf(loadChangePriceSchema, { broker_price: 'free', driver_price: -5 })).toEqual({
      broker_price: ['Must be an amount of money'],
      driver_price: ['Must be 0 or more'],
    });
    expect(errorsOf(loadCancelSchema, { driver_price: true })).toEqual({
      driver_price: ['Must be an amount of money'],
    });
  });
});

describe('people bodies', () => {
  it('restore-as-copy takes the driver', () => {
    expect(loadRestoreAsCopySchema.parse({ driver: 8 })).toEqual({ driver: 8 });
    expect(errorsOf(loadRestoreAsCopySchema, {})).toEqual({ driver: ['This field is required'] });
  });
  it('change-driver takes new_driver', () => {
    expect(loadChangeDriverSchema.parse({ new_driver: 9 })).toEqual({ new_driver: 9 });
    expect(errorsOf(loadChangeDriverSchema, { new_driver: 0 })).toEqual({ new_driver: ['Must be an id'] });
  });
  it('change-responsible takes new_dispatcher', () => {
    expect(loadChangeResponsibleSchema.parse({ new_dispatcher: 2 })).toEqual({ new_dispatcher: 2 });
    expect(errorsOf(loadChangeResponsibleSchema, { new_dispatcher: null })).toEqual({
      new_dispatcher: ['This field is required'],
    });
  });
  it("edit-driver-info takes the driver's name and US phone", () => {
    const body = { first_name: ' Mike ', last_name: 'Stone', phone_number: '+1 312 555 0199' };
    expect(loadEditDriverInfoSchema.parse(body)).toEqual({ ...body, first_name: 'Mike' });
    expect(errorsOf(loadEditDriverInfoSchema, { ...body, phone_number: '12' })).toEqual({
      phone_number: ['Must be a US phone number, e.g. (555) 123-4567'],
    });
  });
});

describe('e-mail notifications body', () => {
  const active = {
    email_notifications_status: 'Active',
    email_notifications_interval: 60,
    email_notifications_location_flag: true,
    email_notifications_load_status_flag: false,
    email_notifications_type: 'interval',
    location_update_emails: ['Track@Acme.test', 'track@acme.test ', 'ops@acme.test'],
  };
  it('takes the settings, e-mails lower-cased without repeats', () => {
    expect(loadEmailNotificationsSchema.parse(active)).toEqual({
      ...active,
      location_update_emails: ['track@acme.test', 'ops@acme.test'],
    });
  });
  it('takes the statuses Active, Inactive and Halted only', () => {
    for (const status of ['Active', 'Inactive', 'Halted']) {
      expect(
        loadEmailNotificationsSchema.safeParse({ ...active, email_notifications_status: status }).success,
      ).toBe(true);
    }
    expect(
      loadEmailNotificationsSchema.safeParse({ ...active, email_notifications_status: 'On' }).success,
    ).toBe(false);
  });
  it('an inactive setting needs nothing else', () => {
    expect(loadEmailNotificationsSchema.parse({ email_notifications_status: 'Inactive' })).toEqual({
      email_notifications_status: 'Inactive',
      email_notifications_interval: null,
      email_notifications_location_flag: false,
      email_notifications_load_status_flag: false,
      email_notifications_type: 'interval',
      location_update_emails: [],
    });
  });
  it('an active setting needs an e-mail, something to report and the interval', () => {
    expect(
      errorsOf(loadEmailNotificationsSchema, {
        ...active,
        location_update_emails: [],
        email_notifications_location_flag: false,
        email_notifications_interval: null,
      }),
    ).toEqual({
      location_update_emails: ['Add at least one e-mail'],
      email_notifications_location_flag: ['Choose location, load status or both'],
      email_notifications_interval: ['This field is required'],
    });
  });
  it('an active setting sent on each change needs no interval', () => {
    const onChange = { ...active, email_notifications_type: 'on_change', email_notifications_interval: null };
    expect(loadEmailNotificationsSchema.safeParse(onChange).success).toBe(true);
  });
  it('holds the interval to 15..1440 minutes', () => {
    expect(errorsOf(loadEmailNotificationsSchema, { ...active, email_notifications_interval: 10 })).toEqual({
      email_notifications_interval: ['Must be at least 15 minutes'],
    });
    expect(errorsOf(loadEmailNotificationsSchema, { ...active, email_notifications_interval: 1441 })).toEqual(
      {
        email_notifications_interval: ['Must be at most 1440 minutes'],
      },
    );
  });
  it('refuses an address that is not an e-mail', () => {
    expect(errorsOf(loadEmailNotificationsSchema, { ...active, location_update_emails: ['ops@'] })).toEqual({
      'location_update_emails.0': ['Email must be valid'],
    });
  });
});

describe('completed load edit', () => {
  it('changes only the fields sent', () => {
    expect(completedLoadEditSchema.parse({ broker_price: '$1,250', load_accounting_week: 21 })).toEqual({
      broker_price: 125000,
      load_accounting_week: 21,
    });
  });
  it('takes prices, accounting week and year, rateconf_ref and note', () => {
    const body = {
      broker_price: 1,
      driver_price: 1,
      load_accounting_week: 53,
      load_accounting_year: 2026,
      rateconf_ref: 'RC-1',
      note: null,
    };
    expect(completedLoadEditSchema.safeParse(body).success).toBe(true);
  });
  it('needs something to change', () => {
    expect(errorsOf(completedLoadEditSchema, {})).toEqual({ '': ['Nothing to change'] });
  });
  it('holds the accounting week to 1..53', () => {
    expect(completedLoadEditSchema.safeParse({ load_accounting_week: 0 }).success).toBe(false);
    expect(completedLoadEditSchema.safeParse({ load_accounting_week: 54 }).success).toBe(false);
  });
});

describe('upload fields', () => {
  it('type the file, other unless told', () => {
    expect(loadFileUploadFieldsSchema.parse({})).toEqual({ file_type: 'other' });
    expect(loadFileUploadFieldsSchema.parse({ file_type: 'bill_of_lading' })).toEqual({
      file_type: 'bill_of_lading',
    });
    expect(loadFileUploadFieldsSchema.safeParse({ file_type: 'photo' }).success).toBe(false);
  });
});

describe('load list query', () => {
  it('has page and limit from query strings, with the defaults', () => {
    expect(loadListQuerySchema.parse({})).toEqual({ page: 1, limit: 25 });
    expect(loadListQuerySchema.parse({ page: '3', limit: '100' })).toMatchObject({ page: 3, limit: 100 });
  });
  it('takes the filters', () => {
    const query = loadListQuerySchema.parse({
      search: '  RC-20931 ',
      dispatcher: '2',
      driver: '8',
      car: '5',
      broker: '3',
      wg: '1',
      sub_wg: '4',
      state: 'on',
    });
    expect(query).toEqual({
      page: 1,
      limit: 25,
      search: 'RC-20931',
      dispatcher: 2,
      driver: 8,
      car: 5,
      broker: 3,
      wg: 1,
      sub_wg: 4,
      state: 'ON',
    });
  });
  it('drops an empty search', () => {
    expect(loadListQuerySchema.parse({ search: '  ' })).not.toHaveProperty('search', expect.anything());
  });
  it('reads a plain date as that Eastern day', () => {
    const query = loadListQuerySchema.parse({
      pick_up_from: '2026-01-15',
      pick_up_to: '2026-01-15',
      delivery_from: '2026-07-04',
      delivery_to: '2026-07-04',
    });
    expect(query.pick_up_from).toBe('2026-01-15T05:00:00.000Z');
    expect(query.pick_up_to).toBe('2026-01-16T04:59:59.999Z');
    expect(query.delivery_from).toBe('2026-07-04T04:00:00.000Z');
    expect(query.delivery_to).toBe('2026-07-05T03:59:59.999Z');
  });
  it('takes an ISO date-time with offset', () => {
    expect(loadListQuerySchema.parse({ delivery_from: '2026-07-04T08:00:00-04:00' }).delivery_from).toBe(
      '2026-07-04T12:00:00.000Z',
    );
  });
  it('refuses what is not a date', () => {
    expect(errorsOf(loadListQuerySchema, { pick_up_from: '2026-02-30' })).toEqual({
      pick_up_from: ['Must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset'],
    });
    expect(loadListQuerySchema.safeParse({ pick_up_from: 'yesterday' }).success).toBe(false);
  });
  it('refuses a range that ends before it starts', () => {
    expect(errorsOf(loadListQuerySchema, { delivery_from: '2026-07-05', delivery_to: '2026-07-04' })).toEqual(
      {
        delivery_to: ['Must not be before the start of the range'],
      },
    );
  });
  it('refuses an unknown state and a limit over 500', () => {
    expect(loadListQuerySchema.safeParse({ state: 'XX' }).success).toBe(false);
    expect(loadListQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
  });
  it('driver history takes the driver id', () => {
    expect(driverLoadHistoryQuerySchema.parse({ driver_id: '8' })).toEqual({
      driver_id: 8,
      page: 1,
      limit: 25,
    });
    expect(driverLoadHistoryQuerySchema.safeParse({}).success).toBe(false);
  });
});

const load = {
  id: 42,
  status: 4,
  status_name: 'Loaded',
  accounting_status: null,
  load_accounting_number: 42,
  load_accounting_number_display: '000042',
  load_accounting_week: 21,
  load_accounting_year: 2026,
  broker_company: { id: 3, name: 'Acme Logistics', mc_number: '123456', rating: 3, in_blacklist: false },
  accounting_broker_company: { id: 3, name: 'Acme Logistics' },
  broker_name: 'Jane Carter',
  broker_phone: '(312) 555-0142',
  reply_email: 'loads@acme-logistics.test',
  rateconf_ref: 'RC-20931',
  pays: 1200.5,
  broker_price: 1500,
  driver_price: 1100.25,
  weight: 1200,
  pieces: 4,
  length: 48,
  width: 40,
  height: 60,
  vehicle_type: 'SPRINTER VAN',
  note: null,
  dock_level: false,
  isDanger: false,
  isUrgent: false,
  isCanPutOnTop: true,
  equipment: { straps: true },
  pick_up_datetime: '2026-05-20T08:00:00-04:00',
  delivery_datetime: '2026-05-21T14:30:00-04:00',
  points: [
    { ...pickUp, id: 11, is_active: false },
    { ...delivery, id: 12, is_active: true },
  ],
  files: [
    {
      id: 5,
      file_type: 'rate_confirmation',
      name: 'rate.pdf',
      size: 48213,
      mime_type: 'application/pdf',
      url: '/backend/api/v2/loads/files/5/download',
      uploaded_by: { id: 2, first_name: 'Dan', last_name: 'Miller' },
      created_date: '2026-05-19T10:00:00-04:00',
    },
  ],
  driver: { id: 8, full_name: 'Mike Stone', phone_number: '+1 312 555 0199' },
  car: { id: 5, unit_id: '105', transport_type: 'SPRINTER VAN' },
  dispatcher: { id: 2, first_name: 'Dan', last_name: 'Miller' },
  working_group: 1,
  subgroup: null,
  miles: 432,
  transit_time: 8.64,
  email_notifications_status: 'Inactive',
  email_notifications_interval: null,
  email_notifications_location_flag: false,
  email_notifications_load_status_flag: false,
  email_notifications_type: 'interval',
  location_update_emails: [],
  created_date: '2026-05-18T09:00:00.000Z',
  updated_date: '2026-05-20T12:00:00.000Z',
};

describe('load response', () => {
  it('has the load fields, its points, files, driver, vehicle and dispatcher', () => {
    expect(loadSchema.parse(load)).toEqual(load);
  });
  it('takes the statuses 1 to 12 only', () => {
    expect(loadSchema.safeParse({ ...load, status: 13 }).success).toBe(false);
  });
  it('may have no broker, driver, vehicle or dispatcher yet', () => {
    const bare = { ...load, broker_company: null, driver: null, car: null, dispatcher: null, files: [] };
    expect(loadSchema.safeParse(bare).success).toBe(true);
  });
  it('in a list has count and results', () => {
    expect(loadListResponseSchema.parse({ count: 1, results: [load] }).count).toBe(1);
  });
  it('on its page has its history and the missing documents', () => {
    const detail = {
      ...load,
      history: [
        {
          id: 1,
          action: 'status',
          field: 'status',
          before: 3,
          after: 4,
          user: { id: 2, first_name: 'Dan', last_name: 'Miller' },
          created_date: '2026-05-20T12:00:00.000Z',
        },
      ],
      missing_documents: ['proof_of_delivery'],
    };
    expect(loadDetailSchema.parse(detail)).toEqual(detail);
  });
});

describe('OpenAPI', () => {
  it.each(
    Object.entries({
      loadCreateSchema,
      loadActiveUpdateSchema,
      loadFastCreateSchema,
      loadTonuSchema,
      loadCancelSchema,
      loadChangePriceSchema,
      loadRestoreAsCopySchema,
      loadChangeDriverSchema,
      loadChangeResponsibleSchema,
      loadEmailNotificationsSchema,
      loadEditDriverInfoSchema,
      completedLoadEditSchema,
      loadFileUploadFieldsSchema,
      loadListQuerySchema,
      driverLoadHistoryQuerySchema,
    }),
  )('request schema %s converts to JSON Schema', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });
  it.each(Object.entries({ loadSchema, loadDetailSchema, loadListResponseSchema, loadCreateResponseSchema }))(
    'response schema %s converts to JSON Schema',
    (_, schema) => {
      expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
    },
  );
});
