import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { parseRealtimeMessage } from '@app/domain/realtime/realtime.schema';
import { brokerDaysToPayKeys } from '@/lib/broker-days-to-pay';
import { createLiveQueryApplier } from './apply-live-effects';
import { createInvalidationThrottle } from './invalidation-throttle';

// A broker's average days to pay moves when one of its invoices is paid: update_accounting (a payment
// changed) asks every broker's days to pay again, on the broker screens and the board's load detail.

let queryClient: QueryClient;
let receive: (event: string, data: unknown) => void;

beforeEach(() => {
  queryClient = new QueryClient();
  const throttle = createInvalidationThrottle({ queryClient });
  const apply = createLiveQueryApplier(queryClient, throttle);
  receive = (event, data) => {
    const message = parseRealtimeMessage({ event, data });
    if (!message) throw new Error(`the test's ${event} does not match its schema`);
    apply(message);
    throttle.flush();
  };
  for (const id of [7, 8]) {
    queryClient.setQueryData(brokerDaysToPayKeys.of(id), {
      broker_company_id: id,
      average_days_to_pay: 30,
      paid_invoices: 2,
    });
  }
});

const invalidated = () =>
  [7, 8].filter((id) => queryClient.getQueryState(brokerDaysToPayKeys.of(id))?.isInvalidated);

describe("live queries: a broker's days to pay", () => {
  it('update_accounting asks every broker again', () => {
    receive('update_accounting', { load_ids: [300], payment_ids: [12] });
    expect(invalidated()).toEqual([7, 8]);
  });

  it('a change of loads alone leaves them', () => {
    receive('update_loads', { ids: [300], action: 'edit' });
    expect(invalidated()).toEqual([]);
  });
});
