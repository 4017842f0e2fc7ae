import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import { brokerPermissions, type BrokerPermissions } from '@app/domain/brokers/brokers.rules';
import { BROKER_RATINGS } from '@app/domain/common/lookups';
import type { BrokerRatingId } from '@app/domain/common/lookups';
import {
  ListBody,
  ListFetchingBar,
  ListPagination,
  ListTitle,
  ListEmptyState,
  useListLayout,
} from '@/components/lists/list-page';
import { ListSearchField } from '@/components/lists/list-search-field';
import { PageFrame } from '@/components/page-frame';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useBrokerList } from '../api/broker-list';
import type { BrokerListKind } from '../api/broker-query-keys';
import { BlacklistDialog } from '../components/blacklist-form';
import { BrokerActionDialog } from '../components/broker-actions';
import type { OpenAction } from '../components/broker-actions';
import { BrokerFormDialog } from '../components/broker-form-dialog';
import type { BrokerFormMode } from '../components/broker-form-dialog';
import { BrokersCardList, BrokersTable } from '../components/brokers-table';
import {
  BROKER_LIST_LIMITS,
  brokerListQuery,
  readBrokerListState,
  saveBrokerListState,
} from '../components/brokers-list-state';
import type { BrokerListLimit, BrokerListState } from '../components/brokers-list-state';
import { McLookup } from '../components/mc-lookup';

const TABS: readonly BrokerListKind[] = ['all', 'otr', 'non-otr', 'blacklist'];

function isTab(value: string | null): value is BrokerListKind {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * /partners/: the company's broker companies. Tabs: every broker (searched by name or MC number), the OTR
 * brokers (looked up and added by MC number), the non-OTR companies (added, edited and deleted) and the
 * blacklist. Every list shows the rating in its colour, the last credit check and the blacklist mark; the
 * tab is in the address (?tab=otr) so that it can be shared, the search and rating filter are kept for the
 * next visit.
 */
export function PartnersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const permissions = brokerPermissions(user);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: BrokerListKind = isTab(requested) ? requested : 'all';
  const [state, setState] = useState<BrokerListState>(readBrokerListState);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OpenAction>(null);
  const [form, setForm] = useState<BrokerFormMode | null>(null);
  const [addingToBlacklist, setAddingToBlacklist] = useState(false);

  const change = (next: BrokerListState) => {
    setState(next);
    setPage(1);
    saveBrokerListState(next);
  };
  const chooseTab = (next: BrokerListKind) => {
    setPage(1);
    setParams(next === 'all' ? {} : { tab: next }, { replace: true });
  };

  return (
    <PageFrame>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: BrokerListKind) => chooseTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('brokers.tabs.label')}
          sx={{
            px: 1,
            borderBottom: 1,
            borderColor: 'divider',
            minHeight: 40,
            '& .MuiTab-root': { minHeight: 40 },
          }}
        >
          {TABS.map((kind) => (
            <Tab key={kind} value={kind} label={t(`brokers.tabs.${kind}`)} />
          ))}
        </Tabs>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            flexWrap: 'wrap',
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <ListSearchField
            key={tab}
            value={state.search}
            onSearch={(search) => change({ ...state, search })}
            label={t('brokers.list.search')}
            placeholder={t('brokers.list.searchPlaceholder')}
            maxWidth={380}
          />
          <TextField
            select
            label={t('brokers.list.rating')}
            value={state.rating ?? ''}
            onChange={(event) =>
              change({
                ...state,
                rating: event.target.value === '' ? null : (Number(event.target.value) as BrokerRatingId),
              })
            }
            sx={{ width: 170 }}
          >
            <MenuItem value="">{t('brokers.list.anyRating')}</MenuItem>
            {BROKER_RATINGS.map((rating) => (
              <MenuItem key={rating.id} value={rating.id}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    width: 8,
                    height: 8,
                    borderRadius: '50%',
                    bgcolor: rating.color,
                    mr: 1,
                    display: 'inline-block',
                  }}
                />
                {rating[currentLang()]}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex', gap: 1, ml: 'auto', flexWrap: 'wrap' }}>
            {permissions.edit && (tab === 'all' || tab === 'otr') && (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => setForm({ kind: 'create-otr' })}
              >
                {t('brokers.actions.addOtr')}
              </Button>
            )}
            {permissions.edit && (tab === 'all' || tab === 'non-otr') && (
              <Button
                variant={tab === 'all' ? 'outlined' : 'contained'}
                startIcon={<AddOutlined />}
                onClick={() => setForm({ kind: 'create-non-otr' })}
              >
                {t('brokers.actions.addNonOtr')}
              </Button>
            )}
            {permissions.check && tab === 'blacklist' && (
              <Button
                variant="contained"
                color="error"
                startIcon={<BlockOutlined />}
                onClick={() => setAddingToBlacklist(true)}
              >
                {t('brokers.blacklist.add')}
              </Button>
            )}
          </Box>
        </Box>
        {tab === 'otr' && (
          <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
            <McLookup
              permissions={permissions}
              onAction={(action, broker) => setOpen({ action, broker })}
              onCreate={(mcNumber) => setForm({ kind: 'create-otr', mcNumber })}
            />
          </Box>
        )}
        <BrokerList
          key={tab}
          kind={tab}
          state={state}
          page={page}
          permissions={permissions}
          onPage={setPage}
          onLimit={(limit) => change({ ...state, limit })}
          onClear={() => change({ ...state, search: '', rating: null })}
          onAction={(action, broker) => setOpen({ action, broker })}
        />
      </Paper>
      <BrokerActionDialog open={open} permissions={permissions} onClose={() => setOpen(null)} />
      {form && <BrokerFormDialog mode={form} onClose={() => setForm(null)} />}
      {addingToBlacklist && <BlacklistDialog broker={null} onClose={() => setAddingToBlacklist(false)} />}
    </PageFrame>
  );
}

