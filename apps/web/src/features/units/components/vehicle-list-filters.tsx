import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { REGIONS, VEHICLE_STATUSES, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { RegionEntry, VehicleStatusId, VehicleType } from '@app/domain/common/lookups';
import { SearchPicker } from '@/components/search-picker/search-picker';
import { currentLang } from '@/i18n/i18n';
import { useDispatchers } from '../api/dispatchers';
import type { Dispatcher } from '../api/dispatchers';
import { searchDrivers } from '@/lib/driver-search';
import { searchOwners } from '../api/owner-list';
import { useWorkingGroups } from '../api/working-groups';
import { ListSearchField } from './list-search-field';
import { personName } from './vehicle-display';
import { countSetVehicleFilters, hasAnyVehicleFilter } from './vehicle-list-state';
import type { PickedVehicleFilter, PickedVehicleLabels, VehicleListFilters } from './vehicle-list-state';

type VehicleListFiltersProps = {
  filters: VehicleListFilters;
  labels: PickedVehicleLabels;
  onChange: (filters: VehicleListFilters, labels: PickedVehicleLabels) => void;
  onClear: () => void;
  /** Open the filter panel at first (wide screens). */
  defaultOpen: boolean;
};

/** The search box and the filter panel of the vehicles table. */
export function VehicleListFiltersBar({
  filters,
  labels,
  onChange,
  onClear,
  defaultOpen,
}: VehicleListFiltersProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen || countSetVehicleFilters(filters) > 0);
  const setCount = countSetVehicleFilters(filters);
  const update = (patch: Partial<VehicleListFilters>, labelPatch: PickedVehicleLabels = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ListSearchField
          value={filters.search}
          onSearch={(search) => update({ search })}
          label={t('vehicles.search')}
          placeholder={t('vehicles.searchPlaceholder')}
        />
        <Button
          variant={open ? 'contained' : 'outlined'}
          color={open ? 'primary' : 'inherit'}
          startIcon={
            <Badge badgeContent={setCount} color="primary" invisible={open || setCount === 0}>
              <FilterListOutlined fontSize="small" />
            </Badge>
          }
          aria-expanded={open}
          aria-controls="vehicle-list-filters"
          onClick={() => setOpen((value) => !value)}
        >
          {t('unitsCommon.filters')}
        </Button>
        {hasAnyVehicleFilter(filters) && (
          <Button color="inherit" onClick={onClear}>
            {t('unitsCommon.clearFilters')}
          </Button>
        )}
      </Box>
      <Collapse in={open} unmountOnExit>
        <FilterPanel filters={filters} labels={labels} update={update} />
      </Collapse>
    </Box>
  );
}

type FilterPanelProps = {
  filters: VehicleListFilters;
  labels: PickedVehicleLabels;
  update: (patch: Partial<VehicleListFilters>, labels?: PickedVehicleLabels) => void;
};

