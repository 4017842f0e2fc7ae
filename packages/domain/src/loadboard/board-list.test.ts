import { describe, expect, it } from 'vitest';
import {
  BOARD_LIST_CAP,
  BOARD_PAGE_LIMIT,
  boardListLoads,
  boardListReducer,
  boardPageCount,
  emptyBoardList,
} from './board-list.rules';
import type { BoardListLoad, BoardListState } from './board-list.rules';

type Load = BoardListLoad & { rate: number };

function load(id: number, extra: Partial<Load> = {}): Load {
  return {
    id,
    rate: 1000,
    pending_driver_bids: [],
    dispatcher_bids: [],
    dispatcher_bids_count: 0,
    already_saw: false,
    ...extra,
  };
}

const driverBid = { id: 900, price: 1500 };
const withDriverBid = (id: number, extra: Partial<Load> = {}) =>
  load(id, { pending_driver_bids: [driverBid], ...extra });

function loaded(results: Load[], count = results.length): BoardListState<Load> {
  return boardListReducer(emptyBoardList<Load>(), { type: 'loaded', count, results });
}

const ids = (list: readonly Load[]) => list.map((entry) => entry.id);

describe('load board list: split into loads with pending driver bids and all others', () => {
  it('puts loads with pending driver bids apart from all others, each in the order received', () => {
    const state = loaded([load(9), withDriverBid(8), load(7), withDriverBid(6)], 40);
    expect(ids(state.pending)).toEqual([8, 6]);
    expect(ids(state.others)).toEqual([9, 7]);
    expect(state.count).toBe(40);
    expect(ids(boardListLoads(state))).toEqual([8, 6, 9, 7]);
  });
});

describe('a newly received load replaces any entry with the same id and goes to the front of its list', () => {
  it('a new load goes to the front of the other loads and counts one more', () => {
    const state = boardListReducer(loaded([load(5), load(4)]), { type: 'received', load: load(11) });
    expect(ids(state.others)).toEqual([11, 5, 4]);
    expect(state.count).toBe(3);
  });

  it('a load with pending driver bids goes to the front of the pending section', () => {
    const state = boardListReducer(loaded([withDriverBid(3), load(5)]), {
      type: 'received',
      load: withDriverBid(12),
    });
    expect(ids(state.pending)).toEqual([12, 3]);
    expect(ids(state.others)).toEqual([5]);
  });

  it('a known load is replaced, not repeated, and moves to the front; the count stays', () => {
    const before = loaded([load(9), load(8), load(7)], 3);
    const state = boardListReducer(before, { type: 'received', load: load(7, { rate: 2500 }) });
    expect(ids(state.others)).toEqual([7, 9, 8]);
    expect(state.others[0]?.rate).toBe(2500);
    expect(state.count).toBe(3);
  });

  it('a load that got a driver bid moves from the others to the front of the pending section', () => {
    const before = loaded([withDriverBid(2), load(9), load(8)]);
    const state = boardListReducer(before, { type: 'received', load: withDriverBid(8) });
    expect(ids(state.pending)).toEqual([8, 2]);
    expect(ids(state.others)).toEqual([9]);
  });

  it('a load whose last driver bid was answered moves back to the others', () => {
    const before = loaded([withDriverBid(8), load(9)]);
    const state = boardListReducer(before, { type: 'received', load: load(8) });
    expect(state.pending).toEqual([]);
    expect(ids(state.others)).toEqual([8, 9]);
  });
});

describe('a load that leaves the board', () => {
  it('is taken out of its list and the count', () => {
    const state = boardListReducer(loaded([withDriverBid(3), load(5)], 10), { type: 'removed', id: 3 });
    expect(state.pending).toEqual([]);
    expect(state.count).toBe(9);
  });

  it('changes nothing when the list does not hold it', () => {
    const before = loaded([load(5)], 10);
    expect(boardListReducer(before, { type: 'removed', id: 99 })).toBe(before);
  });
});

