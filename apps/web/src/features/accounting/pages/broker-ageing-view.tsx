import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import { easternDateOnly } from '@app/domain/common/time';
import { ListEmptyState, ListPanel, listPager, useListState } from '@/components/lists/list-page';
import { ListSearchField } from '@/components/lists/list-search-field';
import { LIST_LIMITS, type ListLimit } from '@/components/lists/saved-list-state';
import { PageFrame } from '@/components/page-frame';
import type { QueryParams } from '@/lib/http-client';
import { useWorkingGroups } from '@/lib/team-lookups';
import { useBrokerAgeing } from '../api/broker-payments';
import { AgeingTable } from '../components/ageing-table';

type AgeingState = { text: string; team: number | null; asOf: string; limit: ListLimit };

/**
 * The ageing of unpaid invoices: each broker's unpaid income by days past due on a day (today, Eastern, by
 * default), most owed first, with its average days to pay and the totals of every broker.
 */
export function BrokerAgeingView({ tabs }: { tabs: ReactNode }) {
  const { t } = useTranslation();
  const groups = useWorkingGroups();
  const [today] = useState(() => easternDateOnly(new Date()));
  const listState = useListState<AgeingState>(() => ({
    text: '',
    team: null,
    asOf: today,
    limit: LIST_LIMITS[0],
  }));
  const { state, page, change } = listState;
  const query: QueryParams = { page, limit: state.limit, as_of: state.asOf };
  if (state.text.trim()) query.text = state.text.trim();
  if (state.team !== null) query.team = state.team;
  const ageing = useBrokerAgeing(query);
  const title = t('accounting.ageing.title');
  const data = ageing.data;

  return (
    <PageFrame
      toolbar={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', flex: 1 }}>
          <ListSearchField
            value={state.text}
            onSearch={(text) => change({ ...state, text })}
            label={t('accounting.ageing.search')}
            placeholder={t('accounting.ageing.searchPlaceholder')}
            basis={240}
          />
          <TextField
            select
            size="small"
            label={t('lists.team')}
            value={state.team ?? ''}
            onChange={(event) =>
              change({ ...state, team: event.target.value === '' ? null : Number(event.target.value) })
            }
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">{t('lists.any')}</MenuItem>
            {(groups.data ?? []).map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {group.group_name || group.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="date"
            label={t('accounting.ageing.asOf')}
            value={state.asOf}
            onChange={(event) => event.target.value && change({ ...state, asOf: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
      }
    >
      {tabs}
      <ListPanel
        query={ageing}
        title={title}
        countLabel={t('accounting.ageing.count')}
        empty={
          <ListEmptyState
            filtered={state.text.trim() !== '' || state.team !== null}
            noMatchesTitle={t('accounting.list.noMatches')}
            noMatchesHint={t('accounting.list.noMatchesHint')}
            icon={<HourglassEmptyOutlined />}
            emptyTitle={t('accounting.ageing.empty')}
            emptyHint={t('accounting.ageing.emptyHint')}
          />
        }
        pager={listPager(listState, LIST_LIMITS)}
      >
        {(page) => (data ? <AgeingTable rows={page.results} totals={data.totals} label={title} /> : null)}
      </ListPanel>
    </PageFrame>
  );
}
