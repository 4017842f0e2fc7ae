import { useEffect, useRef, useState } from 'react';
import { boardListLoads, boardListReducer, emptyBoardList } from '@app/domain/loadboard/board-list.rules';
import type { BoardListAction, BoardListState } from '@app/domain/loadboard/board-list.rules';
import type { BoardFilters } from '@app/domain/loadboard/board-templates.rules';
import { boardDispatcherBidSchema, boardLoadSchema } from '@app/domain/loadboard/loadboard.schema';
import type { BoardLoad, LoadboardResponse } from '@app/domain/loadboard/loadboard.schema';
import type { QueryParams } from '@/lib/http-client';
import { useSocketEvent } from '@/lib/socket-provider';
import { checkLoadOnBoard, useLoadboard } from '../api/loadboard-list';
import { useMarkSeen } from '../api/mark-seen';
import { playNewLoadSound } from './board-sound';
import type { BoardScope } from './board-storage';
import { liveLoadVerdict } from './board-query';

// The board's list on screen: the page the server answered, then every live change applied by the domain's
// reducer (board-list.rules.ts) as the socket tells it. A load posted live joins only when it matches the
// filters (checked here, or asked of the server for the filters only it can apply), slides in, and plays
// the sound when the user's flag is on. Only the first page takes new loads: they are the newest.

type Board = { data: LoadboardResponse | undefined; list: BoardListState<BoardLoad> };

/** How long a live load is marked new (its slide-in and highlight). */
export const NEW_LOAD_MARK_MS = 4000;

type Options = {
  query: QueryParams;
  page: number;
  filters: BoardFilters;
  scope: BoardScope;
  soundOn: boolean;
};

export function useBoardList({ query, page, filters, scope, soundOn }: Options) {
  const answer = useLoadboard(query);
  const [board, setBoard] = useState<Board>({ data: undefined, list: emptyBoardList() });
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const markSeenCall = useMarkSeen();

  // A new answer of the server replaces the list (set while rendering, so no frame shows the old one).
  if (answer.data !== board.data) {
    setBoard({
      data: answer.data,
      list: answer.data
        ? boardListReducer(emptyBoardList<BoardLoad>(), { type: 'loaded', ...answer.data })
        : emptyBoardList(),
    });
  }

  // What the socket handlers read: the list and filters as last rendered.
  const latest = useRef({ board, filters, scope, soundOn, page, query });
  useEffect(() => {
    latest.current = { board, filters, scope, soundOn, page, query };
  });

  const apply = (action: BoardListAction<BoardLoad>) =>
    setBoard((current) => ({ ...current, list: boardListReducer(current.list, action) }));

  const markFresh = (id: number) => {
    setFresh((ids) => new Set(ids).add(id));
    setTimeout(() => {
      setFresh((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }, NEW_LOAD_MARK_MS);
  };

  const isListed = (id: number) => boardListLoads(latest.current.board.list).some((load) => load.id === id);

  const place = (load: BoardLoad) => {
    const known = boardListLoads(latest.current.board.list).find((entry) => entry.id === load.id);
    // The event goes to every board user: a seen mark the user made stays.
    const incoming = known?.already_saw ? { ...load, already_saw: true } : load;
    if (!known && latest.current.page !== 1) return;
    apply({ type: 'received', load: incoming });
    if (!known) {
      markFresh(load.id);
      if (latest.current.soundOn) playNewLoadSound();
    }
  };

  /** Asks the server whether the load is on this board (filters only it can apply, or a partial event). */
  const askServer = (id: number) => {
    const currentQuery = latest.current.query;
    void checkLoadOnBoard(currentQuery, id)
      .then((checked) => {
        // The filters changed meanwhile: the new page's answer decides.
        if (latest.current.query !== currentQuery) return;
        if (checked) place(checked);
        else apply({ type: 'removed', id });
      })
      .catch(() => undefined);
  };

  const receive = (raw: { id: number; board_status?: unknown }) => {
    const parsed = boardLoadSchema.safeParse(raw);
    if (!parsed.success) {
      // A load told by its id alone: one that left the board (deleted: withdrawn) goes; another is asked.
      if (raw.board_status !== undefined && raw.board_status !== 'posted')
        apply({ type: 'removed', id: raw.id });
      else askServer(raw.id);
      return;
    }
    const load = parsed.data;
    const verdict = liveLoadVerdict(load, latest.current.filters, latest.current.scope);
    if (verdict === 'out') apply({ type: 'removed', id: load.id });
    else if (verdict === 'in') place(load);
    else askServer(load.id);
  };

  useSocketEvent('update_loadboard', (data) => receive(data.load));
  useSocketEvent('driver_bid', (data) => receive(data.load));
  const bidsChanged = (
    type: 'dispatcher_bid' | 'reject_bid',
    data: { load_id: number; dispatcher_bids: unknown; dispatcher_bids_count: number },
  ) => {
    const bids = boardDispatcherBidSchema.array().safeParse(data.dispatcher_bids);
    if (!bids.success || !isListed(data.load_id)) return;
    apply({ type, loadId: data.load_id, dispatcherBids: bids.data, count: data.dispatcher_bids_count });
  };
  useSocketEvent('dispatcher_bid', (data) => bidsChanged('dispatcher_bid', data));
  useSocketEvent('reject_bid', (data) => bidsChanged('reject_bid', data));

  /** Marks loads seen at once; the server keeps the mark for this user. */
  const markSeen = (ids: readonly number[]) => {
    const unseen = ids.filter((id) =>
      boardListLoads(latest.current.board.list).some((load) => load.id === id && !load.already_saw),
    );
    if (unseen.length === 0) return;
    apply({ type: 'seen', ids: unseen });
    markSeenCall.mutate(unseen);
  };

  return { answer, list: board.list, fresh, markSeen };
}
