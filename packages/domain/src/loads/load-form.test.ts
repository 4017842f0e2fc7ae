import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from '../common/time';
import {
  ACTIVE_POINT_REQUIRED_MESSAGE,
  activePointError,
  canRemovePoint,
  DATE_TIME_INPUT_DEBOUNCE_MS,
  DATE_TIME_INPUT_FORMAT,
  DATE_TIME_PICKER_AMPM,
  dateTimeInputToIso,
  defaultPickerRange,
  emptyLoadForm,
  emptyLoadPoint,
  formatDateTimeInput,
  isoToDateTimeInput,
  isSaveDisabled,
  isUsPhoneNumber,
  loadBodyToFormValues,
  LOAD_FORM_MESSAGES,
  LOAD_FORM_MESSAGES_RU,
  loadFormToActiveUpdateBody,
  loadFormToCreateBody,
  loadToFormValues,
  newLoadDefaultPoints,
  parseDateTimeInput,
  pickerMinuteStep,
  REMOVE_ACTIVE_POINT_MESSAGE,
  renumberPoints,
  showStopNumbers,
  stripLeadingDollar,
  validateLoadForm,
  type LoadFormValues,
} from './load-form.rules';
import { loadActiveUpdateSchema, loadCreateSchema, type Load } from './loads.schema';

const NOW = new Date('2026-05-15T12:00:00-04:00');

function validForm(): LoadFormValues {
  return {
    ...emptyLoadForm(),
    broker_name: 'Jane Carter',
    broker_phone: '(312) 555-0142',
    reply_email: 'loads@acme-logistics.test',
    pays: '$1,200.50',
    weight: '1200',
    pieces: '4',
    length: '48',
    width: '40',
    height: '60',
    car: 'SPRINTER VAN',
    pick_up_datetime: '05/20/2026 08:00',
    delivery_datetime: '05/21/2026 14:30',
    points: [
      {
        ...emptyLoadPoint('pick_up', 1),
        address: 'Chicago, IL 60607, USA',
        city: 'Chicago',
        state: 'IL',
        zip_code: '60607',
        lat: 41.8781,
        lon: -87.6298,
        date: '05/20/2026 08:00',
      },
      {
        ...emptyLoadPoint('deliver_to', 2),
        address: 'Detroit, MI 48226, USA',
        city: 'Detroit',
        state: 'MI',
        zip_code: '48226',
        lat: 42.3314,
        lon: -83.0458,
        date: '05/21/2026 14:30',
      },
    ],
  };
}

function validActiveForm(): LoadFormValues {
  return {
    ...validForm(),
    rateconf_ref: 'RC-20931',
    accounting_broker_company: { id: 7, name: 'Acme Logistics' },
    points: validForm().points.map((point, index) => ({ ...point, is_active: index === 0 })),
  };
}

const errorsOf = (values: LoadFormValues, kind: 'new' | 'active' | 'bid' = 'new') =>
  validateLoadForm(values, { kind, now: NOW });

describe('load form: required fields', () => {
  it('a complete new load has no errors', () => {
    expect(errorsOf(validForm())).toEqual({});
  });
  it('a complete active load has no errors', () => {
    expect(errorsOf(validActiveForm(), 'active')).toEqual({});
  });
  it.each([
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
  ] as const)("%s must be filled: 'This field is required'", (field) => {
    expect(errorsOf({ ...validForm(), [field]: '' })[field]).toBe('This field is required');
    expect(errorsOf({ ...validForm(), [field]: null })[field]).toBe('This field is required');
  });
  it('a blank text of spaces counts as empty', () => {
    expect(errorsOf({ ...validForm(), broker_name: '   ' }).broker_name).toBe('This field is required');
  });
  it('car, note, flags, pays, rateconf_ref, accounting company and broker company may be empty', () => {
    const values: LoadFormValues = {
      ...validForm(),
      car: null,
      note: '',
      dock_level: false,
      isDanger: false,
      isUrgent: false,
      isCanPutOnTop: false,
      pays: '',
      rateconf_ref: '',
      accounting_broker_company: null,
      broker_company: null,
    };
    expect(errorsOf(values)).toEqual({});
    expect(errorsOf(values, 'bid')).toEqual({});
  });
  it('each point needs a date', () => {
    const values = validForm();
    values.points[1]!.date = null;
    expect(errorsOf(values)['points.1.date']).toBe('This field is required');
  });
});

