import { describe, expect, it } from 'vitest';
import { NOT_ACTIVE_TOOLTIP } from '../units/vehicle.rules';
import { BID_LIMIT_AFTER_FORWARD_MINUTES, BID_LIMIT_BETWEEN_BIDS_MINUTES } from './bids.rules';
import { driverBidCreateSchema, driverBidRejectSchema, forwardCreateSchema } from './driver-bids.schema';
import {
  bidWait,
  driverBidState,
  formatWait,
  forwardAudience,
  isDriverPortalRole,
} from './driver-bids.rules';

const forwardedAt = new Date('2026-03-02T15:00:00Z');
const at = (minutes: number, seconds = 0) =>
  new Date(forwardedAt.getTime() + (minutes * 60 + seconds) * 1000);

describe('driver and owner bid limit: 15 minutes after a forward, 5 minutes between other bids', () => {
  it('uses the spec numbers', () => {
    expect(BID_LIMIT_AFTER_FORWARD_MINUTES).toBe(15);
    expect(BID_LIMIT_BETWEEN_BIDS_MINUTES).toBe(5);
  });

  it('accepts the first bid after a forward at once', () => {
    expect(bidWait(forwardedAt, null, at(0, 1))).toBeNull();
  });

  it('accepts the first bid after a new forward even when the last bid was a minute before it', () => {
    expect(bidWait(forwardedAt, at(-1), at(0, 30))).toBeNull();
  });

  it('refuses a second bid within 15 minutes of the forward, with the time left to the 15th minute', () => {
    expect(bidWait(forwardedAt, at(1), at(10))).toEqual({
      limit: 'after_forward',
      seconds_left: 5 * 60,
      available_at: at(15),
    });
    expect(bidWait(forwardedAt, at(1), at(14, 59))?.seconds_left).toBe(1);
  });

  it('accepts a second bid 15 minutes after the forward when 5 minutes have passed since the first', () => {
    expect(bidWait(forwardedAt, at(1), at(15))).toBeNull();
  });

  it('refuses a bid less than 5 minutes after the previous one once the 15 minutes are over', () => {
    expect(bidWait(forwardedAt, at(16), at(18))).toEqual({
      limit: 'between_bids',
      seconds_left: 3 * 60,
      available_at: at(21),
    });
    expect(bidWait(forwardedAt, at(16), at(21))).toBeNull();
  });

  it('names the 5-minute limit when it ends later than the 15 minutes', () => {
    expect(bidWait(forwardedAt, at(13), at(14))).toMatchObject({
      limit: 'between_bids',
      seconds_left: 4 * 60,
    });
  });

  it('shows the wait as minutes and seconds', () => {
    expect(formatWait(300)).toBe('5:00');
    expect(formatWait(245)).toBe('4:05');
    expect(formatWait(0)).toBe('0:00');
  });
});

describe('what the bidder sees of a bid', () => {
  it('status 1 is pending, 2 won, 3 lost, 3 with a rejection rejected', () => {
    expect(driverBidState({ status: 1, rejected_at: null })).toBe('pending');
    expect(driverBidState({ status: 2, rejected_at: null })).toBe('won');
    expect(driverBidState({ status: 3, rejected_at: null })).toBe('lost');
    expect(driverBidState({ status: 3, rejected_at: forwardedAt })).toBe('rejected');
  });
});

describe('who of a vehicle sees a forwarded load', () => {
  const vehicle = {
    active_driver_id: 1,
    owner_id: 2,
    loads_allowed_for_driver: true,
    loads_allowed_for_owner: true,
  };

  it('the driver and the owner when the unit allows both', () =>
    expect(forwardAudience(vehicle)).toEqual({ driver_sees: true, owner_sees: true, skip: null }));

  it('only the owner when loads are forbidden for the driver', () =>
    expect(forwardAudience({ ...vehicle, loads_allowed_for_driver: false })).toEqual({
      driver_sees: false,
      owner_sees: true,
      skip: null,
    }));

  it('nobody, as not active, when loads are forbidden for both (the spec tooltip explains it)', () => {
    expect(
      forwardAudience({ ...vehicle, loads_allowed_for_driver: false, loads_allowed_for_owner: false }).skip,
    ).toBe('not_active');
    expect(NOT_ACTIVE_TOOLTIP.en).toBe(
      'This driver and the owner cannot see any loads for this vehicle in their loadboard.',
    );
  });

  it('nobody when the vehicle has neither an active driver nor an owner', () =>
    expect(forwardAudience({ ...vehicle, active_driver_id: null, owner_id: null }).skip).toBe(
      'no_driver_or_owner',
    ));
});

describe('driver page roles', () => {
  it('drivers (10) and temporary drivers (12) use the driver page; staff do not', () => {
    expect(isDriverPortalRole(10)).toBe(true);
    expect(isDriverPortalRole(12)).toBe(true);
    expect(isDriverPortalRole(5)).toBe(false);
    expect(isDriverPortalRole(null)).toBe(false);
  });
});

describe('requests', () => {
  it('a bid needs a price above $0 and an ETA in minutes', () => {
    expect(
      driverBidCreateSchema.parse({ load_id: 1, vehicle_id: '2', price: '$1,200.50', eta_minutes: '90' }),
    ).toEqual({
      load_id: 1,
      vehicle_id: 2,
      price: 120050,
      eta_minutes: 90,
    });
    const zero = driverBidCreateSchema.safeParse({ load_id: 1, vehicle_id: 2, price: 0, eta_minutes: 0 });
    expect(zero.error?.issues[0]).toMatchObject({ path: ['price'], message: 'Must be more than $0' });
    const eta = driverBidCreateSchema.safeParse({ load_id: 1, vehicle_id: 2, price: 10, eta_minutes: -1 });
    expect(eta.error?.issues[0]?.path).toEqual(['eta_minutes']);
  });

  it('a rejection needs a reason', () => {
    const empty = driverBidRejectSchema.safeParse({ reason: '  ' });
    expect(empty.error?.issues[0]).toMatchObject({ path: ['reason'], message: 'Enter the reason' });
    expect(driverBidRejectSchema.parse({ reason: ' Rate too high ' })).toEqual({ reason: 'Rate too high' });
  });

  it('a forward names at least one vehicle, each once', () => {
    expect(forwardCreateSchema.parse({ load_id: 3, vehicle_ids: [4, 4, 5] }).vehicle_ids).toEqual([4, 5]);
    expect(forwardCreateSchema.safeParse({ load_id: 3, vehicle_ids: [] }).error?.issues[0]?.path).toEqual([
      'vehicle_ids',
    ]);
  });
});
