import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INVOICE_STATUS_IDS, PAYMENT_STATUS_IDS } from '@app/domain/common/lookups';
import { CommonFilterFields, ListFilterBar } from '@/components/lists/list-filters';
import type { SavedFilterBarProps, SearchedFilter } from '@/components/lists/list-filters';
import { YesNoFilter } from '@/components/lists/list-page';
import { ListSearchField } from '@/components/lists/list-search-field';
import { searchBrokers } from '@/lib/broker-search';
import { searchDriversForFilter } from '@/lib/driver-search';
import { searchVehicles } from '@/lib/vehicle-search';
import { accountingStatusText, invoiceStatusText, paymentStatusText } from './accounting-format';
import { countSetFilters, hasAnyFilter, reversedRange } from './accounting-list-state';
import type { AccountingFilters, PickedFilter, PickedLabels } from './accounting-list-state';

const SEARCHED_FILTERS: readonly SearchedFilter<Exclude<PickedFilter, 'dispatcher'>>[] = [
  {
    name: 'driver',
    labelKey: 'accounting.filters.driver',
    kind: 'driver-with-fired',
    search: searchDriversForFilter,
  },
  { name: 'car', labelKey: 'accounting.filters.vehicle', kind: 'vehicle', search: searchVehicles },
  { name: 'broker', labelKey: 'accounting.filters.broker', kind: 'broker', search: searchBrokers },
];

type StatusSelectProps = {
  label: string;
  ids: readonly number[];
  value: number | null;
  name: (id: number) => string;
  onChange: (value: number | null) => void;
};

function StatusSelect({ label, ids, value, name, onChange }: StatusSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      <MenuItem value="">{t('lists.any')}</MenuItem>
      {ids.map((id) => (
        <MenuItem key={id} value={id} dense>
          {name(id)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The search box and filter panel of an accounting list of loads: the load lists' filters (team, subgroup,
 * dispatcher, driver, vehicle, broker, state, pick-up and delivery days), the accounting status, the broker
 * payment's status and invoice status, and factoring. The week has its picker beside the list's title.
 */
export function AccountingFiltersBar({
  filters,
  labels,
  onChange,
  onClear,
  defaultOpen,
}: SavedFilterBarProps<AccountingFilters, PickedLabels>) {
  const { t } = useTranslation();
  const update = (patch: Partial<AccountingFilters>, labelPatch: PickedLabels = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });

  return (
    <ListFilterBar
      search={
        <ListSearchField
          value={filters.search}
          onSearch={(search) => update({ search })}
          label={t('accounting.list.search')}
          placeholder={t('accounting.list.searchPlaceholder')}
          basis={260}
        />
      }
      panelId="accounting-list-filters"
      setCount={countSetFilters(filters)}
      showClear={hasAnyFilter(filters)}
      onClear={onClear}
      defaultOpen={defaultOpen}
      wideColumns={6}
    >
      <CommonFilterFields
        filters={filters}
        labels={labels}
        dispatcherLabel={t('accounting.filters.dispatcher')}
        dispatcherOfTeam
        searched={SEARCHED_FILTERS}
        stateLabel={t('accounting.filters.state')}
        update={update}
      />
      <StatusSelect
        label={t('accounting.filters.accountingStatus')}
        ids={PAYMENT_STATUS_IDS.filter((id) => id !== 9)}
        value={filters.accounting_status}
        name={(id) => accountingStatusText(id)}
        onChange={(accounting_status) => update({ accounting_status })}
      />
      <StatusSelect
        label={t('accounting.filters.paymentStatus')}
        ids={PAYMENT_STATUS_IDS}
        value={filters.payment_status}
        name={(id) => paymentStatusText(id)}
        onChange={(payment_status) => update({ payment_status })}
      />
      <StatusSelect
        label={t('accounting.filters.invoiceStatus')}
        ids={INVOICE_STATUS_IDS}
        value={filters.invoice_status}
        name={(id) => invoiceStatusText(id)}
        onChange={(invoice_status) => update({ invoice_status })}
      />
      <YesNoFilter
        label={t('accounting.filters.factoring')}
        value={filters.factoring}
        onChange={(factoring) => update({ factoring })}
        minWidth={0}
      />
      <DateRange
        fromLabel={t('accounting.filters.pickUpFrom')}
        toLabel={t('accounting.filters.pickUpTo')}
        from={filters.pick_up_from}
        to={filters.pick_up_to}
        onChange={(pick_up_from, pick_up_to) => update({ pick_up_from, pick_up_to })}
      />
      <DateRange
        fromLabel={t('accounting.filters.deliveryFrom')}
        toLabel={t('accounting.filters.deliveryTo')}
        from={filters.delivery_from}
        to={filters.delivery_to}
        onChange={(delivery_from, delivery_to) => update({ delivery_from, delivery_to })}
      />
    </ListFilterBar>
  );
}

type DateRangeProps = {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
};

/** Two Eastern calendar days; a reversed range is flagged under the end and is not sent. */
function DateRange({ fromLabel, toLabel, from, to, onChange }: DateRangeProps) {
  const { t } = useTranslation();
  const reversed = reversedRange(from, to);
  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <Box
      role="group"
      aria-label={`${fromLabel} – ${toLabel}`}
      sx={{ gridColumn: 'span 2', display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}
    >
      <TextField
        {...dateProps}
        label={fromLabel}
        value={from}
        onChange={(event) => onChange(event.target.value, to)}
      />
      <TextField
        {...dateProps}
        label={toLabel}
        value={to}
        error={reversed}
        helperText={reversed ? t('accounting.filters.rangeReversed') : undefined}
        onChange={(event) => onChange(from, event.target.value)}
      />
    </Box>
  );
}
