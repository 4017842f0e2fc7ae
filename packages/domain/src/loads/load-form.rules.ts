import { z } from 'zod';
import {
  isRegionCode,
  VEHICLE_TYPE_IDS,
  type Country,
  type EquipmentFlag,
  type Lang,
  type VehicleType,
} from '../common/lookups';
import { centsToAmount, parseMoneyToCents } from '../common/money';
import {
  compareWallTimes,
  EASTERN_TIME_ZONE,
  easternYear,
  toZonedIso,
  wallTimeInZone,
  wallTimeToInstant,
  type WallTime,
} from '../common/time';
import type {
  Load,
  LoadActiveUpdate,
  LoadActiveUpdateInput,
  LoadCreate,
  LoadCreateInput,
  LoadPointInput,
} from './loads.schema';
import type { LoadPointType } from './loads.rules';

// The load form's rules, shared by the web (live validation as the user types) and the server (the same
// rules on save). Used for new loads, active loads and bid loads.

// ---------------------------------------------------------------- messages

export const LOAD_FORM_MESSAGES = {
  fieldRequired: 'This field is required',
  phoneInvalid: 'Must be a US phone number, e.g. (555) 123-4567',
  emailInvalid: 'Email must be valid',
  mustBeNumber: 'Must be a number',
  mustBeWholeNumber: 'Must be a whole number',
  mustNotBeNegative: 'Must be 0 or more',
  maxSixDigits: 'Must be at most 999999',
  maxThreeDigits: 'Must be at most 999',
  noteTooLong: 'Must have at most 300 characters',
  amountInvalid: 'Must be an amount of money',
  vehicleTypeInvalid: 'Choose a vehicle type from the list',
  stateRequired: 'Choose a state',
  addressFromLookup: 'Choose an address from the suggestions',
  dateInvalid: 'Enter a date as MM/DD/YYYY HH:mm',
  tooFewPoints: 'A load needs a pick-up and a delivery point',
  firstPointPickUp: 'The first point must be a pick-up',
  lastPointDeliverTo: 'The last point must be a delivery',
  accountingBrokerRequired: 'Choose the accounting broker company',
  deliveryBeforeFirstPoint: 'Delivery date must not be earlier than the first point date',
  deliveryAfterNextYear: 'Delivery date must not be later than December 31 of next year',
  activePointRemoval: "You can't remove an active load point.",
  activePointRequired: "You can't save a load without an active point. Please reload the page.",
} as const;

export type LoadFormMessageKey = keyof typeof LOAD_FORM_MESSAGES;

export const LOAD_FORM_MESSAGES_RU: Record<LoadFormMessageKey, string> = {
  fieldRequired: 'Это поле обязательно',
  phoneInvalid: 'Нужен номер телефона США, например (555) 123-4567',
  emailInvalid: 'Введите правильный e-mail',
  mustBeNumber: 'Должно быть числом',
  mustBeWholeNumber: 'Должно быть целым числом',
  mustNotBeNegative: 'Должно быть не меньше 0',
  maxSixDigits: 'Не больше 999999',
  maxThreeDigits: 'Не больше 999',
  noteTooLong: 'Не больше 300 символов',
  amountInvalid: 'Должно быть денежной суммой',
  vehicleTypeInvalid: 'Выберите тип транспорта из списка',
  stateRequired: 'Выберите штат',
  addressFromLookup: 'Выберите адрес из подсказок',
  dateInvalid: 'Введите дату в виде MM/DD/YYYY HH:mm',
  tooFewPoints: 'У груза должны быть точки погрузки и выгрузки',
  firstPointPickUp: 'Первая точка должна быть погрузкой',
  lastPointDeliverTo: 'Последняя точка должна быть выгрузкой',
  accountingBrokerRequired: 'Выберите брокерскую компанию для бухгалтерии',
  deliveryBeforeFirstPoint: 'Дата доставки не может быть раньше даты первой точки',
  deliveryAfterNextYear: 'Дата доставки не может быть позже 31 декабря следующего года',
  activePointRemoval: 'Нельзя удалить активную точку груза.',
  activePointRequired: 'Нельзя сохранить груз без активной точки. Перезагрузите страницу.',
};

