import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { Link as RouterLink } from 'react-router';
import {
  ListEmptyState,
  ListPanel,
  listPager,
  useListLayout,
  useListState,
} from '@/components/lists/list-page';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
import { usePropositionList } from '../api/proposition-list';
import type { PropositionList } from '../api/proposition-list';
import { bidPagePath } from '../components/bid-display';
import { BidListFiltersBar } from '../components/bid-list-filters';
import {
  BID_LIST_LIMITS,
  bidListQuery,
  EMPTY_BID_FILTERS,
  hasAnyBidFilter,
  readBidListState,
  saveBidListState,
} from '../components/bid-list-state';
import type { BidList } from '../components/bid-list-state';
import { BidsCardList, BidsTable } from '../components/bids-table';

/** The bids pages' paths, in the order of their tabs. */
export const BID_LIST_PATHS: Record<BidList, string> = {
  active: '/bids/active',
  completed: '/bids/completed',
  history: '/bids/history',
  unit: '/bids/unit',
};

/** The tabs that move between the four bids pages. */
export function BidListTabs({ list }: { list: BidList }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={list}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('bids.tabs.label')}
      sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5 } }}
    >
      {(Object.keys(BID_LIST_PATHS) as BidList[]).map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={t(`bids.tabs.${tab}`)}
          component={RouterLink}
          to={BID_LIST_PATHS[tab]}
        />
      ))}
    </Tabs>
  );
}

/** /bids/{active|completed|history}: the dispatchers' bids to brokers with the list's saved filters. */
export function BidListPage({ list }: { list: PropositionList }) {
  // Each list keeps its own state; switching lists starts from that list's saved set.
  return <BidListView key={list} list={list} />;
}

function BidListView({ list }: { list: PropositionList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { phone, wide } = useListLayout();
  const user = useCurrentUser();
  const listState = useListState(
    () => readBidListState(list, user),
    (next) => saveBidListState(list, next),
  );
  const { state, page, change, reset, resetKey } = listState;
  const bids = usePropositionList(list, bidListQuery(state.filters, page, state.limit));
  const clear = () => reset({ ...state, filters: EMPTY_BID_FILTERS, labels: {} });
  const tableLabel = t(`bids.list.title.${list}`);

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <BidListTabs list={list} />
          <BidListFiltersBar
            key={resetKey}
            list={list}
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
        query={bids}
        title={tableLabel}
        countLabel={t('bids.list.count')}
        easternTime
        empty={
          <ListEmptyState
            filtered={hasAnyBidFilter(state.filters)}
            noMatchesTitle={t('bids.list.noMatches')}
            noMatchesHint={t('bids.list.noMatchesHint')}
            onClear={clear}
            icon={<GavelOutlined />}
            emptyTitle={t(`bids.list.empty.${list}`)}
            emptyHint={t('bids.list.emptyHint')}
          />
        }
        pager={listPager(listState, BID_LIST_LIMITS)}
      >
        {(data) =>
          phone ? (
            <BidsCardList
              bids={data.results}
              label={tableLabel}
              onOpen={(bid) => void navigate(bidPagePath(bid))}
            />
          ) : (
            <BidsTable
              bids={data.results}
              label={tableLabel}
              onOpen={(bid) => void navigate(bidPagePath(bid))}
            />
          )
        }
      </ListPanel>
    </PageFrame>
  );
}