function FilterPanel({ filters, labels, update }: FilterPanelProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const groups = useWorkingGroups();
  const dispatchers = useDispatchers();
  const team = groups.data?.find((group) => group.id === filters.wg);
  const subgroups = team?.subgroups ?? [];
  const region = REGIONS.find((entry) => entry.id === filters.state) ?? null;
  const picked = (name: PickedVehicleFilter) =>
    filters[name] === null
      ? null
      : { id: filters[name], label: labels[name] ?? `#${filters[name]}`, detail: null };
  const pick = (name: PickedVehicleFilter) => (option: { id: number; label: string } | null) =>
    update({ [name]: option?.id ?? null }, { [name]: option?.label });
  const dispatcherOptions = dispatchers.data ?? [];
  const dispatcher: Dispatcher | null =
    filters.dispatcher === null
      ? null
      : (dispatcherOptions.find((option) => option.id === filters.dispatcher) ?? {
          id: filters.dispatcher,
          first_name: labels.dispatcher ?? `#${filters.dispatcher}`,
          last_name: '',
          role: null,
        });
  // The two "In bid" statuses of the spec (4 and 7) are one choice here.
  const statusChoices = VEHICLE_STATUSES.filter((status) => status.id !== 7);

  return (
    <Box
      id="vehicle-list-filters"
      role="group"
      aria-label={t('unitsCommon.filters')}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: {
          xs: '1fr 1fr',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        pt: 0.5,
      }}
    >
      <TextField
        select
        label={t('vehicles.filters.status')}
        value={filters.status.filter((id) => id !== 7)}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) =>
              (selected as number[]).map((id) => statusChoices.find((s) => s.id === id)?.[lang]).join(', '),
          },
        }}
        onChange={(event) => {
          const chosen = event.target.value as unknown as VehicleStatusId[];
          const withTwin = chosen.includes(4) ? [...chosen, 7 as const] : chosen;
          update({ status: withTwin });
        }}
      >
        {statusChoices.map((status) => (
          <MenuItem key={status.id} value={status.id} dense>
            <Checkbox size="small" checked={filters.status.includes(status.id)} sx={{ p: 0.25, mr: 1 }} />
            <ListItemText>{status[lang]}</ListItemText>
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('vehicles.filters.type')}
        value={filters.transport_type}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) =>
              (selected as VehicleType[])
                .map((id) => VEHICLE_TYPES.find((type) => type.id === id)?.[lang])
                .join(', '),
          },
        }}
        onChange={(event) => update({ transport_type: event.target.value as unknown as VehicleType[] })}
      >
        {VEHICLE_TYPES.map((type) => (
          <MenuItem key={type.id} value={type.id} dense>
            <Checkbox
              size="small"
              checked={filters.transport_type.includes(type.id)}
              sx={{ p: 0.25, mr: 1 }}
            />
            <ListItemText>{type[lang]}</ListItemText>
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('vehicles.filters.team')}
        value={filters.wg ?? ''}
        onChange={(event) => {
          const wg = event.target.value === '' ? null : Number(event.target.value);
          update({ wg, sub_wg: null });
        }}
      >
        <MenuItem value="">{t('unitsCommon.any')}</MenuItem>
        {(groups.data ?? []).map((group) => (
          <MenuItem key={group.id} value={group.id}>
            {group.group_name || group.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('vehicles.filters.subgroup')}
        value={filters.sub_wg ?? ''}
        disabled={subgroups.length === 0}
        onChange={(event) =>
          update({ sub_wg: event.target.value === '' ? null : Number(event.target.value) })
        }
      >
        <MenuItem value="">{t('unitsCommon.any')}</MenuItem>
        {subgroups.map((subgroup) => (
          <MenuItem key={subgroup.id} value={subgroup.id}>
            {subgroup.name}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<Dispatcher>
        value={dispatcher}
        options={dispatcherOptions}
        loading={dispatchers.isFetching}
        getOptionLabel={(option) => personName(option)}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        onChange={(_event, option) =>
          update({ dispatcher: option?.id ?? null }, { dispatcher: option ? personName(option) : undefined })
        }
        noOptionsText={t('searchPicker.noOptions')}
        renderInput={(params) => <TextField {...params} label={t('vehicles.filters.dispatcher')} />}
      />
      <SearchPicker
        kind="owner"
        label={t('vehicles.filters.owner')}
        search={searchOwners}
        value={picked('owner')}
        onChange={pick('owner')}
      />
      <SearchPicker
        kind="driver"
        label={t('vehicles.filters.driver')}
        search={searchDrivers}
        value={picked('driver')}
        onChange={pick('driver')}
      />
      <Autocomplete<RegionEntry>
        value={region}
        options={REGIONS}
        getOptionLabel={(option) => `${option[lang]} (${option.id})`}
        groupBy={(option) => t(`vehicles.country.${option.country}`)}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        onChange={(_event, option) => update({ state: option?.id ?? null })}
        noOptionsText={t('searchPicker.noOptions')}
        renderInput={(params) => <TextField {...params} label={t('vehicles.filters.state')} />}
      />
    </Box>
  );
}
