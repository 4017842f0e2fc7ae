import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';

// A board load as GET loads/loadboard answers it, for the board's component tests: #42, posted by Acme
// Logistics (approved), Dallas TX on November 21, 2026 at 15:04 Eastern to Chicago IL, a van, 967 miles
// for $2,300.00 ($2.38/mi), not seen, no bids.

export function makeBoardLoad(overrides: Partial<BoardLoad> = {}): BoardLoad {
  const point = { address: '1 Main St', zip_code: null, country: 'US' as const, lat: null, lon: null };
  return {
    id: 42,
    status: 1,
    board_status: 'posted',
    load_accounting_number: null,
    points: [
      { ...point, order: 1, type: 'pick_up', city: 'Dallas', state: 'TX', date: '2026-11-21T20:04:00Z' },
      { ...point, order: 2, type: 'deliver_to', city: 'Chicago', state: 'IL', date: '2026-11-22T18:30:00Z' },
    ],
    pick_up_datetime: '2026-11-21T20:04:00Z',
    delivery_datetime: '2026-11-22T18:30:00Z',
    pending_driver_bids: [],
    dispatcher_bids: [],
    dispatcher_bids_count: 0,
    already_saw: false,
    broker_company_instance: {
      id: 8,
      name: 'Acme Logistics',
      mc_number: '123456',
      rating: 3,
      in_blacklist: false,
    },
    is_blacklisted: false,
    broker_name: 'Bob Broker',
    broker_phone: '+13125550100',
    reply_email: 'loads@acme.test',
    posting_reference: 'ACME-77',
    miles: 967,
    deadhead_miles: null,
    vehicle_type: 'VAN',
    length: 48,
    width: 40,
    height: 40,
    weight: 1200,
    pieces: 2,
    equipment: {},
    dock_level: false,
    is_danger: false,
    note: null,
    pays: 2300,
    rate_per_mile: 2.38,
    posted_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    age_minutes: 5,
    working_group: null,
    subgroup: null,
    dispatcher_id: null,
    ...overrides,
  };
}

export const DRIVER_BID: BoardLoad['pending_driver_bids'][number] = {
  id: 900,
  kind: 'driver',
  vehicle_id: 7,
  unit_id: 'T-7',
  driver_id: 5,
  driver_name: 'Dan Driver',
  price: 1950,
  miles_out: 35,
  eta_at: null,
  created_at: '2026-11-21T19:00:00Z',
};
