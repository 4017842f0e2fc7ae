import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ListResponse } from '@app/domain/common/pagination';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';

// What every list page (loads, vehicles, drivers, owners, partners) is built from: its state and paging,
// the panel with the list's title, count and a bar while a newer page is fetched, the loading, error and
// empty states, and the pager.

/**
 * A list's filter state and page. A change of the state (a filter, the search, the page size) goes back to
 * the first page and is saved when the list keeps its state; `reset` also remounts the filter bar (its
 * `resetKey`), whose fields keep what was typed until then. `show` puts another state in the filter bar
 * without saving it (a link that opens the list on one record leaves the saved set as it was).
 */
export function useListState<State>(initial: () => State, save?: (state: State) => void) {
  const [state, setState] = useState<State>(initial);
  const [page, setPage] = useState(1);
  const [resetKey, setResetKey] = useState(0);
  const change = (next: State) => {
    setState(next);
    setPage(1);
    save?.(next);
  };
  const show = (next: State) => {
    setState(next);
    setPage(1);
    setResetKey((key) => key + 1);
  };
  const reset = (next: State) => {
    save?.(next);
    show(next);
  };
  return { state, page, setPage, change, reset, show, resetKey };
}

type ListStateWithLimit<State> = Pick<
  ReturnType<typeof useListState<State>>,
  'state' | 'page' | 'setPage' | 'change'
>;

/** The pager of a list whose state (see useListState) holds its page size among `limits`. */
export function listPager<State extends { limit: Limit }, Limit extends number>(
  list: ListStateWithLimit<State>,
  limits: readonly Limit[],
): ListPagerProps<Limit> {
  return {
    page: list.page,
    limit: list.state.limit,
    limits,
    onPage: list.setPage,
    onLimit: (limit) => list.change({ ...list.state, limit }),
  };
}

/** The list's layout for the screen: cards on a phone, the filter panel open at first on a wide screen. */
export function useListLayout() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  return { phone, wide };
}

/** The toolbar of a list page: the search box, its filters and the page's buttons in one wrapping row. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', flex: 1 }}>{children}</Box>
  );
}

type ListAddButtonProps = {
  icon: ReactNode;
  onClick: () => void;
  /** The button's text. */
  children: ReactNode;
};

/** The button of a list page's toolbar that adds a record, at the end of the row. */
export function ListAddButton({ icon, onClick, children }: ListAddButtonProps) {
  return (
    <Button variant="contained" startIcon={icon} onClick={onClick} sx={{ ml: 'auto' }}>
      {children}
    </Button>
  );
}

type ListTitleProps = {
  title: string;
  /** The number of records found, once known. */
  count: number | undefined;
  countLabel: string;
  /** Says that the times shown are Eastern, for lists that show times. */
  easternTime?: boolean;
};

/** The list's title, how many it holds, and the Eastern time note. */
export function ListTitle({ title, count, countLabel, easternTime }: ListTitleProps) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h2">{title}</Typography>
      {count !== undefined && (
        <Typography variant="body2" color="text.secondary" aria-label={countLabel}>
          {count}
        </Typography>
      )}
      {easternTime && (
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {t('shell.easternTimeNote')}
        </Typography>
      )}
    </>
  );
}

/** A thin bar while a newer page of a list already shown is fetched; the rows stay meanwhile. */
export function ListFetchingBar({ show, atTop }: { show: boolean; atTop?: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <LinearProgress
      sx={{ position: 'absolute', left: 0, right: 0, top: atTop ? 0 : undefined, height: 2 }}
      aria-label={t('common.loading')}
    />
  );
}

const HEADER_SX: SxProps<Theme> = {
  display: 'flex',
  alignItems: 'baseline',
  gap: 1,
  px: 2,
  py: 1.25,
  borderBottom: 1,
  borderColor: 'divider',
};

type ListPanelProps<Item, Limit extends number> = {
  query: UseQueryResult<ListResponse<Item>>;
  /** The list's title; the header shows it with the count. */
  title: string;
  countLabel: string;
  /** Says that the times shown are Eastern, for lists that show times. */
  easternTime?: boolean;
  /** Replaces the title row while set (a bar of actions on the selected rows). */
  header?: ReactNode;
  /** Replaces the header row's layout (a header that also holds controls). */
  headerSx?: SxProps<Theme>;
  /** Shown when the list has no rows: no matches for the filters, or nothing yet. */
  empty: ReactNode;
  /** The rows, once a page with rows is there. */
  children: (page: ListResponse<Item>) => ReactNode;
  /** The pager under the rows (see listPager). */
  pager: ListPagerProps<Limit>;
};

