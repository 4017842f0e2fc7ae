import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { CommonFilterFields, ListFilterBar } from '@/components/lists/list-filters';
import type { SavedFilterBarProps, SearchedFilter } from '@/components/lists/list-filters';
import { ListSearchField } from '@/components/lists/list-search-field';
import { searchBrokers } from '@/lib/broker-search';
import { searchDriversForFilter } from '@/lib/driver-search';
import { searchVehicles } from '@/lib/vehicle-search';
import { countSetFilters, hasAnyFilter, reversedRange } from './load-list-state';
import type { LoadListFilters, PickedFilter, PickedLabels } from './load-list-state';

/**
 * The filters picked from a server search, in the order of the panel. The driver filter finds fired
 * drivers too (a search of its own in the picker's cache): their past loads are still listed.
 */
const SEARCHED_FILTERS: readonly SearchedFilter<Exclude<PickedFilter, 'dispatcher'>>[] = [
  {
    name: 'driver',
    labelKey: 'loads.filters.driver',
    kind: 'driver-with-fired',
    search: searchDriversForFilter,
  },
  { name: 'car', labelKey: 'loads.filters.vehicle', kind: 'vehicle', search: searchVehicles },
  { name: 'broker', labelKey: 'loads.filters.broker', kind: 'broker', search: searchBrokers },
];

/** The search box and the filter panel of a load list. */
export function LoadListFiltersBar({
  filters,
  labels,
  onChange,
  onClear,
  defaultOpen,
}: SavedFilterBarProps<LoadListFilters, PickedLabels>) {
  const { t } = useTranslation();
  const update = (patch: Partial<LoadListFilters>, labelPatch: PickedLabels = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });

  return (
    <ListFilterBar
      search={
        <ListSearchField
          value={filters.search}
          onSearch={(search) => update({ search })}
          label={t('loads.list.search')}
          placeholder={t('loads.list.searchPlaceholder')}
          basis={260}
        />
      }
      panelId="load-list-filters"
      setCount={countSetFilters(filters)}
      showClear={hasAnyFilter(filters)}
      onClear={onClear}
      defaultOpen={defaultOpen}
      wideColumns={6}
    >
      <CommonFilterFields
        filters={filters}
        labels={labels}
        dispatcherLabel={t('loads.filters.dispatcher')}
        dispatcherOfTeam
        searched={SEARCHED_FILTERS}
        stateLabel={t('loads.filters.state')}
        update={update}
      />
      <DateRangeFields
        fromLabel={t('loads.filters.pickUpFrom')}
        toLabel={t('loads.filters.pickUpTo')}
        from={filters.pick_up_from}
        to={filters.pick_up_to}
        onChange={(pick_up_from, pick_up_to) => update({ pick_up_from, pick_up_to })}
      />
      <DateRangeFields
        fromLabel={t('loads.filters.deliveryFrom')}
        toLabel={t('loads.filters.deliveryTo')}
        from={filters.delivery_from}
        to={filters.delivery_to}
        onChange={(delivery_from, delivery_to) => update({ delivery_from, delivery_to })}
      />
    </ListFilterBar>
  );
}

type DateRangeFieldsProps = {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
};

/** Two Eastern calendar days; a reversed range is flagged under the end and is not sent. */
function DateRangeFields({ fromLabel, toLabel, from, to, onChange }: DateRangeFieldsProps) {
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
        helperText={reversed ? t('loads.filters.rangeReversed') : undefined}
        onChange={(event) => onChange(from, event.target.value)}
      />
    </Box>
  );
}
