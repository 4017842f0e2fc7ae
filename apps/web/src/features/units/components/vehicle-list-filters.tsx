import { useTranslation } from 'react-i18next';
import { VEHICLE_STATUSES, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { VehicleStatusId, VehicleType } from '@app/domain/common/lookups';
import { CommonFilterFields, ListFilterBar, MultiSelectFilter } from '@/components/lists/list-filters';
import type { SavedFilterBarProps, SearchedFilter } from '@/components/lists/list-filters';
import { ListSearchField } from '@/components/lists/list-search-field';
import { currentLang } from '@/i18n/i18n';
import { searchDriversForFilter } from '@/lib/driver-search';
import { searchOwners } from '../api/owner-list';
import { countSetVehicleFilters, hasAnyVehicleFilter } from './vehicle-list-state';
import type { PickedVehicleFilter, PickedVehicleLabels, VehicleListFilters } from './vehicle-list-state';

/**
 * The people filters picked from a server search, in the order of the panel. The driver filter finds fired
 * drivers too (a search of its own in the picker's cache): the vehicles they drove are still listed.
 */
const SEARCHED_FILTERS: readonly SearchedFilter<Exclude<PickedVehicleFilter, 'dispatcher'>>[] = [
  { name: 'owner', labelKey: 'vehicles.filters.owner', kind: 'owner', search: searchOwners },
  {
    name: 'driver',
    labelKey: 'vehicles.filters.driver',
    kind: 'driver-with-fired',
    search: searchDriversForFilter,
  },
];

/** The In bid status of the spec has two ids (4 and 7); the filter offers it once and sends both. */
const IN_BID = 4;
const IN_BID_TWIN = 7;

/** The search box and the filter panel of the vehicles table. */
export function VehicleListFiltersBar({
  filters,
  labels,
  onChange,
  onClear,
  defaultOpen,
}: SavedFilterBarProps<VehicleListFilters, PickedVehicleLabels>) {
  const { t } = useTranslation();
  const lang = currentLang();
  const update = (patch: Partial<VehicleListFilters>, labelPatch: PickedVehicleLabels = {}) =>
    onChange({ ...filters, ...patch }, { ...labels, ...labelPatch });
  const statusChoices = VEHICLE_STATUSES.filter((status) => status.id !== IN_BID_TWIN).map((status) => ({
    id: status.id,
    name: status[lang],
  }));
  const typeChoices = VEHICLE_TYPES.map((type) => ({ id: type.id, name: type[lang] }));

  return (
    <ListFilterBar
      search={
        <ListSearchField
          value={filters.search}
          onSearch={(search) => update({ search })}
          label={t('vehicles.search')}
          placeholder={t('vehicles.searchPlaceholder')}
        />
      }
      panelId="vehicle-list-filters"
      setCount={countSetVehicleFilters(filters)}
      showClear={hasAnyVehicleFilter(filters)}
      onClear={onClear}
      defaultOpen={defaultOpen}
      wideColumns={5}
    >
      <MultiSelectFilter<VehicleStatusId>
        label={t('vehicles.filters.status')}
        choices={statusChoices}
        value={filters.status.filter((id) => id !== IN_BID_TWIN)}
        onChange={(status) => update({ status: status.includes(IN_BID) ? [...status, IN_BID_TWIN] : status })}
      />
      <MultiSelectFilter<VehicleType>
        label={t('vehicles.filters.type')}
        choices={typeChoices}
        value={filters.transport_type}
        onChange={(transport_type) => update({ transport_type })}
      />
      <CommonFilterFields
        filters={filters}
        labels={labels}
        dispatcherLabel={t('vehicles.filters.dispatcher')}
        searched={SEARCHED_FILTERS}
        stateLabel={t('vehicles.filters.state')}
        update={update}
      />
    </ListFilterBar>
  );
}
