import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

// A map page's layout: the map, and beside it (under it on a phone) the list of what the map shows. A row
// and its marker go together: pointing at a row marks its marker, and a marker chosen on the map brings its
// row into view.

/** The map's part of the page: the remaining width beside the list, a fixed height on a phone. */
export function MapPane({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ flex: { xs: 'none', md: 1 }, minWidth: 0, height: { xs: 360, md: 'auto' } }}>{children}</Box>
  );
}

type MapSidePanelProps = {
  /** The panel's width beside the map on a wide screen. */
  width: number;
  /** The header: a title, and what the list is of or a search of it. */
  header: ReactNode;
  /** The header lays out several lines with room between them. */
  stackedHeader?: boolean;
  /** A newer answer is fetched while the last one is shown. */
  fetching: boolean;
  fetchingLabel: string;
  /** The list or its state; it scrolls within the panel. */
  children: ReactNode;
};

export function MapSidePanel({
  width,
  header,
  stackedHeader,
  fetching,
  fetchingLabel,
  children,
}: MapSidePanelProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        width: { md: width },
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          ...(stackedHeader && { display: 'flex', flexDirection: 'column', gap: 1 }),
        }}
      >
        {header}
      </Box>
      {fetching && <LinearProgress sx={{ height: 2 }} aria-label={fetchingLabel} />}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>{children}</Box>
    </Paper>
  );
}

/** The title of a side panel. */
export function MapSideTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h2">
      {children}
    </Typography>
  );
}

/** What a list beside a map takes besides its rows: the row marked, opening a row and pointing at one. */
export type MapSideListProps = {
  /** The record opened or pointed at, here or on the map. */
  selectedId: number | null;
  onOpen: (id: number) => void;
  onPoint: (id: number | null) => void;
  label: string;
};

/** The ref for the selected row: a marker chosen on the map brings its row into view. */
export function useSelectedRowRef<Row extends HTMLElement>(selectedId: number | null) {
  const selectedRow = useRef<Row | null>(null);
  useEffect(() => {
    selectedRow.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);
  return selectedRow;
}

/** The rows drawn at first: more than a tall window shows. */
export const FIRST_ROWS = 20;
/** The rows added each time the end of the drawn ones comes near. */
const MORE_ROWS = 80;

/**
 * The rows beside a map. A map can show hundreds of trucks, and drawing hundreds of rows at once keeps the
 * page (and the map waiting for it) busy for a second or more on a laptop: the first rows are drawn with
 * the map, and more as the list is scrolled (or tabbed) to their end, or when a marker chosen on the map
 * is further down. Only the rows drawn are made (renderRow), not the hundreds behind them.
 */
export function MapSideList({
  label,
  onPoint,
  selectedIndex = -1,
  rowCount,
  renderRow,
}: {
  label: string;
  /** Leaving the list unmarks the marker pointed at. */
  onPoint: (id: number | null) => void;
  /** The row of the record marked on the map (-1: none): it is drawn, however far down. */
  selectedIndex?: number;
  rowCount: number;
  /** The row of a record, by its index (keyed). */
  renderRow: (index: number) => ReactNode;
}) {
  const [revealed, setRevealed] = useState(FIRST_ROWS);
  // A browser that cannot tell where the list is scrolled draws it whole.
  const canWatch = typeof IntersectionObserver !== 'undefined';
  const shown = canWatch ? Math.min(rowCount, Math.max(revealed, selectedIndex + 1)) : rowCount;
  const more = shown < rowCount;
  const end = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    const marker = end.current;
    if (!more || !marker) return;
    // Observed anew after each growth: the first report says whether the end is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setRevealed(shown + MORE_ROWS);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [more, shown]);
  return (
    <List dense disablePadding aria-label={label} onMouseLeave={() => onPoint(null)}>
      {Array.from({ length: shown }, (_, index) => renderRow(index))}
      {more && <li ref={end} aria-hidden style={{ height: 1 }} />}
    </List>
  );
}

/** The sx of a row's button: room for two columns, the text and the figures. */
export const MAP_ROW_SX = { alignItems: 'flex-start', gap: 1.5, py: 1 } as const;

type MapRowTextProps = {
  /** The colour of the record's marker. */
  color: string;
  title: string;
  /** Beside the title, smaller. */
  caption: ReactNode;
  /** The lines under the title. */
  children: ReactNode;
};

/** A row's text: the marker's colour, the title and its caption, then the lines about the record. */
export function MapRowText({ color, title, caption, children }: MapRowTextProps) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
        <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: color }} />
        <Typography variant="subtitle2" noWrap sx={{ flexShrink: 0 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap>
          {caption}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/** A row's person line, or a quiet note when there is none. */
export function MapRowPerson({ name, none }: { name: string | undefined; none: string }) {
  return (
    <Typography variant="body2" noWrap>
      {name ?? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {none}
        </Box>
      )}
    </Typography>
  );
}

/** A smaller line of a row, cut with an ellipsis when too long. */
export function MapRowLine({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div" noWrap>
      {children}
    </Typography>
  );
}

type MapRowFiguresProps = {
  /** The distance, in the larger type. */
  distance: ReactNode;
  /** The arrival time and what it assumes (a tooltip). */
  eta: ReactNode;
  etaHint: string;
  /** Marks an arrival after the appointment. */
  late?: boolean;
  /** Under the arrival time. */
  children?: ReactNode;
};

/** A row's figures at its right: the distance and the arrival time. */
export function MapRowFigures({ distance, eta, etaHint, late, children }: MapRowFiguresProps) {
  return (
    <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
      {distance !== null && (
        <Typography variant="subtitle2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {distance}
        </Typography>
      )}
      {eta !== null && (
        <Tooltip title={etaHint} placement="left">
          <Typography
            variant="caption"
            component="div"
            sx={{
              fontVariantNumeric: 'tabular-nums',
              color: late ? 'error.main' : 'text.secondary',
              fontWeight: late ? 600 : undefined,
            }}
          >
            {eta}
          </Typography>
        </Tooltip>
      )}
      {children}
    </Box>
  );
}
