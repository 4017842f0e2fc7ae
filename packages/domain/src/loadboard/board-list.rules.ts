// The load board list as the dispatcher's screen holds it (shell spec, "Load board list"): loads with
// pending driver bids apart from all others, live changes from the socket applied in place, seen marks,
// at most about 100 entries. A pure reducer, so the page, its tests and any other client apply the same
// rules to the same events.

/** Load board page size, page starting at 1 (constants). */
export const BOARD_PAGE_LIMIT = 100;

/** The list is capped at about 100 entries: one page of the board. */
export const BOARD_LIST_CAP = 100;

/** What the list needs of a load; the page keeps the rest of the server's load as it came. */
export type BoardListLoad = {
  id: number;
  pending_driver_bids: readonly unknown[];
  dispatcher_bids: readonly unknown[];
  dispatcher_bids_count: number;
  already_saw: boolean;
};

export type BoardListState<Load extends BoardListLoad> = {
  /** Loads with pending driver bids, shown above the others. */
  pending: Load[];
  /** All other loads. */
  others: Load[];
  /** How many loads match the filters on the server (every page). */
  count: number;
};

export type BoardListAction<Load extends BoardListLoad> =
  /** A page arrived from GET loads/loadboard. */
  | { type: 'loaded'; count: number; results: readonly Load[] }
  /** update_loadboard or driver_bid: a load was posted, changed or bid on by a driver. */
  | { type: 'received'; load: Load }
  /** A load left the board (booked, withdrawn, expired) or no longer matches the filters. */
  | { type: 'removed'; id: number }
  /** dispatcher_bid: a dispatcher bid was set; the load's bid list and count as they are now. */
  | { type: 'dispatcher_bid'; loadId: number; dispatcherBids: Load['dispatcher_bids']; count: number }
  /** reject_bid: a bid was rejected; the load's dispatcher bids as they are now. */
  | { type: 'reject_bid'; loadId: number; dispatcherBids: Load['dispatcher_bids']; count: number }
  /** The user marked these loads seen. */
  | { type: 'seen'; ids: readonly number[] };

export function emptyBoardList<Load extends BoardListLoad>(): BoardListState<Load> {
  return { pending: [], others: [], count: 0 };
}

/** A load with pending driver bids goes to the pending section. */
export function hasPendingDriverBids(load: BoardListLoad): boolean {
  return load.pending_driver_bids.length > 0;
}

/** Page count is the load count divided by the limit, rounded up. */
export function boardPageCount(count: number, limit: number = BOARD_PAGE_LIMIT): number {
  return limit > 0 ? Math.ceil(Math.max(0, count) / limit) : 0;
}

/** Every load of the list in the order shown: the pending section first. */
export function boardListLoads<Load extends BoardListLoad>(state: BoardListState<Load>): Load[] {
  return [...state.pending, ...state.others];
}

/** Newest id first: the order of the other-loads list after a dispatcher bid or a rejection. */
function insertByIdNewestFirst<Load extends BoardListLoad>(list: readonly Load[], load: Load): Load[] {
  const at = list.findIndex((entry) => entry.id < load.id);
  return at === -1 ? [...list, load] : [...list.slice(0, at), load, ...list.slice(at)];
}

/**
 * At most BOARD_LIST_CAP entries: the oldest of the other loads go first (the end of that list), then the
 * end of the pending section, which holds what dispatchers must answer and so is kept longest.
 */
function capped<Load extends BoardListLoad>(
  pending: Load[],
  others: Load[],
): Pick<BoardListState<Load>, 'pending' | 'others'> {
  const room = Math.max(0, BOARD_LIST_CAP - pending.length);
  if (others.length <= room) return { pending, others };
  if (room > 0) return { pending, others: others.slice(0, room) };
  return { pending: pending.slice(0, BOARD_LIST_CAP), others: [] };
}

function withoutLoad<Load extends BoardListLoad>(state: BoardListState<Load>, id: number) {
  return {
    pending: state.pending.filter((entry) => entry.id !== id),
    others: state.others.filter((entry) => entry.id !== id),
  };
}

function findLoad<Load extends BoardListLoad>(state: BoardListState<Load>, id: number): Load | undefined {
  return state.pending.find((entry) => entry.id === id) ?? state.others.find((entry) => entry.id === id);
}

function setBids<Load extends BoardListLoad>(
  state: BoardListState<Load>,
  loadId: number,
  dispatcherBids: Load['dispatcher_bids'],
  count: number,
): BoardListState<Load> {
  const load = findLoad(state, loadId);
  if (!load) return state;
  const changed: Load = { ...load, dispatcher_bids: dispatcherBids, dispatcher_bids_count: count };
  if (hasPendingDriverBids(load)) {
    // The spec repositions only loads with no pending driver bids; a load in the pending section keeps its
    // place there, but shows the bids it now has rather than stale ones.
    return {
      ...state,
      pending: state.pending.map((entry) => (entry.id === loadId ? changed : entry)),
    };
  }
  const others = state.others.filter((entry) => entry.id !== loadId);
  return { ...state, others: insertByIdNewestFirst(others, changed) };
}

export function boardListReducer<Load extends BoardListLoad>(
  state: BoardListState<Load>,
  action: BoardListAction<Load>,
): BoardListState<Load> {
  switch (action.type) {
    case 'loaded': {
      const pending = action.results.filter(hasPendingDriverBids);
      const others = action.results.filter((load) => !hasPendingDriverBids(load));
      return { ...capped(pending, others), count: action.count };
    }
    case 'received': {
      // A received load replaces any entry with the same id and goes to the front of its list.
      const known = findLoad(state, action.load.id) !== undefined;
      const rest = withoutLoad(state, action.load.id);
      const lists = hasPendingDriverBids(action.load)
        ? capped([action.load, ...rest.pending], rest.others)
        : capped(rest.pending, [action.load, ...rest.others]);
      return { ...lists, count: known ? state.count : state.count + 1 };
    }
    case 'removed': {
      if (!findLoad(state, action.id)) return state;
      return { ...withoutLoad(state, action.id), count: Math.max(0, state.count - 1) };
    }
    case 'dispatcher_bid':
    case 'reject_bid':
      // A rejected bid does the same as a dispatcher bid set: the bids stored, the load repositioned.
      return setBids(state, action.loadId, action.dispatcherBids, action.count);
    case 'seen': {
      const ids = new Set(action.ids);
      const mark = (entry: Load): Load =>
        ids.has(entry.id) && !entry.already_saw ? { ...entry, already_saw: true } : entry;
      return { ...state, pending: state.pending.map(mark), others: state.others.map(mark) };
    }
  }
}
