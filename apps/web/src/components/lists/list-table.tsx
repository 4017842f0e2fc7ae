import type { KeyboardEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TableRowProps } from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

// The table of a list page on a wide screen and its card list on a phone: a compact table that scrolls
// sideways when narrow, rows that open their record by mouse or keyboard, and one card per record.

/** The focus ring of a row or a card reached by the keyboard. */
export const FOCUS_RING_SX = {
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/** A row that opens its record: a pointer, the focus ring and cells aligned at the top. */
export const OPENABLE_ROW_SX = {
  cursor: 'pointer',
  ...FOCUS_RING_SX,
  '& td': { verticalAlign: 'top' },
} as const;

/**
 * The keyboard of a row that opens its record: Enter or Space opens it (not when a control inside the row
 * has the focus); the arrow keys, Home and End move between rows.
 */
export function onOpenableRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, onOpen: () => void) {
  const row = event.currentTarget;
  const rows = Array.from(row.parentElement?.children ?? []) as HTMLElement[];
  const index = rows.indexOf(row);
  let target: HTMLElement | undefined;
  switch (event.key) {
    case 'Enter':
    case ' ':
      if (event.target !== row) return;
      event.preventDefault();
      onOpen();
      return;
    case 'ArrowDown':
      target = rows[index + 1];
      break;
    case 'ArrowUp':
      target = rows[index - 1];
      break;
    case 'Home':
      target = rows[0];
      break;
    case 'End':
      target = rows[rows.length - 1];
      break;
    default:
      return;
  }
  event.preventDefault();
  target?.focus();
}

/** A style object: not the array or function forms of `sx`, so that it can add to a look of the kit's. */
type StyleObject = Exclude<SxProps<Theme>, readonly unknown[] | ((theme: Theme) => unknown)>;

type OpenableRowProps = Omit<TableRowProps, 'hover' | 'tabIndex' | 'onClick' | 'onKeyDown' | 'sx'> & {
  onOpen: () => void;
  /** Adds to the row's look (a row that stands out). */
  sx?: StyleObject;
};

/**
 * A table row that opens its record on click, Enter or Space, and moves to the other rows by the arrow
 * keys, Home and End.
 */
export function OpenableRow({ onOpen, sx, children, ...rowProps }: OpenableRowProps) {
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={() => onOpen()}
      onKeyDown={(event) => onOpenableRowKeyDown(event, onOpen)}
      sx={{ ...OPENABLE_ROW_SX, ...sx }}
      {...rowProps}
    >
      {children}
    </TableRow>
  );
}

/** A card of a phone's list that opens its record: a pointer, the hover shade and the focus ring. */
export const OPENABLE_CARD_SX = {
  cursor: 'pointer',
  '&:hover': { bgcolor: 'action.hover' },
  ...FOCUS_RING_SX,
} as const;

/** The keyboard of a card that opens its record (a button): Enter or Space opens it. */
export function onOpenableCardKeyDown(event: KeyboardEvent<HTMLElement>, onOpen: () => void) {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  onOpen();
}

type ListTableProps = {
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The padding after the last column (spacing units): less when it holds icon buttons. */
  endPadding?: number;
  /** The header cells. */
  columns: ReactNode;
  /** The rows. */
  children: ReactNode;
};

export function ListTable({ label, minWidth, endPadding = 2, columns, children }: ListTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        aria-label={label}
        sx={{
          minWidth,
          '& th, & td': { px: 1 },
          '& th': { whiteSpace: 'nowrap' },
          '& th:first-of-type, & td:first-of-type': { pl: 2 },
          '& th:last-of-type, & td:last-of-type': { pr: endPadding },
        }}
      >
        <TableHead>
          <TableRow>{columns}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** Read by screen readers, not shown. */
export const VISUALLY_HIDDEN_SX = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The header of the last column, which holds each row's menu: named for screen readers, not shown. */
export function ActionsColumnHeader({ label }: { label: string }) {
  return (
    <TableCell align="right">
      <Box component="span" sx={VISUALLY_HIDDEN_SX}>
        {label}
      </Box>
    </TableCell>
  );
}

/** The records on a phone: a plain list of cards, each its own item. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}
