import { describe, expect, it } from 'vitest';
import { EMPTY_BOARD_FILTERS } from '@app/domain/loadboard/board-templates.rules';
import type { BoardFilters } from '@app/domain/loadboard/board-templates.rules';
import { makeBoardLoad } from '../board-test-data';
import { anyBoardFilter, boardQuery, liveLoadVerdict } from './board-query';
import { EMPTY_SCOPE } from './board-storage';

// The board's filters as GET loads/loadboard names them, and the same filters applied to a load that
// arrives on the socket: in, out, or ask the server.

const filters = (patch: Partial<BoardFilters>): BoardFilters => ({ ...EMPTY_BOARD_FILTERS, ...patch });

describe('the board query', () => {
  it('is page and limit alone with no filter', () => {
    const query = boardQuery(EMPTY_BOARD_FILTERS, EMPTY_SCOPE, 1, 100);
    expect(query).toEqual({ page: 1, limit: 100 });
    expect(anyBoardFilter(query)).toBe(false);
  });

  it('sends kept vehicle types as car and left-out ones as not_car, brokers the same way', () => {
    expect(boardQuery(filters({ vehicleTypes: ['VAN'], brokers: [3, 4] }), EMPTY_SCOPE, 2, 100)).toEqual({
      page: 2,
      limit: 100,
      car: 'VAN',
      brokers: '3,4',
    });
    expect(
      boardQuery(
        filters({ vehicleTypes: ['VAN'], vehiclesExclude: true, brokers: [3], brokersExclude: true }),
        EMPTY_SCOPE,
        1,
        100,
      ),
    ).toEqual({ page: 1, limit: 100, not_car: 'VAN', not_brokers: '3' });
  });

  it('sends max_miles_out only with match', () => {
    expect(boardQuery(filters({ maxMiles: 90 }), EMPTY_SCOPE, 1, 100).max_miles_out).toBeUndefined();
    expect(boardQuery(filters({ maxMiles: 90, match: true }), EMPTY_SCOPE, 1, 100)).toMatchObject({
      match: true,
      max_miles_out: 90,
    });
  });

  it('counts teams, groups and brokerages as filters', () => {
    const query = boardQuery(EMPTY_BOARD_FILTERS, { wg: 3, sub_wg: null, brokerages: ['M', 'S'] }, 1, 100);
    expect(query).toEqual({ page: 1, limit: 100, wg: 3, brokerage: 'M,S' });
    expect(anyBoardFilter(query)).toBe(true);
  });
});

describe('a live load against the filters', () => {
  const load = makeBoardLoad(); // Dallas TX to Chicago IL, a van, 967 miles, Acme (8).

  it('is in with no filter, out once it left the board', () => {
    expect(liveLoadVerdict(load, EMPTY_BOARD_FILTERS, EMPTY_SCOPE)).toBe('in');
    expect(liveLoadVerdict({ ...load, board_status: 'booked' }, EMPTY_BOARD_FILTERS, EMPTY_SCOPE)).toBe(
      'out',
    );
  });

  it.each([
    [{ pickupStates: ['TX'] }, 'in'],
    [{ pickupStates: ['OK'] }, 'out'],
    [{ deliveryStates: ['IL', 'WI'] }, 'in'],
    [{ deliveryStates: ['TX'] }, 'out'],
    [{ vehicleTypes: ['VAN' as const] }, 'in'],
    [{ vehicleTypes: ['VAN' as const], vehiclesExclude: true }, 'out'],
    [{ vehicleTypes: ['REEFER' as const], vehiclesExclude: true }, 'in'],
    [{ miles: 967 }, 'in'],
    [{ miles: 966 }, 'out'],
    [{ brokers: [8] }, 'in'],
    [{ brokers: [8], brokersExclude: true }, 'out'],
    [{ brokers: [9] }, 'out'],
    [{ match: true }, 'ask'],
  ] as const)('%o: %s', (patch, verdict) => {
    expect(liveLoadVerdict(load, filters(patch as Partial<BoardFilters>), EMPTY_SCOPE)).toBe(verdict);
  });

  it('asks the server for a team, a group or a brokerage, unless the load is already out', () => {
    expect(liveLoadVerdict(load, EMPTY_BOARD_FILTERS, { ...EMPTY_SCOPE, wg: 3 })).toBe('ask');
    expect(liveLoadVerdict(load, EMPTY_BOARD_FILTERS, { ...EMPTY_SCOPE, brokerages: ['M'] })).toBe('ask');
    expect(liveLoadVerdict(load, filters({ pickupStates: ['OK'] }), { ...EMPTY_SCOPE, wg: 3 })).toBe('out');
  });

  it('leaves a load without miles out of a miles filter, as the server does', () => {
    expect(liveLoadVerdict({ ...load, miles: null }, filters({ miles: 500 }), EMPTY_SCOPE)).toBe('out');
  });
});
