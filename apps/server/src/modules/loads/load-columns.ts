import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import type { PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { centsToAmount } from '@app/domain/common/money';
import { PAYMENT_STATUS } from '@app/domain/common/lookups';
import { validateLoadForm, type LoadFormKind, type LoadFormValues } from '@app/domain/loads/load-form.rules';
import {
  activePointAfterStatus,
  DELIVERED_STATUS,
  withActivePoint,
} from '@app/domain/loads/load-lifecycle.rules';
import { routeDistanceMiles } from '@app/domain/geo/geo.rules';
import { type LoadStatusClass } from '@app/domain/loads/loads.rules';
import type { LoadCreate, LoadHistoryAction } from '@app/domain/loads/loads.schema';
import type { EquipmentFlags, LoadStatus } from '../../db/schema';
import type { NewRow, RowUpdate } from '../../db/types';
import { validationError } from '../../http/errors';
import { changedFields, type HistoryChange } from './load-history';
import type { LoadRow } from './loads.repository';

// The columns of a load as the use cases write and compare them: the load form's fields, the points, what a
// move into another list sets, and the history's view of prices and form fields. No queries here.

/** 400 naming each field the form's rules refuse (the same rules the form applies as the user types). */
export function checkForm(values: LoadFormValues, kind: LoadFormKind, now: Date): void {
  const errors = validateLoadForm(values, { kind, now });
  const fields = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

export const isoOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
export const amountOrNull = (cents: number | null) => (cents === null ? null : centsToAmount(cents));

/** Only the flags that are set, in name order, so that equal sets compare equal. */
export function normalizedEquipment(equipment: EquipmentFlags): EquipmentFlags {
  return Object.fromEntries(
    Object.entries(equipment)
      .filter(([, value]) => value === true)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * What a move into another list sets on the load (the domain's status classes; moves within a list change
 * only the status):
 *   into active    (a step back from Delivered, a restore)  accounting_status null; delivered_at,
 *                                                            completed_at and canceled_at cleared
 *   into checkout  (8 Delivered, 9 TONU, a step back from 10/11)  accounting_status Standard; delivered_at
 *                                                            set when it comes from active to 8; completed_at
 *                                                            cleared; from active, the accounting week and
 *                                                            year of that moment (its delivery: the ISO week
 *                                                            of its Eastern date, accountingWeekOf), or
 *                                                            `bookedWeek` (the next open week when that one
 *                                                            is closed)
 *   into completed (10, 11)                                  accounting_status Completed; completed_at set
 *   into canceled  (12)                                      accounting_status Chargeback; canceled_at set;
 *                                                            from active, `bookedWeek` when given (its week
 *                                                            stays, or the next open one when it is closed)
 */
export function listEntryValues(
  from: LoadStatusClass,
  to: LoadStatusClass,
  target: LoadStatus,
  at: Date,
  bookedWeek?: PayWeek,
): RowUpdate<'loads'> {
  const week = bookedWeek ?? accountingWeekOf(at);
  switch (to) {
    case 'active':
      return { accounting_status: null, delivered_at: null, completed_at: null, canceled_at: null };
    case 'checkout':
      return {
        accounting_status: PAYMENT_STATUS.standard,
        completed_at: null,
        ...(from === 'active' && target === DELIVERED_STATUS ? { delivered_at: at } : {}),
        ...(from === 'active' ? { load_accounting_week: week.week, load_accounting_year: week.year } : {}),
      };
    case 'completed':
      return { accounting_status: PAYMENT_STATUS.completed, completed_at: at };
    case 'canceled':
      return {
        accounting_status: PAYMENT_STATUS.chargeback,
        canceled_at: at,
        ...(from === 'active' && bookedWeek
          ? { load_accounting_week: bookedWeek.week, load_accounting_year: bookedWeek.year }
          : {}),
      };
  }
}

/** The columns of a new load that its request gives (the service sets the status, number and stamps). */
export type NewLoadColumns = Omit<
  NewRow<'loads'>,
  | 'company_id'
  | 'status'
  | 'load_accounting_number'
  | 'load_accounting_week'
  | 'load_accounting_year'
  | 'created_by'
  | 'created_at'
  | 'updated_at'
> & { pick_up_datetime: string };

export type PointInput = LoadCreate['points'][number];

export function pointValues(points: readonly PointInput[], status: number) {
  const ordered = [...points].sort((a, b) => a.order - b.order);
  return withActivePoint(ordered, status).map((point) => ({
    ...(point.id === undefined ? {} : { id: point.id }),
    point_order: point.order,
    type: point.type,
    address: point.address,
    city: point.city,
    state: point.state,
    zip_code: point.zip_code,
    country: point.country,
    lat: point.lat,
    lon: point.lon,
    date: point.date,
    is_active: point.is_active,
  }));
}

/** Rows of several loads by load id, in their order. */
export function groupByLoad<Row extends { load_id: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.load_id);
    if (group) group.push(row);
    else groups.set(row.load_id, [row]);
  }
  return groups;
}

/** The order of the point active at the status (the domain's rule), or null. */
export function activeOrder(
  points: readonly { point_order: number; type: 'pick_up' | 'deliver_to' }[],
  status: number,
) {
  const active = activePointAfterStatus(
    points.map((point) => ({ order: point.point_order, type: point.type })),
    status,
  );
  return active?.order ?? null;
}

export const milesOf = (points: readonly { lat: number | null; lon: number | null }[]) => {
  const located = points.flatMap((point) =>
    point.lat === null || point.lon === null ? [] : [{ lat: point.lat, lon: point.lon }],
  );
  return located.length >= 2 ? routeDistanceMiles(located) : null;
};

/** An active load's edit requires what a new load may leave empty (rateconf_ref), so the wider type. */
export type LoadFormBody = Pick<
  LoadCreate,
  | 'broker_name'
  | 'broker_phone'
  | 'reply_email'
  | 'rateconf_ref'
  | 'pays'
  | 'weight'
  | 'pieces'
  | 'length'
  | 'width'
  | 'height'
  | 'car'
  | 'note'
  | 'dock_level'
  | 'isDanger'
  | 'isUrgent'
  | 'isCanPutOnTop'
  | 'equipment'
  | 'pick_up_datetime'
  | 'delivery_datetime'
>;

/** The load form's fields as the load's columns, equipment as flags (see formColumns). */
export function formValues(body: LoadFormBody) {
  return {
    broker_name: body.broker_name,
    broker_phone: body.broker_phone,
    reply_email: body.reply_email,
    rateconf_ref: body.rateconf_ref,
    pays_cents: body.pays,
    weight: body.weight,
    pieces: body.pieces,
    length: body.length,
    width: body.width,
    height: body.height,
    vehicle_type: body.car,
    note: body.note,
    dock_level: body.dock_level,
    is_danger: body.isDanger,
    is_urgent: body.isUrgent,
    is_can_put_on_top: body.isCanPutOnTop,
    equipment: body.equipment,
    pick_up_datetime: body.pick_up_datetime,
    delivery_datetime: body.delivery_datetime,
  };
}

/** The load form's fields as columns to write: the same for a new load and for an edit of an active one. */
export function formColumns(
  body: LoadFormBody,
  points: readonly { lat: number | null; lon: number | null }[],
) {
  const values = formValues(body);
  return {
    ...values,
    equipment: JSON.stringify(normalizedEquipment(values.equipment)),
    miles: milesOf(points),
  };
}

/** The form's columns of a saved load, or of a body (formValues), to compare the two. */
export type FormFieldColumns = Pick<
  LoadRow,
  | 'accounting_broker_company_id'
  | 'broker_name'
  | 'broker_phone'
  | 'reply_email'
  | 'rateconf_ref'
  | 'pays_cents'
  | 'weight'
  | 'pieces'
  | 'length'
  | 'width'
  | 'height'
  | 'vehicle_type'
  | 'note'
  | 'dock_level'
  | 'is_danger'
  | 'is_urgent'
  | 'is_can_put_on_top'
  | 'equipment'
> & { pick_up_datetime: Date | string | null; delivery_datetime: Date | string | null };

/** The form's fields of a load, saved or as sent, as the API shows them (for the history of an edit). */
export function formFieldsOf(columns: FormFieldColumns) {
  return {
    accounting_broker_company: columns.accounting_broker_company_id,
    broker_name: columns.broker_name,
    broker_phone: columns.broker_phone,
    reply_email: columns.reply_email,
    rateconf_ref: columns.rateconf_ref,
    pays: amountOrNull(columns.pays_cents),
    weight: columns.weight,
    pieces: columns.pieces,
    length: columns.length,
    width: columns.width,
    height: columns.height,
    vehicle_type: columns.vehicle_type,
    note: columns.note,
    dock_level: columns.dock_level,
    isDanger: columns.is_danger,
    isUrgent: columns.is_urgent,
    isCanPutOnTop: columns.is_can_put_on_top,
    equipment: normalizedEquipment(columns.equipment),
    pick_up_datetime: isoOrNull(columns.pick_up_datetime),
    delivery_datetime: isoOrNull(columns.delivery_datetime),
  };
}

/** The price changes of an action, in dollars. */
export function priceChanges(
  action: LoadHistoryAction,
  load: { broker_price_cents: number; driver_price_cents: number },
  prices: { broker_price: number; driver_price: number },
): HistoryChange[] {
  return changedFields(
    action,
    {
      broker_price: centsToAmount(load.broker_price_cents),
      driver_price: centsToAmount(load.driver_price_cents),
    },
    { broker_price: centsToAmount(prices.broker_price), driver_price: centsToAmount(prices.driver_price) },
  );
}