describe('a dispatcher bid set on a load with no pending driver bids', () => {
  const bids = [{ id: 31 }, { id: 32 }];

  it('stores the bid list and count and repositions the load by id, newest id first', () => {
    // A live insert put 4 in front of newer ids; the bid puts it back in id order.
    const before = boardListReducer(loaded([load(9), load(7), load(2)]), { type: 'received', load: load(4) });
    expect(ids(before.others)).toEqual([4, 9, 7, 2]);
    const state = boardListReducer(before, {
      type: 'dispatcher_bid',
      loadId: 4,
      dispatcherBids: bids,
      count: 2,
    });
    expect(ids(state.others)).toEqual([9, 7, 4, 2]);
    const moved = state.others.find((entry) => entry.id === 4);
    expect(moved?.dispatcher_bids).toEqual(bids);
    expect(moved?.dispatcher_bids_count).toBe(2);
  });

  it('places the newest id at the front and the oldest at the end', () => {
    const before = boardListReducer(loaded([load(5), load(3)]), { type: 'received', load: load(1) });
    const oldest = boardListReducer(before, {
      type: 'dispatcher_bid',
      loadId: 1,
      dispatcherBids: bids,
      count: 1,
    });
    expect(ids(oldest.others)).toEqual([5, 3, 1]);
    const shuffled = loaded([load(3), load(1), load(5)]);
    const newest = boardListReducer(shuffled, {
      type: 'dispatcher_bid',
      loadId: 5,
      dispatcherBids: bids,
      count: 1,
    });
    expect(ids(newest.others)).toEqual([5, 3, 1]);
  });

  it('leaves a load with pending driver bids where it is, with its bids brought up to date', () => {
    const before = loaded([withDriverBid(2), withDriverBid(6), load(9)]);
    const state = boardListReducer(before, {
      type: 'dispatcher_bid',
      loadId: 2,
      dispatcherBids: bids,
      count: 2,
    });
    expect(ids(state.pending)).toEqual([2, 6]);
    expect(ids(state.others)).toEqual([9]);
    expect(state.pending[0]?.dispatcher_bids_count).toBe(2);
  });

  it('changes nothing for a load the list does not hold', () => {
    const before = loaded([load(9)]);
    expect(
      boardListReducer(before, { type: 'dispatcher_bid', loadId: 1, dispatcherBids: bids, count: 2 }),
    ).toBe(before);
  });
});

describe('a rejected bid does the same reordering', () => {
  it('stores the remaining bids and count and repositions the load by id, newest first', () => {
    const before = boardListReducer(loaded([load(9), load(3)], 2), { type: 'received', load: load(6) });
    const state = boardListReducer(before, {
      type: 'reject_bid',
      loadId: 6,
      dispatcherBids: [{ id: 40 }],
      count: 1,
    });
    expect(ids(state.others)).toEqual([9, 6, 3]);
    expect(state.others[1]?.dispatcher_bids).toEqual([{ id: 40 }]);
    expect(state.others[1]?.dispatcher_bids_count).toBe(1);
  });
});

describe('loads can be marked already seen', () => {
  it('marks the loads named, in either section, and no others', () => {
    const state = boardListReducer(loaded([withDriverBid(2), load(9), load(8)]), {
      type: 'seen',
      ids: [2, 8],
    });
    expect(state.pending[0]?.already_saw).toBe(true);
    expect(state.others.map((entry) => entry.already_saw)).toEqual([false, true]);
  });
});

describe('the list is capped at about 100 entries', () => {
  it('is 100, one board page', () => {
    expect(BOARD_LIST_CAP).toBe(100);
    expect(BOARD_PAGE_LIMIT).toBe(100);
  });

  it('drops the oldest of the other loads when a new load comes to a full list', () => {
    const full = loaded(
      Array.from({ length: 100 }, (_, index) => load(200 - index)),
      500,
    );
    const state = boardListReducer(full, { type: 'received', load: load(300) });
    expect(boardListLoads(state)).toHaveLength(100);
    expect(state.others[0]?.id).toBe(300);
    expect(state.others.at(-1)?.id).toBe(102);
    expect(state.count).toBe(501);
  });

  it('keeps the pending section when it has to drop loads', () => {
    const full = loaded([withDriverBid(1), ...Array.from({ length: 99 }, (_, index) => load(200 - index))]);
    const state = boardListReducer(full, { type: 'received', load: withDriverBid(400) });
    expect(ids(state.pending)).toEqual([400, 1]);
    expect(boardListLoads(state)).toHaveLength(100);
  });

  it('keeps only 100 of a longer answer', () => {
    const state = loaded(
      Array.from({ length: 130 }, (_, index) => load(index + 1)),
      130,
    );
    expect(boardListLoads(state)).toHaveLength(100);
    expect(state.count).toBe(130);
  });
});

describe('page count is the load count divided by the limit, rounded up', () => {
  it.each([
    [0, 100, 0],
    [1, 100, 1],
    [100, 100, 1],
    [101, 100, 2],
    [250, 100, 3],
    [26, 25, 2],
  ])('%i loads at %i a page: %i pages', (count, limit, pages) => {
    expect(boardPageCount(count, limit)).toBe(pages);
  });

  it('uses the board page size of 100 by default', () => expect(boardPageCount(201)).toBe(3));
});
