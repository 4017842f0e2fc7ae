import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { dashboardQueryKeys } from '@/features/dashboard/api/dashboard-query-keys';
import { liveCache } from '@/test/live-cache';

// The dashboard on a real query cache seeded under its blocks' own keys: a load's change refreshes every
// block; a bid, a vehicle, a driver, a board posting or a broker's payment refreshes the blocks whose
// numbers it moves and leaves the others; a chat message touches none.

const FILTERS = { period: 'this_week', working_group: 3 };
const KEYS = {
  counts: dashboardQueryKeys.countStats(FILTERS),
  drivers: dashboardQueryKeys.drivers({ ...FILTERS, page: 1 }),
  dispatchers: dashboardQueryKeys.dispatchers({ ...FILTERS, page: 1 }),
  graphs: dashboardQueryKeys.graphs(FILTERS),
  own: dashboardQueryKeys.dispatcher({ period: 'today' }),
  brokers: dashboardQueryKeys.brokers({ ...FILTERS, page: 1 }),
  brokerCounts: dashboardQueryKeys.brokerCountStats(FILTERS),
  broker: dashboardQueryKeys.broker(7, FILTERS),
} satisfies Record<string, QueryKey>;

const { all, event, invalidated } = liveCache(KEYS);
const EVERY_BLOCK = all();

describe('live queries: the dashboard', () => {
  it('a load created, edited or priced refreshes every block', () => {
    event('update_loads', { ids: [300], action: 'create' });
    expect(invalidated()).toEqual(EVERY_BLOCK);
  });

  it("a load's status change refreshes every block", () => {
    event('load_status_change', { id: 300, status: 8, old_status: 7, accounting_status: 1 });
    expect(invalidated()).toEqual(EVERY_BLOCK);
  });

  it("a bid placed, won or lost refreshes the counts, the dispatchers and a dispatcher's own", () => {
    event('dispatcher_bid', { load_id: 42, dispatcher_bids: [{ id: 70 }], dispatcher_bids_count: 1 });
    expect(invalidated()).toEqual(['counts', 'dispatchers', 'own']);
  });

  it('a bid rejected does the same', () => {
    event('reject_bid', { load_id: 42, bid_id: 90, dispatcher_bids: [], dispatcher_bids_count: 0 });
    expect(invalidated()).toEqual(['counts', 'dispatchers', 'own']);
  });

  it("a vehicle's status refreshes the vehicles per status and a dispatcher's trucks without loads", () => {
    event('car_status_change', { id: 7, status: { id: 3, name: 'On load' } });
    expect(invalidated()).toEqual(['counts', 'own']);
  });

  it('a driver or an owner changed refreshes the active counts (and the drivers table for a driver)', () => {
    event('update_units', { kind: 'owner', ids: [5] });
    expect(invalidated()).toEqual(['counts']);
    event('update_units', { kind: 'driver', ids: [6] });
    expect(invalidated()).toEqual(['counts', 'drivers']);
  });

  it("a broker company renamed or a broker's payment refreshes the brokers' blocks only", () => {
    event('update_units', { kind: 'broker_company', ids: [7] });
    expect(invalidated()).toEqual(['broker', 'brokerCounts', 'brokers']);
  });

  it("a broker's payment (days to pay) refreshes the brokers' blocks only", () => {
    event('update_accounting', { load_ids: [], payment_ids: [501] });
    expect(invalidated()).toEqual(['broker', 'brokerCounts', 'brokers']);
  });

  it("a load posted on the board refreshes the board's counts only", () => {
    event('update_loadboard', { load: { id: 42, board_status: 'posted' } });
    expect(invalidated()).toEqual(['counts']);
  });

  it("a driver's app going online or a chat message leaves the dashboard as it is", () => {
    event('driver_online_change', { driver_id: 6, vehicle_id: 7, online: true });
    event('mark_as_read_sms', { chat_id: 3 });
    expect(invalidated()).toEqual([]);
  });
});
