import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { VEHICLE_TYPES } from '@app/domain/common/lookups';
import { countBoardFilters } from '@app/domain/loadboard/board-templates.rules';
import { DEFAULT_MAX_MILES_OUT, MAX_MILES_LIMIT } from '@app/domain/loadboard/loadboard.schema';
import { ListFilterBar, MultiSelectFilter, TeamFilterFields } from '@/components/lists/list-filters';
import { SearchMultiPicker } from '@/components/search-picker/search-picker';
import { currentLang } from '@/i18n/i18n';
import { searchBrokers } from '@/lib/broker-search';
import { IncludeExcludeSwitch, MilesField, RegionsField } from './board-filter-fields';
import { BROKERAGES } from './board-storage';
import type { Brokerage, BoardScope } from './board-storage';
import { TemplatePicker } from './template-picker';
import type { BoardTemplates } from './use-board-templates';

// The board's filter panel: the template picker first (None, Custom, named), then every parameter of GET
// loads/loadboard. The template's filters go through the template rules; the team, group and brokerage
// are the board's scope, kept apart in local storage as the spec lists them.

type BoardFiltersBarProps = {
  templates: BoardTemplates;
  scope: BoardScope;
  onScope: (scope: BoardScope) => void;
  /** Broker names by id, for the brokers picked (a template stores their ids only). */
  brokerNames: Readonly<Record<number, string>>;
  onBrokerNames: (names: Record<number, string>) => void;
  soundOn: boolean;
  onSound: (on: boolean) => void;
  onClear: () => void;
  defaultOpen: boolean;
};

export function BoardFiltersBar({
  templates,
  scope,
  onScope,
  brokerNames,
  onBrokerNames,
  soundOn,
  onSound,
  onClear,
  defaultOpen,
}: BoardFiltersBarProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { filters, change } = templates;
  const scopeCount = (scope.wg !== null ? 1 : 0) + (scope.brokerages.length > 0 ? 1 : 0);
  const setCount = countBoardFilters(filters) + scopeCount;
  const vehicleTypes = VEHICLE_TYPES.map((entry) => ({ id: entry.id, name: entry[lang] }));
  const brokerages = BROKERAGES.map((id) => ({ id, name: t(`loadboard.filters.brokerages.${id}`) }));
  const brokers = filters.brokers.map((id) => ({ id, label: brokerNames[id] ?? `#${id}`, detail: null }));

  return (
    <ListFilterBar
      search={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <TemplatePicker templates={templates} />
          <FormControlLabel
            control={
              <Switch size="small" checked={soundOn} onChange={(event) => onSound(event.target.checked)} />
            }
            label={t('loadboard.filters.sound')}
            sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
          />
        </Box>
      }
      panelId="loadboard-filters"
      setCount={setCount}
      showClear={setCount > 0}
      onClear={onClear}
      defaultOpen={defaultOpen}
      wideColumns={4}
    >
      <RegionsField
        label={t('loadboard.filters.pickupStates')}
        value={filters.pickupStates}
        onChange={(pickupStates) => change({ pickupStates })}
      />
      <RegionsField
        label={t('loadboard.filters.deliveryStates')}
        value={filters.deliveryStates}
        onChange={(deliveryStates) => change({ deliveryStates })}
      />
      <Box sx={{ display: 'flex', gap: 0.5, minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
        {/* The select is as wide as its text by itself: stretched to the cell, like the fields beside it. */}
        <Box sx={{ flex: 1, minWidth: 0, '& > .MuiFormControl-root': { width: '100%' } }}>
          <MultiSelectFilter
            label={t('loadboard.filters.vehicleTypes')}
            choices={vehicleTypes}
            value={filters.vehicleTypes}
            onChange={(types) => change({ vehicleTypes: types })}
          />
        </Box>
        <IncludeExcludeSwitch
          label={t('loadboard.filters.vehicleTypesMode')}
          exclude={filters.vehiclesExclude}
          onChange={(vehiclesExclude) => change({ vehiclesExclude })}
        />
      </Box>
      <MilesField
        label={t('loadboard.filters.miles')}
        value={filters.miles}
        max={MAX_MILES_LIMIT}
        onChange={(miles) => change({ miles })}
      />
      <Box sx={{ display: 'flex', gap: 0.5, minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <SearchMultiPicker
            kind="broker"
            label={t('loadboard.filters.brokers')}
            search={searchBrokers}
            value={brokers}
            onChange={(options) => {
              onBrokerNames(Object.fromEntries(options.map((option) => [option.id, option.label])));
              change({ brokers: options.map((option) => option.id) });
            }}
          />
        </Box>
        <IncludeExcludeSwitch
          label={t('loadboard.filters.brokersMode')}
          exclude={filters.brokersExclude}
          onChange={(brokersExclude) => change({ brokersExclude })}
        />
      </Box>
      <MultiSelectFilter<Brokerage>
        label={t('loadboard.filters.brokerage')}
        choices={brokerages}
        value={scope.brokerages}
        onChange={(chosen) => onScope({ ...scope, brokerages: chosen })}
      />
      <TeamFilterFields
        team={scope.wg}
        subgroup={scope.sub_wg}
        onChange={(wg, sub_wg) => onScope({ ...scope, wg, sub_wg })}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
        <FormControlLabel
          control={
            <Switch checked={filters.match} onChange={(event) => change({ match: event.target.checked })} />
          }
          label={t('loadboard.filters.match')}
          sx={{ mr: 0 }}
        />
        <Box sx={{ flex: 1, minWidth: 120 }}>
          <MilesField
            label={t('loadboard.filters.maxMilesOut')}
            value={filters.maxMiles}
            max={MAX_MILES_LIMIT}
            disabled={!filters.match}
            helperText={
              filters.maxMiles === null
                ? t('loadboard.filters.maxMilesOutDefault', { miles: DEFAULT_MAX_MILES_OUT })
                : undefined
            }
            onChange={(maxMiles) => change({ maxMiles })}
          />
        </Box>
      </Box>
    </ListFilterBar>
  );
}
