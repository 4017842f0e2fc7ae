import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerDaysToPay } from '@app/domain/accounting/broker-payments.schema';
import { http } from './api';

// A broker's average days to pay its invoices, shown where a dispatcher decides whether to haul for it: the
// broker screens and the load board's load detail. Shared, since neither feature may import the other.
// A paid invoice changes it: update_accounting asks it again (app/realtime/live-queries.ts).

export const brokerDaysToPayKeys = {
  all: ['broker-days-to-pay'] as const,
  of: (brokerId: number) => ['broker-days-to-pay', brokerId] as const,
};

export const brokerDaysToPayPath = (brokerId: number) =>
  `/backend/api/v2/payments/brokers/${brokerId}/days-to-pay`;

/** GET payments/brokers/{id}/days-to-pay. Silent: the fact shows its own failure, not a page-wide error. */
export function fetchBrokerDaysToPay(brokerId: number, signal?: AbortSignal) {
  return http.get<BrokerDaysToPay>(brokerDaysToPayPath(brokerId), { signal, silent: true });
}

/** An average moves only when an invoice is paid, so one answer serves every screen for a few minutes. */
export function brokerDaysToPayQueryOptions(brokerId: number) {
  return queryOptions({
    queryKey: brokerDaysToPayKeys.of(brokerId),
    queryFn: ({ signal }) => fetchBrokerDaysToPay(brokerId, signal),
    staleTime: 5 * 60_000,
  });
}

/** The broker's average days to pay; nothing is asked without a broker (a load with no broker company). */
export function useBrokerDaysToPay(brokerId: number | null | undefined) {
  return useQuery({
    ...brokerDaysToPayQueryOptions(brokerId ?? 0),
    enabled: brokerId !== null && brokerId !== undefined,
  });
}
