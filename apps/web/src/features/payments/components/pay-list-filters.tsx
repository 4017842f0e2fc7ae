import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAYMENT_STATUS_IDS } from '@app/domain/common/lookups';
import { ListFilterBar } from '@/components/lists/list-filters';
import { ListSearchField } from '@/components/lists/list-search-field';
import { DispatcherPicker } from '@/components/search-picker/dispatcher-picker';
import { pickedOption, SearchPicker } from '@/components/search-picker/search-picker';
import { useWorkingGroups } from '@/lib/team-lookups';
import type { PayList, PayType } from '../api/payments-query-keys';
import { searchPayOwners } from '../api/search-owners';
import { paymentStatusName } from './pay-format';
import { countSetFilters, hasAnyFilter, type PayListFilters, type PayListState } from './pay-list-state';

type PayListFiltersBarProps = {
  type: PayType;
  list: PayList;
  state: PayListState;
  /** A dispatcher reads only their own pay: no person filter. */
  ownPayOnly: boolean;
  onChange: (filters: PayListFilters, labels: PayListState['labels']) => void;
  onClear: () => void;
  defaultOpen: boolean;
};

/** The statuses a list may hold: active every status but 8 Completed, completed only 8. */
function statusesOf(list: PayList): number[] {
  return list === 'completed' ? [8] : PAYMENT_STATUS_IDS.filter((id) => id !== 8);
}

/** The search box and filter panel of a pay list: status, owner or dispatcher, team. */
export function PayListFiltersBar({
  type,
  list,
  state,
  ownPayOnly,
  onChange,
  onClear,
  defaultOpen,
}: PayListFiltersBarProps) {
  const { t } = useTranslation();
  const groups = useWorkingGroups();
  const { filters, labels } = state;
  const update = (patch: Partial<PayListFilters>, labelPatch: PayListState['labels'] = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });
  const asId = (value: string) => (value === '' ? null : Number(value));

  return (
    <ListFilterBar
      search={
        <ListSearchField
          value={filters.text}
          onSearch={(text) => update({ text })}
          label={t(`payments.filters.search.${type}`)}
          placeholder={t(`payments.filters.searchPlaceholder.${type}`)}
          basis={220}
        />
      }
      panelId={`pay-list-filters-${type}`}
      setCount={countSetFilters(filters)}
      showClear={hasAnyFilter(filters)}
      onClear={onClear}
      defaultOpen={defaultOpen}
      wideColumns={4}
    >
      <TextField
        select
        label={t('payments.filters.status')}
        value={filters.status ?? ''}
        onChange={(event) => update({ status: asId(event.target.value) })}
      >
        <MenuItem value="">{t('lists.any')}</MenuItem>
        {statusesOf(list).map((id) => (
          <MenuItem key={id} value={id}>
            {paymentStatusName(id)}
          </MenuItem>
        ))}
      </TextField>
      {type === 'owner' ? (
        <SearchPicker
          kind="owner"
          label={t('payments.filters.owner')}
          search={searchPayOwners}
          value={pickedOption(filters.person, labels.person)}
          onChange={(option) => update({ person: option?.id ?? null }, { person: option?.label })}
        />
      ) : (
        !ownPayOnly && (
          <DispatcherPicker
            label={t('payments.filters.dispatcher')}
            workingGroup={filters.team}
            value={filters.person}
            valueLabel={labels.person}
            onChange={(id, label) => update({ person: id }, { person: label })}
          />
        )
      )}
      {!ownPayOnly && (
        <TextField
          select
          label={t('lists.team')}
          value={filters.team ?? ''}
          onChange={(event) => update({ team: asId(event.target.value) })}
        >
          <MenuItem value="">{t('lists.any')}</MenuItem>
          {(groups.data ?? []).map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.group_name || group.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ListFilterBar>
  );
}