type BrokerListProps = {
  kind: BrokerListKind;
  state: BrokerListState;
  page: number;
  permissions: BrokerPermissions;
  onPage: (page: number) => void;
  onLimit: (limit: BrokerListLimit) => void;
  onClear: () => void;
  onAction: NonNullable<Parameters<typeof BrokersTable>[0]['onAction']>;
};

function BrokerList({ kind, state, page, permissions, onPage, onLimit, onClear, onAction }: BrokerListProps) {
  const { t } = useTranslation();
  const { phone } = useListLayout();
  const brokers = useBrokerList(kind, brokerListQuery(state, page));
  const label = t(`brokers.tabs.${kind}`);
  const filtered = state.search.trim() !== '' || state.rating !== null;

  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 2, pt: 1.25, pb: 0.5 }}>
        <ListTitle
          title={label}
          count={brokers.data?.count}
          countLabel={t('brokers.list.count')}
          easternTime
        />
      </Box>
      <ListFetchingBar show={brokers.isRefetching} atTop />
      <ListBody
        query={brokers}
        empty={
          <ListEmptyState
            filtered={filtered}
            noMatchesTitle={t('brokers.list.noMatches')}
            noMatchesHint={t('brokers.list.noMatchesHint')}
            onClear={onClear}
            icon={kind === 'blacklist' ? <BlockOutlined /> : <HandshakeOutlined />}
            emptyTitle={t(`brokers.list.empty.${kind}`)}
            emptyHint={t(`brokers.list.emptyHint.${kind}`)}
          />
        }
      >
        {(data) => {
          const tableProps = { kind, brokers: data.results, label, permissions, onAction };
          return (
            <>
              {phone ? <BrokersCardList {...tableProps} /> : <BrokersTable {...tableProps} />}
              <ListPagination
                count={data.count}
                page={page}
                limit={state.limit}
                limits={BROKER_LIST_LIMITS}
                onPage={onPage}
                onLimit={onLimit}
              />
            </>
          );
        }}
      </ListBody>
    </Box>
  );
}
