import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { useLoadList } from '../api/load-list';
import type { LoadList } from '../api/load-query-keys';
import { LoadListFiltersBar } from '../components/load-list-filters';
import {
  EMPTY_FILTERS,
  hasAnyFilter,
  LOAD_LIST_LIMITS,
  loadListQuery,
  readLoadListState,
  saveLoadListState,
} from '../components/load-list-state';
import type { LoadListLimit, LoadListState } from '../components/load-list-state';
import { LoadsCardList, LoadsTable, loadPagePath } from '../components/loads-table';

/** /my-loads/{active|checkout|completed|canceled}/: one list of loads with its saved filters. */
export function LoadListPage({ list }: { list: LoadList }) {
  // Each list keeps its own state; switching lists starts from that list's saved set.
  return <LoadListView key={list} list={list} />;
}

function LoadListView({ list }: { list: LoadList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [state, setState] = useState<LoadListState>(() => readLoadListState(list));
  const [page, setPage] = useState(1);
  const [resetCount, setResetCount] = useState(0);
  const query = loadListQuery(state.filters, page, state.limit);
  const loads = useLoadList(list, query);

  const change = (next: LoadListState) => {
    setState(next);
    setPage(1);
    saveLoadListState(list, next);
  };
  const clear = () => {
    change({ ...state, filters: EMPTY_FILTERS, labels: {} });
    setResetCount((count) => count + 1);
  };
  const filtered = hasAnyFilter(state.filters);
  const tableLabel = t(`loads.list.title.${list}`);

  let body;
  if (loads.isPending) body = <LoadingState />;
  else if (loads.isError) body = <ErrorState error={loads.error} onRetry={() => void loads.refetch()} />;
  else if (loads.data.results.length === 0)
    body = filtered ? (
      <EmptyState
        title={t('loads.list.noMatches')}
        description={t('loads.list.noMatchesHint')}
        action={
          <Button variant="outlined" onClick={clear}>
            {t('loads.list.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<LocalShippingOutlined />}
        title={t(`loads.list.empty.${list}`)}
        description={t('loads.list.emptyHint')}
      />
    );
  else
    body = (
      <>
        {phone ? (
          <LoadsCardList list={list} loads={loads.data.results} label={tableLabel} />
        ) : (
          <LoadsTable
            list={list}
            loads={loads.data.results}
            label={tableLabel}
            onOpen={(load) => void navigate(loadPagePath(list, load.id))}
          />
        )}
        <TablePagination
          component="div"
          count={loads.data.count}
          page={Math.max(0, page - 1)}
          rowsPerPage={state.limit}
          rowsPerPageOptions={[...LOAD_LIST_LIMITS]}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) =>
            change({ ...state, limit: Number(event.target.value) as LoadListLimit })
          }
          labelRowsPerPage={t('loads.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('loads.list.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`loads.list.pageButton.${type}`)}
        />
      </>
    );

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <LoadListFiltersBar
            key={resetCount}
            filters={state.filters}
            labels={state.labels}
            defaultOpen={wide}
            onChange={(filters, labels) => change({ ...state, filters, labels })}
            onClear={clear}
          />
        </Box>
      }
    >
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            gap: 1,
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h2">{tableLabel}</Typography>
          {loads.data && (
            <Typography variant="body2" color="text.secondary" aria-label={t('loads.list.count')}>
              {loads.data.count}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
            {t('shell.easternTimeNote')}
          </Typography>
        </Box>
        {loads.isFetching && !loads.isPending && (
          <LinearProgress
            sx={{ position: 'absolute', left: 0, right: 0, height: 2 }}
            aria-label={t('common.loading')}
          />
        )}
        {body}
      </Paper>
    </PageFrame>
  );
}