describe('load form: broker phone', () => {
  it.each([
    '3125550142',
    '312-555-0142',
    '312 555 0142',
    '(312) 555-0142',
    '(312)555-0142',
    '(312) 555 0142',
    '312555-0142',
    '312-5550142',
    '+13125550142',
    '+1 312 555 0142',
    '+1-312-555-0142',
    '+1 (312) 555-0142',
    '+1(312)5550142',
    ' (312) 555-0142 ',
  ])('accepts %s', (phone) => {
    expect(isUsPhoneNumber(phone)).toBe(true);
    expect(errorsOf({ ...validForm(), broker_phone: phone }).broker_phone).toBeUndefined();
  });
  it.each([
    '555-0142',
    '312-555-014',
    '312-555-01425',
    '31255501420',
    '1 312 555 0142',
    '13125550142',
    '+2 312 555 0142',
    '+44 20 7946 0958',
    '(312 555-0142',
    '312) 555-0142',
    '312.555.0142',
    '312--555-0142',
    '312  555 0142',
    '312/555/0142',
    '(31) 2555-0142',
    'phone',
    '312-555-01AB',
  ])('rejects %s', (phone) => {
    expect(isUsPhoneNumber(phone)).toBe(false);
    expect(errorsOf({ ...validForm(), broker_phone: phone }).broker_phone).toBe(
      LOAD_FORM_MESSAGES.phoneInvalid,
    );
  });
});

describe('load form: reply e-mail', () => {
  it('must be an e-mail', () => {
    expect(errorsOf({ ...validForm(), reply_email: 'loads@' }).reply_email).toBe('Email must be valid');
    expect(errorsOf({ ...validForm(), reply_email: ' Loads@Acme.test ' }).reply_email).toBeUndefined();
  });
});

describe('load form: dimensions, weight and pieces', () => {
  it.each(['length', 'width', 'height'] as const)('%s must be numeric', (field) => {
    expect(errorsOf({ ...validForm(), [field]: 'abc' })[field]).toBe('Must be a number');
    expect(errorsOf({ ...validForm(), [field]: '12a' })[field]).toBe('Must be a number');
  });
  it.each(['length', 'width', 'height'] as const)('%s is at most 999 (3 digits)', (field) => {
    expect(errorsOf({ ...validForm(), [field]: '999' })[field]).toBeUndefined();
    expect(errorsOf({ ...validForm(), [field]: 999 })[field]).toBeUndefined();
    expect(errorsOf({ ...validForm(), [field]: '1000' })[field]).toBe('Must be at most 999');
  });
  it.each(['weight', 'pieces'] as const)('%s is at most 999999 (6 digits)', (field) => {
    expect(errorsOf({ ...validForm(), [field]: '999999' })[field]).toBeUndefined();
    expect(errorsOf({ ...validForm(), [field]: '1000000' })[field]).toBe('Must be at most 999999');
  });
  it('counts are whole numbers of 0 or more', () => {
    expect(errorsOf({ ...validForm(), weight: '12.5' }).weight).toBe('Must be a whole number');
    expect(errorsOf({ ...validForm(), pieces: '-1' }).pieces).toBe('Must be 0 or more');
    expect(errorsOf({ ...validForm(), pieces: '0' }).pieces).toBeUndefined();
  });
});

describe('load form: note and pays', () => {
  it('note has at most 300 characters', () => {
    expect(errorsOf({ ...validForm(), note: 'x'.repeat(300) }).note).toBeUndefined();
    expect(errorsOf({ ...validForm(), note: 'x'.repeat(301) }).note).toBe('Must have at most 300 characters');
  });
  it('pays has a leading $ stripped', () => {
    expect(stripLeadingDollar('$1200')).toBe('1200');
    expect(stripLeadingDollar(' $ 1,200.50')).toBe('1,200.50');
    expect(stripLeadingDollar('1200')).toBe('1200');
    expect(stripLeadingDollar('12$00')).toBe('12$00');
  });
  it('pays, when given, is an amount of money', () => {
    expect(errorsOf({ ...validForm(), pays: '$1200' }).pays).toBeUndefined();
    expect(errorsOf({ ...validForm(), pays: 1200.5 }).pays).toBeUndefined();
    expect(errorsOf({ ...validForm(), pays: 'twelve' }).pays).toBe('Must be an amount of money');
    expect(errorsOf({ ...validForm(), pays: '-5' }).pays).toBe('Must be 0 or more');
  });
  it('car, when given, is a vehicle type of the list', () => {
    const values = { ...validForm(), car: 'BICYCLE' } as unknown as LoadFormValues;
    expect(errorsOf(values).car).toBe('Choose a vehicle type from the list');
  });
});

