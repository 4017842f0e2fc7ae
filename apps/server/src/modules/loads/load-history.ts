import type { LoadHistoryAction } from '@app/domain/loads/loads.schema';
import type { HistoryValues } from './load-history.repository';

// The history of a load: every change (status, prices, driver, vehicle, dispatcher, points, files, notes,
// e-mail notification settings) is one row with who, when, the action, the field, and the values before
// and after, written in the transaction of the change. Values are stored as the API shows them (dollars,
// ISO times, ids), so the timeline can print them as they are.

export type HistoryChange = {
  action: LoadHistoryAction;
  field: string | null;
  before: unknown;
  after: unknown;
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One change per field whose value differs between `before` and `after` (fields of `after` only). */
export function changedFields(
  action: LoadHistoryAction,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): HistoryChange[] {
  return Object.entries(after)
    .filter(([field, value]) => !sameValue(before[field], value))
    .map(([field, value]) => ({ action, field, before: before[field] ?? null, after: value ?? null }));
}

/** The rows of changes made by one user at one time (null: by no user, such as a load board posting). */
export function historyRows(
  loadId: number,
  userId: number | null,
  at: Date,
  changes: readonly HistoryChange[],
): HistoryValues[] {
  return changes.map((change) => ({
    load_id: loadId,
    user_id: userId,
    action: change.action,
    field: change.field,
    before: change.before,
    after: change.after,
    created_at: at,
  }));
}

/** A point as the history shows it. */
export function pointSummary(point: {
  point_order: number;
  type: string;
  address: string;
  city: string;
  state: string;
  date: Date | string | null;
}) {
  return {
    order: point.point_order,
    type: point.type,
    address: point.address,
    city: point.city,
    state: point.state,
    date: point.date === null ? null : new Date(point.date).toISOString(),
  };
}
