import type { LoadDetail, LoadPoint } from '@app/domain/loads/loads.schema';
import { makeListLoad, setupListPages } from '@/components/lists/list-test-data';
import { FakeAnswer } from '@/test/render-app';

// Loads as the server answers them, for the component tests of the load screens.

export function makePoint(overrides: Partial<LoadPoint> = {}): LoadPoint {
  return {
    id: 501,
    order: 1,
    type: 'pick_up',
    address: '100 Main St',
    city: 'Dallas',
    state: 'TX',
    zip_code: '75201',
    country: 'US',
    lat: 32.78,
    lon: -96.8,
    date: '2026-11-21T20:04:00Z',
    is_active: false,
    ...overrides,
  };
}

/** The list's load #42 as its page answers it, with located points and no history yet. */
export function makeLoad(overrides: Partial<LoadDetail> = {}): LoadDetail {
  return {
    ...makeListLoad(),
    points: [
      makePoint({ is_active: true }),
      makePoint({
        id: 502,
        order: 2,
        type: 'deliver_to',
        address: '9 Lake Ave',
        city: 'Chicago',
        state: 'IL',
        zip_code: '60601',
        lat: 41.88,
        lon: -87.63,
        date: '2026-11-22T15:30:00Z',
      }),
    ],
    history: [],
    missing_documents: [],
    ...overrides,
  };
}

/** Signs a user in with the company's dispatchers and teams, and fakes the network with the routes. */
export const setupLoads = setupListPages;

export { FakeAnswer };
