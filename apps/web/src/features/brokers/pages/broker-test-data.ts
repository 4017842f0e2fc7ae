import type { BrokerCompany, RatingHistoryEntry } from '@app/domain/brokers/brokers.schema';
import { brokerRating } from '@app/domain/brokers/brokers.rules';
import type { CurrentUser } from '@/lib/current-user';
import { fakeFetch, makeUser, storeSession } from '@/test/render-app';

// Broker companies as the server answers them, for the component tests of the broker screens.

export const BROKERS = '/backend/api/v2/brokers';

export function makeBroker(
  overrides: Partial<BrokerCompany> & { ratingId?: 1 | 2 | 3 | 4 | 5 } = {},
): BrokerCompany {
  const { ratingId = 3, ...rest } = overrides;
  return {
    id: 7,
    name: 'Acme Logistics',
    mc_number: '123456',
    dot_number: '7654321',
    is_otr: true,
    brokerage: 'M',
    address: '100 Main St',
    city: 'Dallas',
    state: 'TX',
    zip_code: '75201',
    phone: '(555) 123-4567',
    email: 'loads@acme.test',
    rating: brokerRating(ratingId),
    rating_requested_at: null,
    in_blacklist: false,
    blacklist_reason: null,
    blacklisted_at: null,
    notify_no_posting: false,
    credit_check: null,
    created_date: '2026-11-01T14:00:00Z',
    ...rest,
  };
}

export function makeRating(overrides: Partial<RatingHistoryEntry> = {}): RatingHistoryEntry {
  return {
    id: 1,
    rating: brokerRating(4),
    previous_rating: brokerRating(3),
    comment: 'Double brokered a load',
    rated_by: { id: 31, first_name: 'Marcus', last_name: 'Hayes' },
    created_date: '2026-11-21T20:04:00Z',
    ...overrides,
  };
}

export function list<Item>(results: Item[], count = results.length) {
  return { count, results };
}

/** Signs a user in (an admin unless told) and fakes the network with the given routes. */
export function setupBrokers(routes: Record<string, unknown>, user: Partial<CurrentUser> = {}) {
  storeSession();
  return fakeFetch({ 'GET /backend/api/users/my/': makeUser(user), ...routes });
}

/** The query string of the last call to a path. */
export function lastQuery(calls: { url: string }[]): Record<string, string> {
  const url = calls[calls.length - 1]?.url ?? '';
  return Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
}
