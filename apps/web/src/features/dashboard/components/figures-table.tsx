import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SortOrder } from '@app/domain/dashboard/dashboard.schema';
import { ListPagination } from '@/components/lists/list-page';
import { OpenableRow } from '@/components/lists/list-table';

// The ranking tables of the dashboard (dispatchers, drivers, brokers): compact, sorted by the server by
// any figure column (a click on its header; again for the other order), a totals row over every row of the
// period, and a pager. Figures are right-aligned; secondary columns give way on a phone.

export type FiguresColumn<Row, Sort extends string> = {
  key: string;
  label: string;
  /** The server's sort of the column; none for the name column. */
  sort?: Sort;
  render: (row: Row) => ReactNode;
  /** The totals row's cell. */
  total?: ReactNode;
  /** Hidden below the sm breakpoint (a phone), so that the key columns fit. */
  secondary?: boolean;
};

export type FiguresSort<Sort extends string> = { sort: Sort; order: SortOrder };

export const FIGURES_LIMITS = [10, 25, 50] as const;
export type FiguresLimit = (typeof FIGURES_LIMITS)[number];

type FiguresTableProps<Row, Sort extends string> = {
  label: string;
  columns: readonly FiguresColumn<Row, Sort>[];
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  /** The label of the totals row; no totals row without it. */
  totalsLabel?: string;
  sorting: FiguresSort<Sort>;
  onSort: (sorting: FiguresSort<Sort>) => void;
  /** Opens what a row sums up (a broker's history); rows are plain without it. */
  onOpen?: (row: Row) => void;
  count: number;
  page: number;
  limit: FiguresLimit;
  onPage: (page: number) => void;
  onLimit: (limit: FiguresLimit) => void;
};

const hideOnPhone = (secondary: boolean | undefined) =>
  secondary ? { display: { xs: 'none', sm: 'table-cell' } } : undefined;

export function FiguresTable<Row, Sort extends string>({
  label,
  columns,
  rows,
  rowKey,
  totalsLabel,
  sorting,
  onSort,
  onOpen,
  count,
  page,
  limit,
  onPage,
  onLimit,
}: FiguresTableProps<Row, Sort>) {
  const cells = (row: Row) =>
    columns.map((column, index) => (
      <TableCell
        key={column.key}
        align={index === 0 ? 'left' : 'right'}
        sx={{
          ...hideOnPhone(column.secondary),
          ...(index === 0 ? { minWidth: 180 } : { whiteSpace: 'nowrap' }),
        }}
      >
        {column.render(row)}
      </TableCell>
    ));

  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table aria-label={label} sx={{ '& td, & th': { fontVariantNumeric: 'tabular-nums' } }}>
          <TableHead>
            <TableRow>
              {columns.map((column, index) => {
                const active = column.sort !== undefined && column.sort === sorting.sort;
                return (
                  <TableCell
                    key={column.key}
                    align={index === 0 ? 'left' : 'right'}
                    sortDirection={active ? sorting.order : false}
                    sx={{ ...hideOnPhone(column.secondary), whiteSpace: 'nowrap' }}
                  >
                    {column.sort === undefined ? (
                      column.label
                    ) : (
                      <TableSortLabel
                        active={active}
                        direction={active ? sorting.order : 'desc'}
                        onClick={() => {
                          const sort = column.sort as Sort;
                          const order = active && sorting.order === 'desc' ? 'asc' : 'desc';
                          onSort({ sort, order });
                        }}
                      >
                        {column.label}
                      </TableSortLabel>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) =>
              onOpen ? (
                <OpenableRow key={rowKey(row)} onOpen={() => onOpen(row)}>
                  {cells(row)}
                </OpenableRow>
              ) : (
                <TableRow key={rowKey(row)}>{cells(row)}</TableRow>
              ),
            )}
            {totalsLabel && (
              <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
                {columns.map((column, index) => (
                  <TableCell
                    key={column.key}
                    align={index === 0 ? 'left' : 'right'}
                    sx={{ ...hideOnPhone(column.secondary), whiteSpace: 'nowrap' }}
                  >
                    {index === 0 ? totalsLabel : column.total}
                  </TableCell>
                ))}
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {count > FIGURES_LIMITS[0] && (
        <ListPagination
          count={count}
          page={page}
          limit={limit}
          limits={FIGURES_LIMITS}
          onPage={onPage}
          onLimit={onLimit}
        />
      )}
    </>
  );
}
