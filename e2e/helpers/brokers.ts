import type { ApiClient } from './api';

// Broker companies for the end-to-end specs: each spec makes its own through the API.

export const BROKERS_API = '/backend/api/v2/brokers';

export type ServerBroker = {
  id: number;
  name: string;
  mc_number: string | null;
  rating: { id: number; name: string };
  in_blacklist: boolean;
  blacklist_reason: string | null;
  rating_requested_at: string | null;
};

let counter = 0;

/** A name and an MC number (8 digits) no other run or test uses. */
export function uniqueBroker(prefix: string): { name: string; mc_number: string } {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const mc = `9${String((Date.now() + counter * 7919 + process.pid) % 10_000_000).padStart(7, '0')}`;
  return { name: `${prefix} ${stamp}${counter}`, mc_number: mc };
}

/** An OTR broker: it waits in the conflict manager's rating queue. */
export function createOtrBroker(client: ApiClient, prefix = 'E2E Freight'): Promise<ServerBroker> {
  return client.json<ServerBroker>('POST', `${BROKERS_API}/otr-broker-company/create`, {
    data: { ...uniqueBroker(prefix), phone: '(555) 201-3344' },
  });
}

/** A non-OTR company (a shipper billed directly), e.g. for the accounting broker of a load. */
export function createNonOtrBroker(client: ApiClient, prefix = 'E2E Shipper'): Promise<ServerBroker> {
  return client.json<ServerBroker>('POST', `${BROKERS_API}/non-otr-broker-company/create`, {
    data: { name: uniqueBroker(prefix).name },
  });
}
