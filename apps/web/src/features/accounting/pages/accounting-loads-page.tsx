import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { IncomeType } from '@app/domain/accounting/income.schema';
import {
  ListEmptyState,
  ListPanel,
  ListTitle,
  listPager,
  useListLayout,
  useListState,
} from '@/components/lists/list-page';
import { ListToolsSlot } from '@/components/accounting-extras/accounting-extras';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
import { WeekPicker } from '@/components/week-picker/week-picker';
import { useAccountingLoads, useQuickPayCount, type AccountingLoadsKind } from '../api/accounting-lists';
import { accountingLoadPath, worksIncome } from '../components/accounting-access';
import { AccountingFiltersBar } from '../components/accounting-filters-bar';
import {
  ACCOUNTING_LIST_LIMITS,
  accountingListQuery,
  EMPTY_ACCOUNTING_FILTERS,
  hasAnyFilter,
  readAccountingListState,
  saveAccountingListState,
} from '../components/accounting-list-state';
import { AccountingLoadsTable } from '../components/accounting-loads-table';
import { BulkStatusBar, toggledSelection } from '../components/bulk-status-bar';
import { TotalsBar } from '../components/totals-bar';

/** /accounting/income/{type}: the tabs between the three income lists, quick pay with its count. */
export const INCOME_PATHS: Record<IncomeType, string> = {
  active: '/accounting/income/active/',
  completed: '/accounting/income/completed/',
  'quick-pay': '/accounting/income/quick-pay/',
};

function IncomeTabs({ type }: { type: IncomeType }) {
  const { t } = useTranslation();
  const quickPay = useQuickPayCount(true);
  return (
    <Tabs value={type} aria-label={t('accounting.income.tabs')} sx={{ minHeight: 36 }}>
      {(['active', 'completed', 'quick-pay'] as const).map((tab) => (
        <Tab
          key={tab}
          value={tab}
          component={RouterLink}
          to={INCOME_PATHS[tab]}
          sx={{ minHeight: 36, py: 0.5 }}
          label={
            tab === 'quick-pay'
              ? t('accounting.income.quickPayTab', { count: quickPay })
              : t(`accounting.income.${tab}`)
          }
        />
      ))}
    </Tabs>
  );
}

/**
 * /accounting/loads (the list of loads, role 7's start page) and /accounting/income/{active, completed,
 * quick-pay}/: the loads of accounting with their saved filter set, the week picker, the totals of all that
 * the filters match, and, for who works income, ticks for a bulk change of the broker payments' status.
 */
export function AccountingLoadsPage({ kind }: { kind: AccountingLoadsKind }) {
  // Each list keeps its own state; switching lists starts from that list's saved set.
  return <AccountingLoadsView key={kind} kind={kind} />;
}

function AccountingLoadsView({ kind }: { kind: AccountingLoadsKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { wide } = useListLayout();
  const listState = useListState(
    () => readAccountingListState(kind),
    (next) => saveAccountingListState(kind, next),
  );
  const { state, page, change, reset, resetKey } = listState;
  const query = accountingListQuery(state.filters, page, state.limit);
  const loads = useAccountingLoads(kind, query);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const canChange = worksIncome(user);
  const clear = () => reset({ ...state, filters: EMPTY_ACCOUNTING_FILTERS, labels: {} });
  const title = t(`accounting.lists.${kind}`);
  const week =
    state.filters.week !== null && state.filters.year !== null
      ? { week: state.filters.week, year: state.filters.year }
      : null;
  const totals = loads.data?.totals;

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <AccountingFiltersBar
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
      {kind !== 'lol' && <IncomeTabs type={kind} />}
      <ListPanel
        query={loads}
        title={title}
        countLabel={t('accounting.list.count')}
        easternTime
        header={
          selected.size > 0 ? (
            <BulkStatusBar ids={[...selected]} onDone={() => setSelected(new Set())} />
          ) : (
            <>
              <ListTitle title={title} count={loads.data?.count} countLabel={t('accounting.list.count')} />
              <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <WeekPicker
                  value={week}
                  onChange={(next) =>
                    change({
                      ...state,
                      filters: { ...state.filters, week: next?.week ?? null, year: next?.year ?? null },
                    })
                  }
                />
                <ListToolsSlot
                  list={kind === 'lol' ? 'lol' : 'income'}
                  filters={kind === 'lol' ? query : { ...query, type: kind }}
                />
              </Box>
            </>
          )
        }
        empty={
          <ListEmptyState
            filtered={hasAnyFilter(state.filters)}
            noMatchesTitle={t('accounting.list.noMatches')}
            noMatchesHint={t('accounting.list.noMatchesHint')}
            onClear={clear}
            icon={<ReceiptLongOutlined />}
            emptyTitle={t(`accounting.list.empty.${kind}`)}
            emptyHint={t('accounting.list.emptyHint')}
          />
        }
        pager={listPager(listState, ACCOUNTING_LIST_LIMITS)}
      >
        {(data) => (
          <>
            {totals && (
              <TotalsBar
                totals={[
                  { key: 'broker', label: t('accounting.totals.brokerPrice'), amount: totals.broker_price },
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
                  { key: 'driver', label: t('accounting.totals.driverPrice'), amount: totals.driver_price },
                ]}
              />
            )}
            <AccountingLoadsTable
              loads={data.results}
              label={title}
              onOpen={(load) => void navigate(accountingLoadPath(user, load))}
              selection={
                canChange
                  ? {
                      ids: selected,
                      onToggle: (ids, checked) => setSelected(toggledSelection(selected, ids, checked)),
                    }
                  : undefined
              }
            />
          </>
        )}
      </ListPanel>
    </PageFrame>
  );
}
