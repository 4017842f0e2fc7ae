import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { REGIONS } from '@app/domain/common/lookups';
import type { RegionEntry } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { searchBrokers } from '../api/search-brokers';
import { searchDrivers } from '@/lib/driver-search';
import { searchVehicles } from '../api/search-vehicles';
import { useWorkingGroups } from '../api/working-groups';
import { DispatcherPicker } from './dispatcher-picker';
import { EntityPicker } from './entity-picker';
import { countSetFilters, hasAnyFilter, reversedRange } from './load-list-state';
import type { LoadListFilters, PickedFilter, PickedLabels } from './load-list-state';

export const SEARCH_DEBOUNCE_MS = 400;

type LoadListFiltersProps = {
  filters: LoadListFilters;
  labels: PickedLabels;
  onChange: (filters: LoadListFilters, labels: PickedLabels) => void;
  onClear: () => void;
  /** Open the filter panel at first (wide screens). */
  defaultOpen: boolean;
};

/** The search box and the filter panel of a load list. */
export function LoadListFiltersBar({
  filters,
  labels,
  onChange,
  onClear,
  defaultOpen,
}: LoadListFiltersProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen || countSetFilters(filters) > 0);
  const setCount = countSetFilters(filters);
  const update = (patch: Partial<LoadListFilters>, labelPatch: PickedLabels = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchField value={filters.search} onSearch={(search) => update({ search })} />
        <Button
          variant={open ? 'contained' : 'outlined'}
          color={open ? 'primary' : 'inherit'}
          startIcon={
            <Badge badgeContent={setCount} color="primary" invisible={open || setCount === 0}>
              <FilterListOutlined fontSize="small" />
            </Badge>
          }
          aria-expanded={open}
          aria-controls="load-list-filters"
          onClick={() => setOpen((value) => !value)}
        >
          {t('loads.list.filters')}
        </Button>
        {hasAnyFilter(filters) && (
          <Button color="inherit" onClick={onClear}>
            {t('loads.list.clearFilters')}
          </Button>
        )}
      </Box>
      <Collapse in={open} unmountOnExit>
        <FilterPanel filters={filters} labels={labels} update={update} />
      </Collapse>
    </Box>
  );
}

function SearchField({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The latest callback, so that a re-render of the page does not restart the wait.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => search.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value.slice(0, 100))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text);
      }}
      placeholder={t('loads.list.searchPlaceholder')}
      sx={{ flex: '1 1 260px', maxWidth: 420 }}
      slotProps={{
        htmlInput: { 'aria-label': t('loads.list.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

type FilterPanelProps = {
  filters: LoadListFilters;
  labels: PickedLabels;
  update: (patch: Partial<LoadListFilters>, labels?: PickedLabels) => void;
};

function FilterPanel({ filters, labels, update }: FilterPanelProps) {
  const { t } = useTranslation();
  const groups = useWorkingGroups();
  const lang = currentLang();
  const team = groups.data?.find((group) => group.id === filters.wg);
  const subgroups = team?.subgroups ?? [];
  const pick = (name: PickedFilter) => (id: number | null, label: string | undefined) =>
    update({ [name]: id }, { [name]: label });
  const region = REGIONS.find((entry) => entry.id === filters.state) ?? null;

  return (
    <Box
      id="load-list-filters"
      role="group"
      aria-label={t('loads.list.filters')}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: {
          xs: '1fr 1fr',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
        pt: 0.5,
      }}
    >
      <TextField
        select
        label={t('loads.filters.team')}
        value={filters.wg ?? ''}
        onChange={(event) => {
          const wg = event.target.value === '' ? null : Number(event.target.value);
          update({ wg, sub_wg: null });
        }}
      >
        <MenuItem value="">{t('loads.filters.any')}</MenuItem>
        {(groups.data ?? []).map((group) => (
          <MenuItem key={group.id} value={group.id}>
            {group.group_name || group.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('loads.filters.subgroup')}
        value={filters.sub_wg ?? ''}
        disabled={subgroups.length === 0}
        onChange={(event) =>
          update({ sub_wg: event.target.value === '' ? null : Number(event.target.value) })
        }
      >
        <MenuItem value="">{t('loads.filters.any')}</MenuItem>
        {subgroups.map((subgroup) => (
          <MenuItem key={subgroup.id} value={subgroup.id}>
            {subgroup.name}
          </MenuItem>
        ))}
      </TextField>
      <DispatcherPicker
        label={t('loads.filters.dispatcher')}
        workingGroup={filters.wg}
        value={filters.dispatcher}
        valueLabel={labels.dispatcher}
        onChange={pick('dispatcher')}
      />
      <EntityPicker
        kind="driver"
        label={t('loads.filters.driver')}
        search={searchDrivers}
        value={filters.driver}
        valueLabel={labels.driver}
        onChange={pick('driver')}
        minWidth={0}
      />
      <EntityPicker
        kind="vehicle"
        label={t('loads.filters.vehicle')}
        search={searchVehicles}
        value={filters.car}
        valueLabel={labels.car}
        onChange={pick('car')}
        minWidth={0}
      />
      <EntityPicker
        kind="broker"
        label={t('loads.filters.broker')}
        search={searchBrokers}
        value={filters.broker}
        valueLabel={labels.broker}
        onChange={pick('broker')}
        minWidth={0}
      />
      <Autocomplete<RegionEntry>
        value={region}
        options={REGIONS}
        getOptionLabel={(option) => `${option[lang]} (${option.id})`}
        groupBy={(option) => t(`loads.filters.country.${option.country}`)}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        onChange={(_event, option) => update({ state: option?.id ?? null })}
        noOptionsText={t('loads.picker.noOptions')}
        renderInput={(params) => <TextField {...params} label={t('loads.filters.state')} />}
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
    </Box>
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
