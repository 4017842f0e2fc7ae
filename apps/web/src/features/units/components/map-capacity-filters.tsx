import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { lookupName, VEHICLE_STATUSES, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { VehicleStatusId, VehicleType } from '@app/domain/common/lookups';
import {
  AddressAutocomplete,
  type AddressValue,
} from '@/components/address-autocomplete/address-autocomplete';
import { currentLang } from '@/i18n/i18n';
import { useCompanyMapsKey } from '@/lib/geo/use-maps-key';
import { CapacityLoadField } from './capacity-load-field';
import { RADIUS_CHOICES, type CapacitySearchState } from './map-capacity-search-state';

// The capacity search's form: where from (an address from the lookup, or a load's pick-up), the radius,
// vehicle types, statuses and the available date. Every change searches at once; the load is taken on
// Enter or the Find button (CapacityLoadField).

type MapCapacityFiltersProps = {
  state: CapacitySearchState;
  onChange: (next: CapacitySearchState) => void;
  /** Said under the load ID (the load was not found). */
  loadError?: string;
};

/** The statuses offered; the spec's two "In bid" statuses (4 and 7) are one choice. */
const STATUS_CHOICES: { key: string; ids: VehicleStatusId[] }[] = [
  { key: '1', ids: [1] },
  { key: '2', ids: [2] },
  { key: '3', ids: [3] },
  { key: '4', ids: [4, 7] },
  { key: '5', ids: [5] },
];

function placeValue(state: CapacitySearchState): AddressValue | null {
  const place = state.place;
  if (!place) return null;
  return {
    address: '',
    city: '',
    state: '',
    zip_code: '',
    country: 'US',
    lat: place.lat,
    lon: place.lon,
    formatted_address: place.address || `${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}`,
  };
}

export function MapCapacityFilters({ state, onChange, loadError }: MapCapacityFiltersProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const mapsKey = useCompanyMapsKey();
  const setFilters = (filters: Partial<CapacitySearchState['filters']>) =>
    onChange({ ...state, filters: { ...state.filters, ...filters } });

  const allLabel = (count: number, all: string) => (count === 0 ? all : undefined);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state.origin}
        aria-label={t('unitMaps.searchFrom')}
        onChange={(_event, origin: CapacitySearchState['origin'] | null) => {
          if (origin) onChange({ ...state, origin });
        }}
        sx={{ height: 40 }}
      >
        <ToggleButton value="place">{t('unitMaps.fromPlace')}</ToggleButton>
        <ToggleButton value="load">{t('unitMaps.fromLoad')}</ToggleButton>
      </ToggleButtonGroup>

      {state.origin === 'place' ? (
        <Box sx={{ width: { xs: '100%', sm: 280 } }}>
          <AddressAutocomplete
            label={t('unitMaps.address')}
            value={placeValue(state)}
            googleMapsKey={mapsKey}
            onChange={(value) => {
              // Clearing the address keeps the last search on screen until another place is chosen.
              if (value)
                onChange({
                  ...state,
                  place: { lat: value.lat, lon: value.lon, address: value.formatted_address },
                });
            }}
          />
        </Box>
      ) : (
        <CapacityLoadField state={state} onChange={onChange} loadError={loadError} />
      )}

      <FormControl size="small" sx={{ width: { xs: 'calc(33% - 5px)', sm: 100 } }}>
        <InputLabel id="capacity-radius">{t('unitMaps.radius')}</InputLabel>
        <Select
          labelId="capacity-radius"
          label={t('unitMaps.radius')}
          value={state.filters.radius}
          onChange={(event) => setFilters({ radius: Number(event.target.value) })}
        >
          {/* A radius from the address bar that is not a choice is still shown. */}
          {[...new Set([...RADIUS_CHOICES, state.filters.radius])]
            .sort((a, b) => a - b)
            .map((miles) => (
              <MenuItem key={miles} value={miles}>
                {t('unitMaps.miles', { miles })}
              </MenuItem>
            ))}
        </Select>
      </FormControl>

      <FormControl size="small" sx={{ width: { xs: 'calc(33% - 5px)', sm: 150 } }}>
        <InputLabel id="capacity-types" shrink>
          {t('unitMaps.vehicleTypes')}
        </InputLabel>
        <Select<VehicleType[]>
          labelId="capacity-types"
          label={t('unitMaps.vehicleTypes')}
          multiple
          displayEmpty
          notched
          value={[...state.filters.transportTypes]}
          onChange={(event) => setFilters({ transportTypes: event.target.value as VehicleType[] })}
          renderValue={(selected) =>
            allLabel(selected.length, t('unitMaps.allTypes')) ??
            selected.map((type) => lookupName(VEHICLE_TYPES, type, lang)).join(', ')
          }
        >
          {VEHICLE_TYPES.map((type) => (
            <MenuItem key={type.id} value={type.id} dense>
              <Checkbox
                size="small"
                checked={state.filters.transportTypes.includes(type.id)}
                sx={{ p: 0.5 }}
              />
              <ListItemText primary={type[lang]} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>

      <FormControl size="small" sx={{ width: { xs: 'calc(33% - 5px)', sm: 150 } }}>
        <InputLabel id="capacity-statuses" shrink>
          {t('unitMaps.statuses')}
        </InputLabel>
        <Select<string[]>
          labelId="capacity-statuses"
          label={t('unitMaps.statuses')}
          multiple
          displayEmpty
          notched
          value={STATUS_CHOICES.filter((choice) =>
            choice.ids.every((id) => state.filters.statuses.includes(id)),
          ).map((choice) => choice.key)}
          onChange={(event) => {
            const keys = event.target.value as string[];
            setFilters({
              statuses: STATUS_CHOICES.filter((choice) => keys.includes(choice.key)).flatMap(
                (choice) => choice.ids,
              ),
            });
          }}
          renderValue={(selected) =>
            allLabel(selected.length, t('unitMaps.allStatuses')) ??
            selected.map((key) => lookupName(VEHICLE_STATUSES, Number(key), lang)).join(', ')
          }
        >
          {STATUS_CHOICES.map((choice) => (
            <MenuItem key={choice.key} value={choice.key} dense>
              <Checkbox
                size="small"
                checked={choice.ids.every((id) => state.filters.statuses.includes(id))}
                sx={{ p: 0.5 }}
              />
              <ListItemText primary={lookupName(VEHICLE_STATUSES, choice.ids[0], lang)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>

      <TextField
        size="small"
        type="date"
        label={t('unitMaps.availableDate')}
        value={state.filters.availableDate ?? ''}
        onChange={(event) => setFilters({ availableDate: event.target.value || null })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 150 } }}
      />
    </Box>
  );
}
