import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import {
  ListEmptyState,
  ListPanel,
  listPager,
  useListLayout,
  useListState,
} from '@/components/lists/list-page';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
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
import { LoadsCardList, LoadsTable, loadPagePath } from '../components/loads-table';

/** /my-loads/{active|checkout|completed|canceled}/: one list of loads with its saved filters. */
export function LoadListPage({ list }: { list: LoadList }) {
  // Each list keeps its own state; switching lists starts from that list's saved set.
  return <LoadListView key={list} list={list} />;
}

function LoadListView({ list }: { list: LoadList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { phone, wide } = useListLayout();
  const user = useCurrentUser();
  const listState = useListState(
    () => readLoadListState(list, user),
    (next) => saveLoadListState(list, next),
  );
  const { state, page, change, reset, resetKey } = listState;
  const loads = useLoadList(list, loadListQuery(state.filters, page, state.limit));
  const clear = () => reset({ ...state, filters: EMPTY_FILTERS, labels: {} });
  const tableLabel = t(`loads.list.title.${list}`);

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <LoadListFiltersBar
            key={resetKey}
            filters={state.filters}
            labels={state.labels}
            defaultOpen={wide}
            onChange={(filters, labels) => change({ ...state, filters, labels })}
            onClear={clear}
          />
        </Box>
      }
    >
      <ListPanel
        query={loads}
        title={tableLabel}
        countLabel={t('loads.list.count')}
        easternTime
        empty={
          <ListEmptyState
            filtered={hasAnyFilter(state.filters)}
            noMatchesTitle={t('loads.list.noMatches')}
            noMatchesHint={t('loads.list.noMatchesHint')}
            onClear={clear}
            icon={<LocalShippingOutlined />}
            emptyTitle={t(`loads.list.empty.${list}`)}
            emptyHint={t('loads.list.emptyHint')}
          />
        }
        pager={listPager(listState, LOAD_LIST_LIMITS)}
      >
        {(data) =>
          phone ? (
            <LoadsCardList
              list={list}
              loads={data.results}
              label={tableLabel}
              search={state.filters.search}
            />
          ) : (
            <LoadsTable
              list={list}
              loads={data.results}
              label={tableLabel}
              search={state.filters.search}
              onOpen={(load) => void navigate(loadPagePath(list, load.id))}
            />
          )
        }
      </ListPanel>
    </PageFrame>
  );
}
