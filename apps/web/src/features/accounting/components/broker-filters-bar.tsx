import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INVOICE_STATUS_IDS, PAYMENT_STATUS_IDS } from '@app/domain/common/lookups';
import { ListFilterBar } from '@/components/lists/list-filters';
import type { SavedFilterBarProps } from '@/components/lists/list-filters';
import { ListSearchField } from '@/components/lists/list-search-field';
import { pickedOption, SearchPicker } from '@/components/search-picker/search-picker';
import { searchBrokers } from '@/lib/broker-search';
import { useWorkingGroups } from '@/lib/team-lookups';
import { invoiceStatusText, paymentStatusText } from './accounting-format';
import { hasAnyBrokerFilter } from './broker-list-state';
import type { BrokerFilters, BrokerLabels } from './broker-list-state';

type Choice = { id: number; name: string };

function SelectFilter({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: number | null;
  choices: readonly Choice[];
  onChange: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      <MenuItem value="">{t('lists.any')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id} dense>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The text search and the filters of a brokers' payments list: broker, team, payment and invoice status. */
export function BrokerFiltersBar({
  filters,
  labels,
  onChange,
  onClear,
  defaultOpen,
}: SavedFilterBarProps<BrokerFilters, BrokerLabels>) {
  const { t } = useTranslation();
  const groups = useWorkingGroups();
  const update = (patch: Partial<BrokerFilters>, labelPatch: BrokerLabels = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });
  const setCount = [filters.broker, filters.team, filters.status, filters.invoice_status].filter(
    (value) => value !== null,
  ).length;

  return (
    <ListFilterBar
      search={
        <ListSearchField
          value={filters.text}
          onSearch={(text) => update({ text })}
          label={t('accounting.brokers.search')}
          placeholder={t('accounting.brokers.searchPlaceholder')}
          basis={260}
        />
      }
      panelId="broker-payments-filters"
      setCount={setCount}
      showClear={hasAnyBrokerFilter(filters)}
      onClear={onClear}
      defaultOpen={defaultOpen}
      wideColumns={4}
    >
      <SearchPicker
        kind="broker"
        label={t('accounting.filters.broker')}
        search={searchBrokers}
        value={pickedOption(filters.broker, labels.broker)}
        onChange={(option) => update({ broker: option?.id ?? null }, { broker: option?.label })}
      />
      <SelectFilter
        label={t('lists.team')}
        value={filters.team}
        choices={(groups.data ?? []).map((group) => ({ id: group.id, name: group.group_name || group.name }))}
        onChange={(team) => update({ team })}
      />
      <SelectFilter
        label={t('accounting.filters.paymentStatus')}
        value={filters.status}
        choices={PAYMENT_STATUS_IDS.map((id) => ({ id, name: paymentStatusText(id) }))}
        onChange={(status) => update({ status })}
      />
      <SelectFilter
        label={t('accounting.filters.invoiceStatus')}
        value={filters.invoice_status}
        choices={INVOICE_STATUS_IDS.map((id) => ({ id, name: invoiceStatusText(id) }))}
        onChange={(invoice_status) => update({ invoice_status })}
      />
    </ListFilterBar>
  );
}
