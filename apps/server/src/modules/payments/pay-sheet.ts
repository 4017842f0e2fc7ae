import {
  dispatcherLoadPay,
  dispatcherWeekPay,
  ownerLoadPay,
  ownerWeekPay,
  signedIncentive,
  type DispatcherPayTerms,
  type WeekPay,
} from '@app/domain/accounting/money.rules';
import type { PayItemLine, PaySheetLoad } from '@app/domain/accounting/payments.schema';
import { LOAD_STATUSES, lookupName, type LoadStatusId } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { PayType } from './pay-read-model.repository';
import { fullName } from './pay-response';
import type {
  SheetIncentiveRecord,
  SheetItemRecord,
  SheetLoadRecord,
  SheetPointRecord,
} from './pay-sheet.repository';

// A person's week as a pay sheet: each load with its route, its rate, what it pays the person, its incentives
// and the pay items that name it, then the week's other pay items, and the totals by the money model
// (money.rules.ts): the same rules the lists sum in SQL.

export type SheetParts = {
  loads: SheetLoadRecord[];
  points: SheetPointRecord[];
  incentives: SheetIncentiveRecord[];
  items: SheetItemRecord[];
};

const numberDisplay = (value: number | null) => (value === null ? null : padAccountingNumber(value));
const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, full_name: fullName(first, last) };

function routeOf(points: SheetPointRecord[]) {
  const place = (point: SheetPointRecord | undefined) =>
    point ? { city: point.city, state: point.state, date: point.date?.toISOString() ?? null } : null;
  return {
    pick_up: place(points.find((point) => point.type === 'pick_up')),
    delivery: place(points.findLast((point) => point.type === 'deliver_to')),
    stops_count: points.length,
  };
}

function toItemLine(item: SheetItemRecord): PayItemLine {
  return {
    id: item.id,
    kind: item.kind,
    amount: centsToAmount(item.amount_cents),
    reason: item.reason,
    load_id: item.load_id,
    load_accounting_number_display: numberDisplay(item.load_accounting_number),
    created_by: person(item.created_by, item.creator_first_name, item.creator_last_name),
    created_date: item.created_at.toISOString(),
  };
}

/** The sheet's loads and other items, and its totals (cents) by the money model. */
export function buildPaySheet(
  type: PayType,
  parts: SheetParts,
  terms: DispatcherPayTerms | null,
): { loads: PaySheetLoad[]; other_items: PayItemLine[]; totals: WeekPay } {
  const loadIds = new Set(parts.loads.map((load) => load.id));
  const payOf = (load: SheetLoadRecord) =>
    type === 'owner' ? ownerLoadPay(load) : dispatcherLoadPay(load, terms);
  const loads = parts.loads.map((load): PaySheetLoad => {
    const incentives = parts.incentives.filter((incentive) => incentive.load_id === load.id);
    const items = parts.items.filter((item) => item.load_id === load.id);
    const pay = payOf(load);
    const total =
      pay +
      incentives.reduce((sum, incentive) => sum + signedIncentive(incentive), 0) +
      items.reduce((sum, item) => sum + item.amount_cents, 0);
    return {
      id: load.id,
      status: load.status as LoadStatusId,
      status_name: lookupName(LOAD_STATUSES, load.status),
      load_accounting_number: load.load_accounting_number,
      load_accounting_number_display: numberDisplay(load.load_accounting_number),
      rateconf_ref: load.rateconf_ref,
      broker_company:
        load.broker_company_id === null
          ? null
          : { id: load.broker_company_id, name: load.broker_company_name ?? '' },
      ...routeOf(parts.points.filter((point) => point.load_id === load.id)),
      miles: load.miles,
      driver: person(load.driver_id, load.driver_first_name, load.driver_last_name),
      car: load.car_id === null ? null : { id: load.car_id, unit_id: load.unit_id ?? '' },
      owner: person(load.owner_id, load.owner_first_name, load.owner_last_name),
      dispatcher: person(load.dispatcher_id, load.dispatcher_first_name, load.dispatcher_last_name),
      broker_price: centsToAmount(load.broker_price_cents),
      driver_price: centsToAmount(load.driver_price_cents),
      pay: centsToAmount(pay),
      incentives: incentives.map((incentive) => ({
        id: incentive.id,
        type: incentive.type,
        person_type: incentive.person_type,
        amount: centsToAmount(signedIncentive(incentive)),
        reason: incentive.reason,
        created_date: incentive.created_at.toISOString(),
      })),
      items: items.map(toItemLine),
      total: centsToAmount(total),
    };
  });
  const weekLoads = parts.loads.map((load) => ({
    ...load,
    incentives: parts.incentives.filter((incentive) => incentive.load_id === load.id),
  }));
  const itemCents = parts.items.map((item) => item.amount_cents);
  const totals =
    type === 'owner' ? ownerWeekPay(weekLoads, itemCents) : dispatcherWeekPay(weekLoads, terms, itemCents);
  return {
    loads,
    other_items: parts.items
      .filter((item) => item.load_id === null || !loadIds.has(item.load_id))
      .map(toItemLine),
    totals,
  };
}