describe('load form: points', () => {
  it('each point needs a state', () => {
    const values = validForm();
    values.points[0]!.state = '';
    expect(errorsOf(values)['points.0.state']).toBe('Choose a state');
  });
  it('a state must be a US state or Canadian province', () => {
    const values = validForm();
    values.points[1]!.state = 'ZZ';
    expect(errorsOf(values)['points.1.state']).toBe('Choose a state');
    values.points[1]!.state = 'ON';
    expect(errorsOf(values)['points.1.state']).toBeUndefined();
  });
  it('each point needs an address chosen from the lookup (with lat and lon)', () => {
    const typed = validForm();
    typed.points[0] = { ...typed.points[0]!, lat: null, lon: null };
    expect(errorsOf(typed)['points.0.address']).toBe('Choose an address from the suggestions');
    const empty = validForm();
    empty.points[1]!.address = '';
    expect(errorsOf(empty)['points.1.address']).toBe('Choose an address from the suggestions');
  });
  it('the first point must be a pick-up', () => {
    const values = validForm();
    values.points[0]!.type = 'deliver_to';
    expect(errorsOf(values)['points.0.type']).toBe('The first point must be a pick-up');
  });
  it('the last point must be a delivery', () => {
    const values = validForm();
    values.points[1]!.type = 'pick_up';
    expect(errorsOf(values)['points.1.type']).toBe('The last point must be a delivery');
  });
  it('a load needs at least two points', () => {
    expect(errorsOf({ ...validForm(), points: validForm().points.slice(0, 1) }).points).toBe(
      'A load needs a pick-up and a delivery point',
    );
  });
  it('points in between may be of either type', () => {
    const values = validForm();
    const middle = { ...values.points[1]!, type: 'pick_up' as const };
    values.points = renumberPoints([values.points[0]!, middle, values.points[1]!]);
    expect(errorsOf(values)).toEqual({});
  });
});

describe('load form: active loads', () => {
  it('rateconf_ref is required for an active load', () => {
    expect(errorsOf({ ...validActiveForm(), rateconf_ref: '' }, 'active').rateconf_ref).toBe(
      'This field is required',
    );
  });
  it('rateconf_ref is not required for a new or bid load', () => {
    expect(errorsOf({ ...validForm(), rateconf_ref: '' }, 'new').rateconf_ref).toBeUndefined();
    expect(errorsOf({ ...validForm(), rateconf_ref: '' }, 'bid').rateconf_ref).toBeUndefined();
  });
  it('the accounting broker company must have a name and an id', () => {
    const message = 'Choose the accounting broker company';
    const withCompany = (accounting_broker_company: LoadFormValues['accounting_broker_company']) =>
      errorsOf({ ...validActiveForm(), accounting_broker_company }, 'active').accounting_broker_company;
    expect(withCompany(null)).toBe(message);
    expect(withCompany({ id: null, name: 'Acme Logistics' })).toBe(message);
    expect(withCompany({ id: 7, name: '' })).toBe(message);
    expect(withCompany({ id: 7 })).toBe(message);
    expect(withCompany({ id: 7, name: 'Acme Logistics' })).toBeUndefined();
  });
});

