import type { DriverBid } from '@app/domain/bids/driver-bids.schema';
import { driverBidState } from '@app/domain/bids/driver-bids.rules';
import { centsToAmount } from '@app/domain/common/money';
import type { DriverBidRow } from './driver-bids.repository';

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * The status a bidder reads: a pending bid on a load that left the board is decided (won when the load was
 * booked with the bid's vehicle, lost otherwise), even before the booking settled it.
 */
function effectiveStatus(row: DriverBidRow): 1 | 2 | 3 {
  if (row.status !== 1 || row.board_status === 'posted') return row.status;
  return row.board_status === 'booked' &&
    row.load_vehicle_id !== null &&
    row.load_vehicle_id === row.vehicle_id
    ? 2
    : 3;
}

/** A driver or owner bid as the API answers it. */
export function toDriverBid(row: DriverBidRow): DriverBid {
  const status = effectiveStatus(row);
  return {
    id: row.id,
    load_id: row.load_id,
    load_accounting_number: row.load_accounting_number,
    kind: row.kind,
    status,
    state: driverBidState({ status, rejected_at: row.rejected_at }),
    price: centsToAmount(row.price_cents),
    eta_at: row.eta_at?.toISOString() ?? null,
    placed_at: (row.placed_at ?? row.created_at).toISOString(),
    created_at: row.created_at.toISOString(),
    vehicle:
      row.vehicle_id !== null && row.unit_id !== null ? { id: row.vehicle_id, unit_id: row.unit_id } : null,
    driver:
      row.driver_id !== null
        ? { id: row.driver_id, full_name: name(row.driver_first_name, row.driver_last_name) }
        : null,
    bidder:
      row.bidder_user_id !== null
        ? { id: row.bidder_user_id, full_name: name(row.bidder_first_name, row.bidder_last_name) }
        : null,
    rejected_reason: row.rejected_reason,
    rejected_at: row.rejected_at?.toISOString() ?? null,
  };
}