export function loadFormMessage(key: LoadFormMessageKey, lang: Lang = 'en'): string {
  return lang === 'ru' ? LOAD_FORM_MESSAGES_RU[key] : LOAD_FORM_MESSAGES[key];
}

export const REMOVE_ACTIVE_POINT_MESSAGE = LOAD_FORM_MESSAGES.activePointRemoval;
export const ACTIVE_POINT_REQUIRED_MESSAGE = LOAD_FORM_MESSAGES.activePointRequired;

// ---------------------------------------------------------------- limits and patterns

/** Weight and pieces: 6 digits. */
export const MAX_WEIGHT = 999_999;
export const MAX_PIECES = 999_999;
/** Length, width and height: 3 digits. */
export const MAX_DIMENSION = 999;
export const MAX_NOTE_LENGTH = 300;

/**
 * A US-style phone number: optional +1, a 3-digit area code with optional parentheses, 3 digits, 4 digits,
 * each part optionally separated by one space or dash. '(555) 123-4567', '+1 555-123-4567', '5551234567'.
 */
export const US_PHONE_PATTERN = /^(?:\+1[ -]?)?(?:\(\d{3}\)|\d{3})[ -]?\d{3}[ -]?\d{4}$/;

export function isUsPhoneNumber(text: string): boolean {
  return US_PHONE_PATTERN.test(text.trim());
}

/** The pays input drops a leading $ as it is typed: '$1200' -> '1200'. */
export function stripLeadingDollar(text: string): string {
  return text.trimStart().replace(/^\$\s*/, '');
}

// ---------------------------------------------------------------- date-time picker

export const DATE_TIME_INPUT_FORMAT = 'MM/DD/YYYY HH:mm';
export const DATE_TIME_INPUT_DEBOUNCE_MS = 500;
export const DATE_TIME_MINUTE_STEP = 5;
export const EXACT_TIME_MINUTE_STEP = 1;
/** The picker's clock has 24 hours, no AM/PM. */
export const DATE_TIME_PICKER_AMPM = false;

/** Minutes move by 5, or by 1 when an exact time is asked for. */
export function pickerMinuteStep(exactTime = false): number {
  return exactTime ? EXACT_TIME_MINUTE_STEP : DATE_TIME_MINUTE_STEP;
}

export type WallTimeRange = { min: WallTime; max: WallTime };

const pad2 = (value: number) => String(value).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The picker's output: 'MM/DD/YYYY HH:mm', the clock reading as it is (no time-zone conversion). */
export function formatDateTimeInput(value: WallTime): string {
  return `${pad2(value.month)}/${pad2(value.day)}/${value.year} ${pad2(value.hour)}:${pad2(value.minute)}`;
}

const DATE_TIME_INPUT_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})$/;

/**
 * Typed picker text 'MM/DD/YYYY HH:mm' (single-digit month, day and hour accepted) as a clock reading;
 * null when the text is not a real date and time, so that the input is cleared.
 */