describe('load form: delivery dates', () => {
  it('may not be earlier than the first point date', () => {
    const values = validForm();
    values.delivery_datetime = '05/20/2026 07:55';
    values.points[1]!.date = '05/19/2026 23:00';
    const errors = errorsOf(values);
    expect(errors.delivery_datetime).toBe('Delivery date must not be earlier than the first point date');
    expect(errors['points.1.date']).toBe('Delivery date must not be earlier than the first point date');
  });
  it('may be the first point date itself', () => {
    const values = validForm();
    values.delivery_datetime = '05/20/2026 08:00';
    values.points[1]!.date = '05/20/2026 08:00';
    expect(errorsOf(values)).toEqual({});
  });
  it('may be up to 31 December of next year', () => {
    const values = validForm();
    values.delivery_datetime = '12/31/2027 23:59';
    values.points[1]!.date = '12/31/2027 23:59';
    expect(errorsOf(values)).toEqual({});
  });
  it('may not be later than 31 December of next year', () => {
    const values = validForm();
    values.delivery_datetime = '01/01/2028 00:00';
    values.points[1]!.date = '01/01/2028 00:00';
    const errors = errorsOf(values);
    expect(errors.delivery_datetime).toBe('Delivery date must not be later than December 31 of next year');
    expect(errors['points.1.date']).toBe('Delivery date must not be later than December 31 of next year');
  });
  it('next year is counted from the Eastern date of now', () => {
    const values = validForm();
    values.delivery_datetime = '12/31/2027 12:00';
    // 03:00 UTC on 1 January 2027 is still 31 December 2026 in New York.
    expect(validateLoadForm(values, { kind: 'new', now: new Date('2027-01-01T03:00:00Z') })).toEqual({});
    values.delivery_datetime = '06/01/2028 12:00';
    expect(validateLoadForm(values, { kind: 'new', now: new Date('2027-01-01T06:00:00Z') })).toEqual({});
  });
  it('dates may be ISO date-times too, read in Eastern time', () => {
    const values = validForm();
    values.pick_up_datetime = '2026-05-20T12:00:00Z';
    values.delivery_datetime = '2026-05-21T18:30:00Z';
    values.points[0]!.date = '2026-05-20T08:00:00-04:00';
    values.points[1]!.date = '2026-05-21T14:30:00-04:00';
    expect(errorsOf(values)).toEqual({});
    values.points[1]!.date = '2026-05-20T11:59:00Z';
    expect(errorsOf(values)['points.1.date']).toBe(
      'Delivery date must not be earlier than the first point date',
    );
  });
  it('invalid date text is an error', () => {
    expect(errorsOf({ ...validForm(), pick_up_datetime: '02/30/2026 10:00' }).pick_up_datetime).toBe(
      'Enter a date as MM/DD/YYYY HH:mm',
    );
  });
});

describe('load form: messages and saving', () => {
  it('messages are in Russian when asked', () => {
    const errors = validateLoadForm(
      { ...validForm(), broker_name: '' },
      { kind: 'new', now: NOW, lang: 'ru' },
    );
    expect(errors.broker_name).toBe('Это поле обязательно');
  });
  it('every message has a Russian text', () => {
    expect(Object.keys(LOAD_FORM_MESSAGES_RU).sort()).toEqual(Object.keys(LOAD_FORM_MESSAGES).sort());
    expect(Object.values(LOAD_FORM_MESSAGES_RU).every((text) => /[А-Яа-я]/.test(text))).toBe(true);
  });
  it('Save is disabled while any error exists', () => {
    expect(isSaveDisabled({})).toBe(false);
    expect(isSaveDisabled({ broker_name: 'This field is required' })).toBe(true);
    expect(isSaveDisabled(errorsOf({ ...validForm(), weight: '' }))).toBe(true);
  });
  it('reports one message per field', () => {
    expect(errorsOf({ ...validForm(), broker_phone: '' }).broker_phone).toBe('This field is required');
  });
});

describe('load points', () => {
  it('a new load has two points: pick_up order 1 and deliver_to order 2', () => {
    const points = newLoadDefaultPoints();
    expect(points.map((point) => [point.type, point.order])).toEqual([
      ['pick_up', 1],
      ['deliver_to', 2],
    ]);
    expect(points.every((point) => point.country === 'US' && !point.is_active)).toBe(true);
  });
  it('an active point cannot be removed', () => {
    expect(canRemovePoint({ is_active: true })).toBe(false);
    expect(canRemovePoint({ is_active: false })).toBe(true);
    expect(REMOVE_ACTIVE_POINT_MESSAGE).toBe("You can't remove an active load point.");
  });
  it('an active load cannot be saved with no active point', () => {
    expect(ACTIVE_POINT_REQUIRED_MESSAGE).toBe(
      "You can't save a load without an active point. Please reload the page.",
    );
    const inactive = validForm().points;
    expect(activePointError('active', inactive)).toBe(ACTIVE_POINT_REQUIRED_MESSAGE);
    expect(activePointError('active', validActiveForm().points)).toBeNull();
  });
  it('new and bid loads need no active point', () => {
    expect(activePointError('new', validForm().points)).toBeNull();
    expect(activePointError('bid', validForm().points)).toBeNull();
  });
  it('stop numbers are shown only with more than two points', () => {
    expect(showStopNumbers([1, 2])).toBe(false);
    expect(showStopNumbers([1, 2, 3])).toBe(true);
  });
  it('orders are renumbered from 1 after a change', () => {
    const points = [emptyLoadPoint('pick_up', 1), emptyLoadPoint('deliver_to', 3)];
    expect(renumberPoints(points).map((point) => point.order)).toEqual([1, 2]);
  });
});

