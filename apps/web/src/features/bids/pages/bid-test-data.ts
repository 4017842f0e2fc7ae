import type { Proposition } from '@app/domain/bids/bids.schema';
import type { DriverBid } from '@app/domain/bids/driver-bids.schema';

// Bids as the server answers them, for the component tests of the bids pages.

/**
 * Bid #70 on load #42 (000042) of Acme Logistics (Approved), Dallas on November 21, 2026 at 15:04 Eastern
 * to Chicago; U-101 with Dan Driver for Dina Dispatch, $1,850.00 asked, $1,400.00 to the driver, sent at
 * 09:30 Eastern on November 20.
 */
export function makeProposition(overrides: Partial<Proposition> = {}): Proposition {
  const point = { zip_code: null, country: 'US' as const, lat: null, lon: null, is_active: false };
  return {
    id: 70,
    status: 1,
    load: {
      id: 42,
      load_accounting_number: 42,
      status: 1,
      board_status: 'posted',
      points: [
        {
          ...point,
          id: 501,
          order: 1,
          type: 'pick_up',
          address: '1 Main St',
          city: 'Dallas',
          state: 'TX',
          date: '2026-11-21T20:04:00Z',
        },
        {
          ...point,
          id: 502,
          order: 2,
          type: 'deliver_to',
          address: '9 Lake Ave',
          city: 'Chicago',
          state: 'IL',
          date: '2026-11-22T15:30:00Z',
        },
      ],
      miles: 925,
      vehicle_type: 'VAN',
      reply_email: 'bob@acme.test',
      broker_company: { id: 7, name: 'Acme Logistics', rating: 3 },
    },
    vehicle: { id: 71, unit_id: 'U-101', transport_type: 'VAN' },
    driver: { id: 61, full_name: 'Dan Driver' },
    dispatcher: { id: 21, first_name: 'Dina', last_name: 'Dispatch' },
    price: 1850,
    driver_price: 1400,
    miles_out: 120,
    eta: 7500,
    email_to: 'bob@acme.test',
    email_subject: 'Load #000042 Dallas, TX - Chicago, IL',
    message: 'Hello,\nWe can take this load for [bold]$1,850.00[/bold].\nDina Dispatch',
    sent_at: '2026-11-20T14:30:00Z',
    delivery: 'sent',
    via_phone: false,
    created_at: '2026-11-20T14:30:00Z',
    updated_at: '2026-11-20T14:30:00Z',
    ...overrides,
  };
}

/** Dan Driver's pending $1,400.00 bid on load 001042 (id 42) with U-101, placed at 10:00 Eastern on November 20. */
export function makeDriverBid(overrides: Partial<DriverBid> = {}): DriverBid {
  return {
    id: 90,
    load_id: 42,
    load_accounting_number: 1042,
    kind: 'driver',
    status: 1,
    state: 'pending',
    price: 1400,
    eta_at: '2026-11-20T18:00:00Z',
    placed_at: '2026-11-20T15:00:00Z',
    created_at: '2026-11-20T15:00:00Z',
    vehicle: { id: 71, unit_id: 'U-101' },
    driver: { id: 61, full_name: 'Dan Driver' },
    bidder: { id: 61, full_name: 'Dan Driver' },
    rejected_reason: null,
    rejected_at: null,
    ...overrides,
  };
}
