import type { PaymentList } from '@app/domain/accounting/broker-payments.schema';
import {
  asId,
  asLimit,
  asRecord,
  asSearch,
  LIST_LIMITS,
  parseSavedRecord,
  pickedLabels,
  readSavedText,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
import type { QueryParams } from '@/lib/http-client';

// The filter set of the brokers' payments lists, kept in local storage (the spec's saved filter sets for
// accounting brokers, active and completed): the week, the payment and invoice status, the broker, the team
// and a text (load number, rateconf_ref, broker).

export type BrokerFilters = {
  text: string;
  week: number | null;
  year: number | null;
  status: number | null;
  invoice_status: number | null;
  broker: number | null;
  team: number | null;
};

export type BrokerLabels = Partial<Record<'broker', string>>;
export type BrokerListState = { filters: BrokerFilters; labels: BrokerLabels; limit: ListLimit };

export const BROKER_LIST_STORAGE_KEYS: Record<PaymentList, string> = {
  active: 'accounting_brokers_active_filters',
  completed: 'accounting_brokers_completed_filters',
};

export const EMPTY_BROKER_FILTERS: BrokerFilters = {
  text: '',
  week: null,
  year: null,
  status: null,
  invoice_status: null,
  broker: null,
  team: null,
};

const inRange = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;

export function parseBrokerListState(text: string | null): BrokerListState {
  const stored = parseSavedRecord(text);
  const saved = asRecord(stored.filters);
  const week = inRange(saved.week, 1, 53);
  const year = week === null ? null : inRange(saved.year, 2000, 2100);
  const filters: BrokerFilters = {
    text: asSearch(saved.text),
    week: year === null ? null : week,
    year,
    status: inRange(saved.status, 1, 9),
    invoice_status: inRange(saved.invoice_status, 1, 3),
    broker: asId(saved.broker),
    team: asId(saved.team),
  };
  const labels = pickedLabels(stored.labels, ['broker'] as const, () => filters.broker !== null);
  return { filters, labels, limit: asLimit(stored.limit, LIST_LIMITS) };
}

export function readBrokerListState(list: PaymentList): BrokerListState {
  return parseBrokerListState(readSavedText(BROKER_LIST_STORAGE_KEYS[list]));
}

export function saveBrokerListState(list: PaymentList, state: BrokerListState): void {
  saveListState(BROKER_LIST_STORAGE_KEYS[list], state);
}

export function brokerListQuery(filters: BrokerFilters, page: number, limit: number): QueryParams {
  const query: QueryParams = { page, limit };
  const text = filters.text.trim();
  if (text) query.text = text;
  if (filters.week !== null && filters.year !== null) {
    query.week = filters.week;
    query.year = filters.year;
  }
  for (const name of ['status', 'invoice_status', 'broker', 'team'] as const) {
    if (filters[name] !== null) query[name] = filters[name];
  }
  return query;
}

export function hasAnyBrokerFilter(filters: BrokerFilters): boolean {
  return (
    filters.text.trim() !== '' ||
    [filters.week, filters.status, filters.invoice_status, filters.broker, filters.team].some(
      (value) => value !== null,
    )
  );
}