describe('date-time picker', () => {
  it('has a minute step of 5, 1 when an exact time is asked', () => {
    expect(pickerMinuteStep()).toBe(5);
    expect(pickerMinuteStep(false)).toBe(5);
    expect(pickerMinuteStep(true)).toBe(1);
  });
  it('has a 24-hour clock', () => expect(DATE_TIME_PICKER_AMPM).toBe(false));
  it('debounces typed input by 500 ms', () => expect(DATE_TIME_INPUT_DEBOUNCE_MS).toBe(500));
  it('offers dates from the start of last year to the end of next year', () => {
    const range = defaultPickerRange(NOW);
    expect(formatDateTimeInput(range.min)).toBe('01/01/2025 00:00');
    expect(formatDateTimeInput(range.max)).toBe('12/31/2027 23:59');
  });
  it("writes 'MM/DD/YYYY HH:mm'", () => {
    expect(DATE_TIME_INPUT_FORMAT).toBe('MM/DD/YYYY HH:mm');
    expect(formatDateTimeInput({ year: 2026, month: 3, day: 7, hour: 9, minute: 5 })).toBe(
      '03/07/2026 09:05',
    );
  });
  it('reads typed text as the same clock reading, with no time-zone conversion', () => {
    expect(parseDateTimeInput('03/07/2026 21:05')).toEqual({
      year: 2026,
      month: 3,
      day: 7,
      hour: 21,
      minute: 5,
    });
    expect(formatDateTimeInput(parseDateTimeInput('11/01/2026 01:30')!)).toBe('11/01/2026 01:30');
  });
  it('accepts single-digit month, day and hour', () => {
    expect(parseDateTimeInput('3/7/2026 9:05')).toEqual({ year: 2026, month: 3, day: 7, hour: 9, minute: 5 });
  });
  it.each([
    '',
    'tomorrow',
    '02/30/2026 10:00',
    '02/29/2026 10:00',
    '13/01/2026 10:00',
    '00/10/2026 10:00',
    '01/01/2026 24:00',
    '01/01/2026 10:60',
    '2026-01-01 10:00',
    '01/01/2026',
    '01/01/26 10:00',
    '01/01/2026 10:00 PM',
  ])('returns null for invalid text %j, so the input is cleared', (text) => {
    expect(parseDateTimeInput(text)).toBeNull();
  });
  it('accepts 29 February of a leap year', () => {
    expect(parseDateTimeInput('02/29/2028 10:00')).not.toBeNull();
  });
  it('returns null for no text', () => {
    expect(parseDateTimeInput(null)).toBeNull();
    expect(parseDateTimeInput(undefined)).toBeNull();
  });
});

describe('picker text and API date-times', () => {
  it('reads picker text as Eastern standard time in winter', () => {
    expect(dateTimeInputToIso('01/15/2026 08:30')).toBe('2026-01-15T08:30:00-05:00');
  });
  it('reads picker text as Eastern daylight time in summer', () => {
    expect(dateTimeInputToIso('07/04/2026 17:00')).toBe('2026-07-04T17:00:00-04:00');
  });
  it('takes the first of the repeated hour when clocks go back', () => {
    expect(dateTimeInputToIso('11/01/2026 01:30')).toBe('2026-11-01T01:30:00-04:00');
  });
  it('moves a time in the skipped hour by an hour when clocks go forward', () => {
    expect(wallTimeToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }).toISOString()).toBe(
      '2026-03-08T06:30:00.000Z',
    );
  });
  it('gives null for invalid text', () => expect(dateTimeInputToIso('31/12/2026 10:00')).toBeNull());
  it('shows an API date-time as Eastern picker text', () => {
    expect(isoToDateTimeInput('2026-01-15T13:30:00Z')).toBe('01/15/2026 08:30');
    expect(isoToDateTimeInput('2026-07-04T21:00:00Z')).toBe('07/04/2026 17:00');
    expect(isoToDateTimeInput(null)).toBe('');
    expect(isoToDateTimeInput('not a date')).toBe('');
  });
});