/**
 * The outlined panel of a list page: the header with the title and count, a thin bar while a newer page is
 * fetched, then the rows and the pager, or loading, a failure with a retry, or the empty state.
 */
export function ListPanel<Item, Limit extends number>({
  query,
  title,
  countLabel,
  easternTime,
  header,
  headerSx = HEADER_SX,
  empty,
  children,
  pager,
}: ListPanelProps<Item, Limit>) {
  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      <Box sx={headerSx}>
        {header ?? (
          <ListTitle
            title={title}
            count={query.data?.count}
            countLabel={countLabel}
            easternTime={easternTime}
          />
        )}
      </Box>
      <ListFetchingBar show={query.isRefetching} />
      <ListBody query={query} empty={empty}>
        {(data) => (
          <>
            {children(data)}
            <ListPagination count={data.count} {...pager} />
          </>
        )}
      </ListBody>
    </Paper>
  );
}

type ListBodyProps<Item> = Pick<ListPanelProps<Item, number>, 'query' | 'empty' | 'children'>;

/** A list's body: loading, a failure with a retry, the empty state, or the rows. */
export function ListBody<Item>({ query, empty, children }: ListBodyProps<Item>) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.results.length === 0) return empty;
  return children(query.data);
}

/** Why an action on a row was refused, above the list until closed. */
export function ListActionError({ lines, onClose }: { lines: string[] | null; onClose: () => void }) {
  if (!lines) return null;
  return (
    <Alert severity="error" onClose={onClose}>
      {lines.join(' ')}
    </Alert>
  );
}

type ListEmptyStateProps = {
  /** A search or a filter is set: nothing matches them, rather than nothing there yet. */
  filtered: boolean;
  noMatchesTitle: string;
  noMatchesHint: string;
  /** Offers to clear the search and filters when nothing matches (see NoMatchesState). */
  onClear?: () => void;
  icon: ReactNode;
  emptyTitle: string;
  emptyHint: string;
};

/** What a list page shows without rows: no matches for its search and filters, or nothing there yet. */
export function ListEmptyState({
  filtered,
  noMatchesTitle,
  noMatchesHint,
  onClear,
  icon,
  emptyTitle,
  emptyHint,
}: ListEmptyStateProps) {
  return filtered ? (
    <NoMatchesState title={noMatchesTitle} description={noMatchesHint} onClear={onClear} />
  ) : (
    <EmptyState icon={icon} title={emptyTitle} description={emptyHint} />
  );
}

/** No rows match the search and filters; a way to clear them when the page offers one. */
export function NoMatchesState({
  title,
  description,
  onClear,
}: {
  title: string;
  description: string;
  onClear?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        onClear && (
          <Button variant="outlined" onClick={onClear}>
            {t('lists.clearFilters')}
          </Button>
        )
      }
    />
  );
}

type ListPaginationProps<Limit extends number> = {
  count: number;
  /** From 1. */
  page: number;
  limit: Limit;
  limits: readonly Limit[];
  onPage: (page: number) => void;
  onLimit: (limit: Limit) => void;
};

/** What a list page gives its pager; the count comes with each page. */
type ListPagerProps<Limit extends number> = Omit<ListPaginationProps<Limit>, 'count'>;

/** The pager under a list: pages from 1 as the API counts them, and the page size. */
export function ListPagination<Limit extends number>({
  count,
  page,
  limit,
  limits,
  onPage,
  onLimit,
}: ListPaginationProps<Limit>) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.max(0, page - 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={[...limits]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onLimit(Number(event.target.value) as Limit)}
      labelRowsPerPage={t('lists.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: total }) =>
        t('lists.displayedRows', { from, to, count: total })
      }
      getItemAriaLabel={(type) => t(`lists.pageButton.${type}`)}
    />
  );
}

/** A yes / no filter that may be left open: '' for any, or the 'true' / 'false' the API takes. */
export type YesNoFilterValue = '' | 'true' | 'false';

export function YesNoFilter({
  label,
  value,
  onChange,
  minWidth,
}: {
  label: string;
  value: YesNoFilterValue;
  onChange: (value: YesNoFilterValue) => void;
  minWidth: number;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as YesNoFilterValue)}
      sx={{ minWidth }}
    >
      <MenuItem value="">{t('lists.any')}</MenuItem>
      <MenuItem value="true">{t('lists.yes')}</MenuItem>
      <MenuItem value="false">{t('lists.no')}</MenuItem>
    </TextField>
  );
}
