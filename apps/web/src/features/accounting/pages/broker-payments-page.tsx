import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import type { PaymentList } from '@app/domain/accounting/broker-payments.schema';
import {
  ListEmptyState,
  ListPanel,
  ListTitle,
  listPager,
  useListLayout,
  useListState,
} from '@/components/lists/list-page';
import { LIST_LIMITS } from '@/components/lists/saved-list-state';
import { ListToolsSlot } from '@/components/accounting-extras/accounting-extras';
import { PageFrame } from '@/components/page-frame';
import { WeekPicker } from '@/components/week-picker/week-picker';
import { useBrokerPayments } from '../api/broker-payments';
import { incomePagePath } from '../components/accounting-access';
import { BrokerFiltersBar } from '../components/broker-filters-bar';
import {
  brokerListQuery,
  EMPTY_BROKER_FILTERS,
  hasAnyBrokerFilter,
  readBrokerListState,
  saveBrokerListState,
} from '../components/broker-list-state';
import { BrokerPaymentsTable } from '../components/broker-payments-table';
import { BulkStatusBar, toggledSelection } from '../components/bulk-status-bar';
import { TotalsBar } from '../components/totals-bar';
import { BrokerAgeingView } from './broker-ageing-view';

export type BrokersView = PaymentList | 'ageing';

const BROKER_PATHS: Record<BrokersView, string> = {
  active: '/accounting/brokers/active/',
  completed: '/accounting/brokers/completed/',
  ageing: '/accounting/brokers/ageing/',
};

function BrokerTabs({ view }: { view: BrokersView }) {
  const { t } = useTranslation();
  return (
    <Tabs value={view} aria-label={t('accounting.brokers.tabs')} sx={{ minHeight: 36 }}>
      {(['active', 'completed', 'ageing'] as const).map((tab) => (
        <Tab
          key={tab}
          value={tab}
          component={RouterLink}
          to={BROKER_PATHS[tab]}
          label={t(`accounting.brokers.${tab}`)}
          sx={{ minHeight: 36, py: 0.5 }}
        />
      ))}
    </Tabs>
  );
}

/**
 * /accounting/brokers/{active|completed}/ (what brokers owe, one payment per load, with its saved filter
 * set, the week picker, the totals of all listed and a bulk status change) and /accounting/brokers/ageing/
 * (the unpaid invoices of each broker by days past due).
 */
export function BrokerPaymentsPage({ view }: { view: BrokersView }) {
  return view === 'ageing' ? (
    <BrokerAgeingView tabs={<BrokerTabs view="ageing" />} />
  ) : (
    <BrokerPaymentsView key={view} list={view} />
  );
}

function BrokerPaymentsView({ list }: { list: PaymentList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { wide } = useListLayout();
  const listState = useListState(
    () => readBrokerListState(list),
    (next) => saveBrokerListState(list, next),
  );
  const { state, page, change, reset, resetKey } = listState;
  const query = brokerListQuery(state.filters, page, state.limit);
  const payments = useBrokerPayments(list, query);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const clear = () => reset({ ...state, filters: EMPTY_BROKER_FILTERS, labels: {} });
  const title = t(`accounting.lists.brokers.${list}`);
  const { week, year } = state.filters;
  const totals = payments.data?.totals;

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <BrokerFiltersBar
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
      <BrokerTabs view={list} />
      <ListPanel
        query={payments}
        title={title}
        countLabel={t('accounting.list.count')}
        easternTime
        header={
          selected.size > 0 ? (
            <BulkStatusBar ids={[...selected]} onDone={() => setSelected(new Set())} />
          ) : (
            <>
              <ListTitle title={title} count={payments.data?.count} countLabel={t('accounting.list.count')} />
              <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <WeekPicker
                  value={week !== null && year !== null ? { week, year } : null}
                  onChange={(next) =>
                    change({
                      ...state,
                      filters: { ...state.filters, week: next?.week ?? null, year: next?.year ?? null },
                    })
                  }
                />
                <ListToolsSlot
                  list="brokers"
                  filters={{ ...query, list }}
                  week={week !== null && year !== null ? { week, year } : null}
                />
              </Box>
            </>
          )
        }
        empty={
          <ListEmptyState
            filtered={hasAnyBrokerFilter(state.filters)}
            noMatchesTitle={t('accounting.list.noMatches')}
            noMatchesHint={t('accounting.list.noMatchesHint')}
            onClear={clear}
            icon={<RequestQuoteOutlined />}
            emptyTitle={t(`accounting.brokers.empty.${list}`)}
            emptyHint={t('accounting.list.emptyHint')}
          />
        }
        pager={listPager(listState, LIST_LIMITS)}
      >
        {(data) => (
          <>
            {totals && (
              <TotalsBar
                totals={[
                  { key: 'amount', label: t('accounting.totals.brokerPrice'), amount: totals.amount },
                  {
                    key: 'quickpay',
                    label: t('accounting.totals.quickpay'),
                    amount: -totals.quickpay_deduction,
                  },
                  {
                    key: 'income',
                    label: t('accounting.totals.income'),
                    amount: totals.income,
                    strong: true,
                  },
                  { key: 'unpaid', label: t('accounting.totals.unpaid'), amount: totals.unpaid },
                ]}
              />
            )}
            <BrokerPaymentsTable
              payments={data.results}
              label={title}
              onOpen={(payment) => void navigate(incomePagePath(payment.load))}
              selection={{
                ids: selected,
                onToggle: (ids, checked) => setSelected(toggledSelection(selected, ids, checked)),
              }}
            />
          </>
        )}
      </ListPanel>
    </PageFrame>
  );
}
