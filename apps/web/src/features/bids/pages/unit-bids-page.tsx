import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import {
  ListEmptyState,
  ListPanel,
  listPager,
  useListLayout,
  useListState,
} from '@/components/lists/list-page';
import { PageFrame } from '@/components/page-frame';
import { useDriverBidHistory } from '../api/driver-bid-history';
import { BidListFiltersBar } from '../components/bid-list-filters';
import {
  BID_LIST_LIMITS,
  EMPTY_BID_FILTERS,
  hasAnyBidFilter,
  readBidListState,
  saveBidListState,
  unitBidListQuery,
} from '../components/bid-list-state';
import { UnitBidsCardList, UnitBidsTable } from '../components/unit-bids-table';
import { BidListTabs } from './bid-list-page';

/** /bids/unit: the bids drivers and owners placed from their phone page, with the list's saved filters. */
export function UnitBidsPage() {
  const { t } = useTranslation();
  const { phone, wide } = useListLayout();
  const listState = useListState(
    () => readBidListState('unit'),
    (next) => saveBidListState('unit', next),
  );
  const { state, page, change, reset, resetKey } = listState;
  const bids = useDriverBidHistory(unitBidListQuery(state.filters, page, state.limit));
  const clear = () => reset({ ...state, filters: EMPTY_BID_FILTERS, labels: {} });
  const tableLabel = t('bids.list.title.unit');

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <BidListTabs list="unit" />
          <BidListFiltersBar
            key={resetKey}
            list="unit"
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
            icon={<PhoneIphoneOutlined />}
            emptyTitle={t('bids.list.empty.unit')}
            emptyHint={t('bids.list.unitEmptyHint')}
          />
        }
        pager={listPager(listState, BID_LIST_LIMITS)}
      >
        {(data) =>
          phone ? (
            <UnitBidsCardList bids={data.results} label={tableLabel} />
          ) : (
            <UnitBidsTable bids={data.results} label={tableLabel} />
          )
        }
      </ListPanel>
    </PageFrame>
  );
}
