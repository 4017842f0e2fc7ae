import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ListFilterBar, SearchedFilterFields } from '@/components/lists/list-filters';
import type { SavedFilterBarProps, SearchedFilter } from '@/components/lists/list-filters';
import { ListSearchField } from '@/components/lists/list-search-field';
import { DispatcherPicker } from '@/components/search-picker/dispatcher-picker';
import { searchBrokers } from '@/lib/broker-search';
import { searchVehicles } from '@/lib/vehicle-search';
import { countSetBidFilters, hasAnyBidFilter } from './bid-list-state';
import type { BidList, BidListFilters, BidPickedLabels } from './bid-list-state';

const SEARCHED_FILTERS: readonly SearchedFilter<'car' | 'broker'>[] = [
  { name: 'car', labelKey: 'bids.filters.vehicle', kind: 'vehicle', search: searchVehicles },
  { name: 'broker', labelKey: 'bids.filters.broker', kind: 'broker', search: searchBrokers },
];

type BidListFiltersBarProps = SavedFilterBarProps<BidListFilters, BidPickedLabels> & { list: BidList };

/** The search box and the filter panel of a bids list; history and the units' bids also filter by status. */
export function BidListFiltersBar({
  list,
  filters,
  labels,
  onChange,
  onClear,
  defaultOpen,
}: BidListFiltersBarProps) {
  const { t } = useTranslation();
  const update = (patch: Partial<BidListFilters>, labelPatch: BidPickedLabels = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });
  const reversed = filters.date_from !== '' && filters.date_to !== '' && filters.date_to < filters.date_from;
  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;
  // The units' bids are found by unit, status and day; they have no dispatcher, broker or search text.
  const unit = list === 'unit';
  const withStatus = list === 'history' || unit;

  return (
    <ListFilterBar
      search={
        unit ? null : (
          <ListSearchField
            value={filters.search}
            onSearch={(search) => update({ search })}
            label={t('bids.list.search')}
            placeholder={t('bids.list.searchPlaceholder')}
            basis={260}
          />
        )
      }
      panelId={`bid-list-filters-${list}`}
      setCount={countSetBidFilters(filters)}
      showClear={hasAnyBidFilter(filters)}
      onClear={onClear}
      defaultOpen={defaultOpen}
      wideColumns={unit ? 4 : withStatus ? 6 : 5}
    >
      {!unit && (
        <DispatcherPicker
          label={t('bids.filters.dispatcher')}
          value={filters.dispatcher}
          valueLabel={labels.dispatcher}
          onChange={(dispatcher, label) => update({ dispatcher }, { dispatcher: label })}
        />
      )}
      <SearchedFilterFields
        fields={unit ? SEARCHED_FILTERS.slice(0, 1) : SEARCHED_FILTERS}
        ids={filters}
        labels={labels}
        onPick={(name, id, label) => update({ [name]: id }, { [name]: label })}
      />
      <Box
        role="group"
        aria-label={t(unit ? 'bids.filters.placedRange' : 'bids.filters.sentRange')}
        sx={{ gridColumn: 'span 2', display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}
      >
        <TextField
          {...dateProps}
          label={t(unit ? 'bids.filters.placedFrom' : 'bids.filters.sentFrom')}
          value={filters.date_from}
          onChange={(event) => update({ date_from: event.target.value })}
        />
        <TextField
          {...dateProps}
          label={t(unit ? 'bids.filters.placedTo' : 'bids.filters.sentTo')}
          value={filters.date_to}
          error={reversed}
          helperText={reversed ? t('bids.filters.rangeReversed') : undefined}
          onChange={(event) => update({ date_to: event.target.value })}
        />
      </Box>
      {withStatus && (
        <TextField
          select
          label={t('bids.filters.status')}
          value={filters.status ?? ''}
          onChange={(event) =>
            update({ status: event.target.value === '' ? null : (Number(event.target.value) as 1 | 2 | 3) })
          }
        >
          <MenuItem value="">{t('lists.any')}</MenuItem>
          {([1, 2, 3] as const).map((status) => (
            <MenuItem key={status} value={status}>
              {t(unit ? `bids.unitStatus.${status}` : `bids.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ListFilterBar>
  );
}