describe('form values and API bodies', () => {
  it('the create body of a valid form passes the create schema', () => {
    const body = loadCreateSchema.parse(loadFormToCreateBody(validForm()));
    expect(body.pays).toBe(120050);
    expect(body.weight).toBe(1200);
    expect(body.pick_up_datetime).toBe('2026-05-20T08:00:00-04:00');
    expect(body.points.map((point) => point.date)).toEqual([
      '2026-05-20T08:00:00-04:00',
      '2026-05-21T14:30:00-04:00',
    ]);
  });
  it('pays is sent with a $ prefix', () => {
    expect(loadFormToCreateBody({ ...validForm(), pays: '1200' }).pays).toBe('$1200');
    expect(loadFormToCreateBody({ ...validForm(), pays: '$1200' }).pays).toBe('$1200');
    expect(loadFormToCreateBody({ ...validForm(), pays: '' }).pays).toBeNull();
  });
  it('the active update body omits broker_company and sends the accounting company as an id', () => {
    const body = loadFormToActiveUpdateBody({ ...validActiveForm(), broker_company: { id: 3, name: 'X' } });
    expect(body).not.toHaveProperty('broker_company');
    expect(body.accounting_broker_company).toBe(7);
    expect(loadActiveUpdateSchema.safeParse(body).success).toBe(true);
  });
  it('a saved load fills the form with Eastern picker dates', () => {
    const load = {
      accounting_broker_company: { id: 7, name: 'Acme Logistics' },
      broker_company: { id: 3, name: 'Acme Logistics', mc_number: '123456', rating: 3, in_blacklist: false },
      broker_name: 'Jane Carter',
      broker_phone: '(312) 555-0142',
      reply_email: 'loads@acme-logistics.test',
      rateconf_ref: 'RC-20931',
      pays: 1200.5,
      weight: 1200,
      pieces: 4,
      length: 48,
      width: 40,
      height: 60,
      vehicle_type: 'SPRINTER VAN',
      note: null,
      dock_level: true,
      isDanger: false,
      isUrgent: true,
      isCanPutOnTop: false,
      equipment: { straps: true },
      pick_up_datetime: '2026-05-20T12:00:00Z',
      delivery_datetime: '2026-05-21T18:30:00Z',
      points: [
        {
          id: 12,
          order: 2,
          type: 'deliver_to',
          address: 'Detroit, MI 48226, USA',
          city: 'Detroit',
          state: 'MI',
          zip_code: '48226',
          country: 'US',
          lat: 42.3314,
          lon: -83.0458,
          date: '2026-05-21T18:30:00Z',
          is_active: false,
        },
        {
          id: 11,
          order: 1,
          type: 'pick_up',
          address: 'Chicago, IL 60607, USA',
          city: 'Chicago',
          state: 'IL',
          zip_code: '60607',
          country: 'US',
          lat: 41.8781,
          lon: -87.6298,
          date: '2026-05-20T12:00:00Z',
          is_active: true,
        },
      ],
    } as unknown as Load;
    const values = loadToFormValues(load);
    expect(values.pays).toBe('1200.50');
    expect(values.car).toBe('SPRINTER VAN');
    expect(values.weight).toBe('1200');
    expect(values.note).toBe('');
    expect(values.pick_up_datetime).toBe('05/20/2026 08:00');
    expect(values.points.map((point) => [point.id, point.order, point.date])).toEqual([
      [11, 1, '05/20/2026 08:00'],
      [12, 2, '05/21/2026 14:30'],
    ]);
    expect(validateLoadForm(values, { kind: 'active', now: NOW })).toEqual({});
  });
});

describe('the same rules on the server', () => {
  it('a parsed create body passes the form rules', () => {
    const body = loadCreateSchema.parse(loadFormToCreateBody(validForm()));
    expect(validateLoadForm(loadBodyToFormValues(body), { kind: 'new', now: NOW })).toEqual({});
  });
  it('a parsed body with a delivery after next year fails them', () => {
    const body = loadCreateSchema.parse({
      ...loadFormToCreateBody(validForm()),
      delivery_datetime: '2028-01-01T10:00:00-05:00',
    });
    expect(validateLoadForm(loadBodyToFormValues(body), { kind: 'new', now: NOW })).toEqual({
      delivery_datetime: 'Delivery date must not be later than December 31 of next year',
    });
  });
  it('an active update body needs the accounting broker company found by its id', () => {
    const body = loadActiveUpdateSchema.parse(loadFormToActiveUpdateBody(validActiveForm()));
    const options = { kind: 'active' as const, now: NOW };
    expect(validateLoadForm(loadBodyToFormValues(body, { id: 7, name: 'Acme Logistics' }), options)).toEqual(
      {},
    );
    expect(validateLoadForm(loadBodyToFormValues(body, null), options)).toEqual({
      accounting_broker_company: 'Choose the accounting broker company',
    });
  });
});
