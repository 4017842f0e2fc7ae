import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';

// The board's two sections, as the table and the cards show them: loads with pending driver bids first
// (titled only when there are some, with the others then titled too), then all other loads.

export type BoardSectionsProps = {
  pending: readonly BoardLoad[];
  others: readonly BoardLoad[];
  /** Loads that just arrived live: they slide in, lit. */
  fresh: ReadonlySet<number>;
  /** The load open in the detail. */
  selectedId: number | null;
  now: number;
  label: string;
  onOpen: (load: BoardLoad) => void;
  onSeen: (load: BoardLoad) => void;
};

type Section = { key: 'pending' | 'others'; title: string | null; loads: readonly BoardLoad[] };

export function boardSections({
  pending,
  others,
}: Pick<BoardSectionsProps, 'pending' | 'others'>): Section[] {
  if (pending.length === 0) return [{ key: 'others', title: null, loads: others }];
  const sections: Section[] = [{ key: 'pending', title: 'loadboard.sections.pending', loads: pending }];
  if (others.length > 0) sections.push({ key: 'others', title: 'loadboard.sections.others', loads: others });
  return sections;
}