export function parseDateTimeInput(text: string | null | undefined): WallTime | null {
  const match = DATE_TIME_INPUT_TEXT.exec((text ?? '').trim());
  if (!match) return null;
  const [month, day, year, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

/**
 * Picker text as the ISO date-time the API takes, reading the text as Eastern time (every time the
 * product shows is Eastern): '01/15/2026 08:30' -> '2026-01-15T08:30:00-05:00'. null for invalid text.
 */
export function dateTimeInputToIso(
  text: string | null | undefined,
  timeZone: string = EASTERN_TIME_ZONE,
): string | null {
  const value = parseDateTimeInput(text);
  return value ? toZonedIso(wallTimeToInstant(value, timeZone), timeZone) : null;
}

/** An API date-time as picker text in Eastern time: '2026-01-15T13:30:00Z' -> '01/15/2026 08:30'. */
export function isoToDateTimeInput(
  iso: string | null | undefined,
  timeZone: string = EASTERN_TIME_ZONE,
): string {
  if (!iso) return '';
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : formatDateTimeInput(wallTimeInZone(instant, timeZone));
}

/** Unless a range is given, the picker offers dates from the start of last year to the end of next year. */
export function defaultPickerRange(now: Date): WallTimeRange {
  const year = easternYear(now);
  return {
    min: { year: year - 1, month: 1, day: 1, hour: 0, minute: 0 },
    max: { year: year + 1, month: 12, day: 31, hour: 23, minute: 59 },
  };
}

export function isWithinRange(value: WallTime, range: WallTimeRange): boolean {
  return compareWallTimes(value, range.min) >= 0 && compareWallTimes(value, range.max) <= 0;
}

const isoDateTime = z.iso.datetime({ offset: true });

/** A form date as a clock reading: picker text as typed, or an API ISO date-time read in Eastern time. */
export function formDateToWallTime(value: string | null | undefined): WallTime | null {
  if (!value) return null;
  const typed = parseDateTimeInput(value);
  if (typed) return typed;
  return isoDateTime.safeParse(value).success ? wallTimeInZone(new Date(value)) : null;
}

// ---------------------------------------------------------------- points

export type LoadFormPoint = {
  /** Present for a point already saved. */
  id?: number | null;
  address: string;
  city: string;
  state: string;
  zip_code: string | null;
  country: Country;
  /** Picker text 'MM/DD/YYYY HH:mm' or an ISO date-time. */
  date: string | null;
  /** 1-based. */
  order: number;
  lat: number | null;
  lon: number | null;
  type: LoadPointType;
  is_active: boolean;
  /** Shown in the address input; never sent. */
  fullAddress?: string;
};

export function emptyLoadPoint(type: LoadPointType, order: number): LoadFormPoint {
  return {
    address: '',
    city: '',
    state: '',
    zip_code: null,
    country: 'US',
    date: null,
    order,
    lat: null,
    lon: null,
    type,
    is_active: false,
    fullAddress: '',
  };
}

/**
 * A new load starts with two points: pick-up (order 1) and delivery (order 2). Neither is active yet: the
 * server makes the first point active when the load is created.
 */
export function newLoadDefaultPoints(): LoadFormPoint[] {
  return [emptyLoadPoint('pick_up', 1), emptyLoadPoint('deliver_to', 2)];
}

/** Orders are the 1-based positions in the list; call after adding, removing or moving a point. */
export function renumberPoints<Point extends { order: number }>(points: readonly Point[]): Point[] {
  return points.map((point, index) => ({ ...point, order: index + 1 }));
}

/** The active point (where the load is now) cannot be removed: "You can't remove an active load point." */
export function canRemovePoint(point: { is_active: boolean }): boolean {
  return !point.is_active;
}

/**
 * Why saving an active load must stop before it is sent: with no active point the form shows an error
 * dialog. null when it may be saved.
 */
export function activePointError(
  kind: LoadFormKind,
  points: readonly { is_active: boolean }[],
): string | null {
  if (kind !== 'active') return null;
  return points.some((point) => point.is_active) ? null : ACTIVE_POINT_REQUIRED_MESSAGE;
}

/** Stop numbers are shown only when a load has more than two points. */
export function showStopNumbers(points: readonly unknown[]): boolean {
  return points.length > 2;
}

// ---------------------------------------------------------------- the form

export type LoadFormKind = 'new' | 'active' | 'bid';

export type LoadFormValues = {
  /** Active loads only: the broker company the load is invoiced to. */
  accounting_broker_company: { id?: number | null; name?: string | null } | null;
  broker_company: { id: number; name: string } | null;
  broker_name: string;
  broker_phone: string;
  reply_email: string;
  rateconf_ref: string;
  pays: string | number | null;
  weight: string | number | null;
  pieces: string | number | null;
  length: string | number | null;
  width: string | number | null;
  height: string | number | null;
  /** The vehicle type. */
  car: VehicleType | null;
  note: string;
  dock_level: boolean;
  isDanger: boolean;
  isUrgent: boolean;
  isCanPutOnTop: boolean;
  /** Equipment the load needs: { straps: true }. */
  equipment: Partial<Record<EquipmentFlag, boolean>>;
  /** Picker text 'MM/DD/YYYY HH:mm' or an ISO date-time. */
  pick_up_datetime: string | null;
  delivery_datetime: string | null;
  points: LoadFormPoint[];
};

export function emptyLoadForm(): LoadFormValues {
  return {
    accounting_broker_company: null,
    broker_company: null,
    broker_name: '',
    broker_phone: '',
    reply_email: '',
    rateconf_ref: '',
    pays: '',
    weight: '',
    pieces: '',
    length: '',
    width: '',
    height: '',
    car: null,
    note: '',
    dock_level: false,
    isDanger: false,
    isUrgent: false,
    isCanPutOnTop: false,
    equipment: {},
    pick_up_datetime: null,
    delivery_datetime: null,
    points: newLoadDefaultPoints(),
  };
}

export type LoadFormOptions = { kind: LoadFormKind; now: Date; lang?: Lang };

/** Field path ('broker_phone', 'points.1.address') -> the first message for that field. */
export type LoadFormErrors = Record<string, string>;

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The message of a whole-number field (weight, pieces, dimensions), or null when it is fine. */
export function countFieldMessage(value: string | number | null, max: number): LoadFormMessageKey | null {
  if (isBlank(value)) return 'fieldRequired';
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(number)) return 'mustBeNumber';
  if (!Number.isInteger(number)) return 'mustBeWholeNumber';
  if (number < 0) return 'mustNotBeNegative';
  if (number > max) return max === MAX_DIMENSION ? 'maxThreeDigits' : 'maxSixDigits';
  return null;
}

/** The message of the optional pays amount, or null when it is fine. */
export function paysFieldMessage(value: string | number | null): LoadFormMessageKey | null {
  if (isBlank(value)) return null;
  try {
    const cents = parseMoneyToCents(typeof value === 'number' ? value : stripLeadingDollar(String(value)));
    return cents < 0 ? 'mustNotBeNegative' : null;
  } catch {
    return 'amountInvalid';
  }
}

const emailPattern = z.regexes.email;

/**
 * The load form's errors, empty when it may be saved:
 * - every field is required except car, note, the flags, pays, rateconf_ref, the accounting broker
 *   company and the broker company;
 * - broker_phone is a US number; reply_email an e-mail;
 * - weight and pieces whole numbers up to 999999, length, width and height up to 999; note up to 300
 *   characters; pays, when given, an amount (a leading $ is allowed);
 * - at least two points, each with a state, an address chosen from the lookup (it has lat and lon) and a
 *   date; the first is a pick-up and the last a delivery;
 * - active loads need rateconf_ref and an accounting broker company with a name and an id;
 * - delivery dates (delivery_datetime and the dates of delivery points) lie between the first point's
 *   date and 31 December of next year (Eastern, from `now`).
 * Saving an active load with no active point is a separate check (activePointError): the form shows it
 * in a dialog on save rather than disabling Save.
 */
export function validateLoadForm(values: LoadFormValues, options: LoadFormOptions): LoadFormErrors {
  const errors: LoadFormErrors = {};
  const add = (field: string, key: LoadFormMessageKey | null) => {
    if (key && !(field in errors)) errors[field] = loadFormMessage(key, options.lang);
  };

  for (const field of ['broker_name', 'broker_phone', 'reply_email'] as const) {
    if (isBlank(values[field])) add(field, 'fieldRequired');
  }
  if (!isBlank(values.broker_phone) && !isUsPhoneNumber(values.broker_phone))
    add('broker_phone', 'phoneInvalid');
  if (!isBlank(values.reply_email) && !emailPattern.test(values.reply_email.trim())) {
    add('reply_email', 'emailInvalid');
  }

  add('weight', countFieldMessage(values.weight, MAX_WEIGHT));
  add('pieces', countFieldMessage(values.pieces, MAX_PIECES));
  add('length', countFieldMessage(values.length, MAX_DIMENSION));
  add('width', countFieldMessage(values.width, MAX_DIMENSION));
  add('height', countFieldMessage(values.height, MAX_DIMENSION));
  add('pays', paysFieldMessage(values.pays));
  if ((values.note ?? '').length > MAX_NOTE_LENGTH) add('note', 'noteTooLong');
  if (!isBlank(values.car) && !(VEHICLE_TYPE_IDS as readonly string[]).includes(values.car as string)) {
    add('car', 'vehicleTypeInvalid');
  }

  if (options.kind === 'active') {
    if (isBlank(values.rateconf_ref)) add('rateconf_ref', 'fieldRequired');
    const company = values.accounting_broker_company;
    if (!company || company.id === null || company.id === undefined || isBlank(company.name)) {
      add('accounting_broker_company', 'accountingBrokerRequired');
    }
  }

  const points = values.points ?? [];
  if (points.length < 2) add('points', 'tooFewPoints');
  points.forEach((point, index) => {
    const path = `points.${index}`;
    if (isBlank(point.state) || !isRegionCode(point.state)) add(`${path}.state`, 'stateRequired');
    const fromLookup =
      !isBlank(point.address) && Number.isFinite(point.lat ?? NaN) && Number.isFinite(point.lon ?? NaN);
    if (!fromLookup) add(`${path}.address`, 'addressFromLookup');
    if (isBlank(point.date)) add(`${path}.date`, 'fieldRequired');
    else if (!formDateToWallTime(point.date)) add(`${path}.date`, 'dateInvalid');
  });
  if (points.length >= 2) {
    if (points[0]!.type !== 'pick_up') add('points.0.type', 'firstPointPickUp');
    if (points[points.length - 1]!.type !== 'deliver_to')
      add(`points.${points.length - 1}.type`, 'lastPointDeliverTo');
  }

  for (const field of ['pick_up_datetime', 'delivery_datetime'] as const) {
    if (isBlank(values[field])) add(field, 'fieldRequired');
    else if (!formDateToWallTime(values[field])) add(field, 'dateInvalid');
  }

  const firstPointDate = formDateToWallTime(points[0]?.date);
  const latestDelivery = defaultPickerRange(options.now).max;
  const checkDeliveryDate = (field: string, value: string | null) => {
    const date = formDateToWallTime(value);
    if (!date) return;
    if (firstPointDate && compareWallTimes(date, firstPointDate) < 0) add(field, 'deliveryBeforeFirstPoint');
    else if (compareWallTimes(date, latestDelivery) > 0) add(field, 'deliveryAfterNextYear');
  };
  checkDeliveryDate('delivery_datetime', values.delivery_datetime);
  points.forEach((point, index) => {
    if (index > 0 && point.type === 'deliver_to') checkDeliveryDate(`points.${index}.date`, point.date);
  });

  return errors;
}

/** Save is disabled while any error exists. */
export function isSaveDisabled(errors: LoadFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

// ---------------------------------------------------------------- form <-> API

/** A form date as the API's ISO date-time: picker text is read as Eastern time, ISO stays; '' when empty. */
export function formDateToIso(value: string | null | undefined): string {
  if (!value) return '';
  return dateTimeInputToIso(value) ?? value;
}

const countForRequest = (value: string | number | null) => (typeof value === 'string' ? value.trim() : value);

function pointForRequest(point: LoadFormPoint): LoadPointInput {
  return {
    ...(point.id ? { id: point.id } : {}),
    address: point.address,
    city: point.city,
    state: point.state,
    zip_code: point.zip_code,
    country: point.country,
    date: formDateToIso(point.date),
    order: point.order,
    lat: point.lat,
    lon: point.lon,
    type: point.type,
    is_active: point.is_active,
  };
}

function formFieldsForRequest(values: LoadFormValues) {
  const pays = typeof values.pays === 'string' ? stripLeadingDollar(values.pays).trim() : values.pays;
  return {
    broker_name: values.broker_name,
    broker_phone: values.broker_phone,
    reply_email: values.reply_email,
    rateconf_ref: values.rateconf_ref,
    // The amount is sent with a $ prefix, as the spec's form does.
    pays: pays === null || pays === '' ? null : `$${pays}`,
    weight: countForRequest(values.weight),
    pieces: countForRequest(values.pieces),
    length: countForRequest(values.length),
    width: countForRequest(values.width),
    height: countForRequest(values.height),
    car: values.car,
    note: values.note,
    dock_level: values.dock_level,
    isDanger: values.isDanger,
    isUrgent: values.isUrgent,
    isCanPutOnTop: values.isCanPutOnTop,
    equipment: values.equipment,
    pick_up_datetime: formDateToIso(values.pick_up_datetime),
    delivery_datetime: formDateToIso(values.delivery_datetime),
    points: values.points.map(pointForRequest),
  };
}

/** The body of POST loads/create from the form's values. */
export function loadFormToCreateBody(values: LoadFormValues): LoadCreateInput {
  return {
    accounting_broker_company: values.accounting_broker_company?.id ?? null,
    broker_company: values.broker_company?.id ?? null,
    ...formFieldsForRequest(values),
  };
}

/** The body of PUT loads/active/{id}/edit: no broker_company, the accounting broker company as an id. */
export function loadFormToActiveUpdateBody(values: LoadFormValues): LoadActiveUpdateInput {
  return {
    accounting_broker_company: values.accounting_broker_company?.id ?? null,
    ...formFieldsForRequest(values),
  };
}

const textOf = (value: number | null) => (value === null ? '' : String(value));

/** A saved load as the form's values, its dates as Eastern picker text. */
export function loadToFormValues(load: Load): LoadFormValues {
  return {
    accounting_broker_company: load.accounting_broker_company,
    broker_company: load.broker_company
      ? { id: load.broker_company.id, name: load.broker_company.name }
      : null,
    broker_name: load.broker_name ?? '',
    broker_phone: load.broker_phone ?? '',
    reply_email: load.reply_email ?? '',
    rateconf_ref: load.rateconf_ref ?? '',
    pays: load.pays === null ? '' : load.pays.toFixed(2),
    weight: textOf(load.weight),
    pieces: textOf(load.pieces),
    length: textOf(load.length),
    width: textOf(load.width),
    height: textOf(load.height),
    car: load.vehicle_type,
    note: load.note ?? '',
    dock_level: load.dock_level,
    isDanger: load.isDanger,
    isUrgent: load.isUrgent,
    isCanPutOnTop: load.isCanPutOnTop,
    equipment: { ...load.equipment },
    pick_up_datetime: isoToDateTimeInput(load.pick_up_datetime),
    delivery_datetime: isoToDateTimeInput(load.delivery_datetime),
    points: [...load.points]
      .sort((a, b) => a.order - b.order)
      .map((point) => ({
        id: point.id,
        address: point.address,
        city: point.city,
        state: point.state,
        zip_code: point.zip_code,
        country: point.country,
        date: isoToDateTimeInput(point.date),
        order: point.order,
        lat: point.lat,
        lon: point.lon,
        type: point.type,
        is_active: point.is_active,
        fullAddress: point.address,
      })),
  };
}

/**
 * A parsed create or active-update body as form values, so that the server checks the same rules on save
 * (validateLoadForm with the request time as `now`). The accounting broker company is passed as found in
 * the company's brokers (null when it is not there), since the body carries only its id.
 */
export function loadBodyToFormValues(
  body: LoadCreate | LoadActiveUpdate,
  accountingBrokerCompany: { id: number; name: string } | null = null,
): LoadFormValues {
  return {
    accounting_broker_company: accountingBrokerCompany,
    broker_company:
      !('broker_company' in body) || body.broker_company === null
        ? null
        : typeof body.broker_company === 'number'
          ? { id: body.broker_company, name: '' }
          : // A name the company may not know yet: no id until the broker is found or added.
            { id: 0, name: body.broker_company },
    broker_name: body.broker_name,
    broker_phone: body.broker_phone,
    reply_email: body.reply_email,
    rateconf_ref: body.rateconf_ref ?? '',
    pays: body.pays === null ? null : centsToAmount(body.pays),
    weight: body.weight,
    pieces: body.pieces,
    length: body.length,
    width: body.width,
    height: body.height,
    car: body.car,
    note: body.note ?? '',
    dock_level: body.dock_level,
    isDanger: body.isDanger,
    isUrgent: body.isUrgent,
    isCanPutOnTop: body.isCanPutOnTop,
    equipment: body.equipment,
    pick_up_datetime: body.pick_up_datetime,
    delivery_datetime: body.delivery_datetime,
    points: body.points.map((point) => ({ ...point, id: point.id ?? null, fullAddress: point.address })),
  };
}
