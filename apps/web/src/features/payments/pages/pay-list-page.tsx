import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { PAYMENTS_ROLES } from '@app/domain/accounting/payments.schema';
import { ROLES } from '@app/domain/common/lookups';
import {
  ListEmptyState,
  ListPanel,
  listPager,
  useListLayout,
  useListState,
} from '@/components/lists/list-page';
import {
  ListToolsSlot,
  PayListToolsSlot,
  PayToolsSlot,
} from '@/components/accounting-extras/accounting-extras';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
import { WeekPicker } from '@/components/week-picker/week-picker';
import { usePayList, type PayListResponse } from '../api/pay-list';
import type { PayList, PayType } from '../api/payments-query-keys';
import { BulkStatusBar } from '../components/bulk-status-bar';
import { PayItemDialog } from '../components/pay-item-dialog';
import { PayListFiltersBar } from '../components/pay-list-filters';
import {
  emptyFilters,
  hasAnyFilter,
  PAY_LIST_LIMITS,
  payListQuery,
  readPayListState,
  savePayListState,
} from '../components/pay-list-state';
import { PaySheetPreview, type PaySheet, type PaySheetActions } from '../components/pay-sheet-preview';
import { PayTable } from '../components/pay-table';
import { PayTermsDialog } from '../components/pay-terms-dialog';

type PayListPageProps = { type: PayType; list: PayList };

const BASE: Record<PayType, string> = { owner: '/accounting/owners', dispatcher: '/accounting/dispatchers' };

/**
 * /accounting/{owners|dispatchers}/{active|completed}/: each person's week of pay with totals, the week picker
 * and the saved filter sets, bulk status changes, and the chosen week's pay sheet beside the list. Active
 * lists the payments not yet Completed (payment status 8), completed those that are.
 */
export function PayListPage(props: PayListPageProps) {
  // Each list keeps its own saved set; switching lists starts from that list's.
  return <PayListView key={`${props.type}-${props.list}`} {...props} />;
}

function PayListView({ type, list }: PayListPageProps) {
  // What other areas add (the app layer fills the slots): the Excel export, the incentive templates, and
  // the pay sheet's PDF and e-mail on an owner's week.
  const sheetActions: PaySheetActions | undefined =
    type === 'owner'
      ? (sheet) => (
          <PayToolsSlot paymentId={sheet.id} ownerEmail={'owner' in sheet ? sheet.owner.email : null} />
        )
      : undefined;
  const { t } = useTranslation();
  const { wide } = useListLayout();
  const user = useCurrentUser();
  const ownPayOnly = user.role === ROLES.dispatcher && !user.is_superuser;
  const canManage =
    user.is_superuser || (PAYMENTS_ROLES.manage as readonly (number | null)[]).includes(user.role);
  const listState = useListState(
    () => readPayListState(type, list),
    (next) => savePayListState(type, list, next),
  );
  const { state, page, change, reset, resetKey } = listState;
  const query = payListQuery(list, state.filters, page, state.limit);
  const pay = usePayList(type, query);
  const [openId, setOpenId] = useState<number | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [itemFor, setItemFor] = useState<PaySheet | null>(null);
  const [termsFor, setTermsFor] = useState<PaySheet | null>(null);
  const title = t(`payments.title.${type}.${list}`);
  const clear = () =>
    reset({ ...state, filters: { ...emptyFilters(), week: state.filters.week }, labels: {} });
  const check = (ids: number[], on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  return (
    <PageFrame
      toolbar={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Tabs value={list} aria-label={t(`payments.tabs.${type}`)}>
              {(['active', 'completed'] as const).map((tab) => (
                <Tab
                  key={tab}
                  value={tab}
                  label={t(`payments.tabs.${tab}`)}
                  component={RouterLink}
                  to={`${BASE[type]}/${tab}/`}
                />
              ))}
            </Tabs>
            <WeekPicker
              value={state.filters.week}
              onChange={(week) => change({ ...state, filters: { ...state.filters, week } })}
            />
            <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
              <ListToolsSlot
                list={type === 'owner' ? 'owners' : 'dispatchers'}
                filters={{ ...query, list }}
              />
              <PayListToolsSlot />
            </Box>
          </Box>
          <PayListFiltersBar
            key={resetKey}
            type={type}
            list={list}
            state={state}
            ownPayOnly={ownPayOnly}
            defaultOpen={wide}
            onChange={(filters, labels) => change({ ...state, filters, labels })}
            onClear={clear}
          />
        </Box>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(340px, 2fr)' },
          alignItems: 'start',
        }}
      >
        <ListPanel
          query={pay}
          title={title}
          countLabel={t('payments.count')}
          header={
            checked.size > 0 && canManage ? (
              <BulkStatusBar type={type} ids={[...checked]} onDone={() => setChecked(new Set())} />
            ) : undefined
          }
          empty={
            <ListEmptyState
              filtered={hasAnyFilter(state.filters)}
              noMatchesTitle={t('payments.empty.noMatches')}
              noMatchesHint={t('payments.empty.noMatchesHint')}
              onClear={clear}
              icon={<PaymentsOutlined />}
              emptyTitle={t(`payments.empty.${list}`)}
              emptyHint={t('payments.empty.hint')}
            />
          }
          pager={listPager(listState, PAY_LIST_LIMITS)}
        >
          {(data) => (
            <PayTable
              type={type}
              label={title}
              rows={data.results}
              totals={(data as PayListResponse).totals}
              count={data.count}
              selectable={canManage}
              checked={checked}
              onCheck={check}
              openId={openId}
              onOpen={(row) => setOpenId(row.id)}
            />
          )}
        </ListPanel>
        <PaySheetPreview
          type={type}
          paymentId={openId}
          canManage={canManage}
          onAddItem={setItemFor}
          onTerms={setTermsFor}
          actions={sheetActions}
        />
      </Box>
      {itemFor && <PayItemDialog sheet={itemFor} onClose={() => setItemFor(null)} />}
      {termsFor?.type === 'dispatcher' && (
        <PayTermsDialog
          person={termsFor.dispatcher}
          terms={termsFor.terms}
          onClose={() => setTermsFor(null)}
        />
      )}
    </PageFrame>
  );
}
