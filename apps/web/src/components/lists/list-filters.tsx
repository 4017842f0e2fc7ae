import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { RegionField } from '@/components/region-field/region-field';
import { DispatcherPicker } from '@/components/search-picker/dispatcher-picker';
import { pickedOption, SearchPicker } from '@/components/search-picker/search-picker';
import type { PickerSearch } from '@/components/search-picker/search-picker';
import { useWorkingGroups } from '@/lib/team-lookups';

// The filter bar of the list pages with saved filter sets (the load lists, the vehicles table): the search
// box, a Filters button that shows and hides the panel (a badge counts the filters set while it is hidden),
// a Clear filters button, and the fields the lists share.

/** What the filter bar of a list with saved filter sets takes from its page. */
export type SavedFilterBarProps<Filters, Labels> = {
  filters: Filters;
  /** The names of the records picked in the filters, shown before any search is made. */
  labels: Labels;
  onChange: (filters: Filters, labels: Labels) => void;
  onClear: () => void;
  /** Open the filter panel at first (wide screens). */
  defaultOpen: boolean;
};

type ListFilterBarProps = {
  /** The search box, first in the row. */
  search: ReactNode;
  /** The id of the panel, named by the Filters button. */
  panelId: string;
  /** How many filters (search aside) are set. */
  setCount: number;
  /** Any filter or a search is set: offer to clear them. */
  showClear: boolean;
  onClear: () => void;
  /** Open the panel at first (wide screens); it also opens when filters are set. */
  defaultOpen: boolean;
  /** The panel's columns on a wide screen. */
  wideColumns: number;
  /** The filter fields. */
  children: ReactNode;
};

export function ListFilterBar({
  search,
  panelId,
  setCount,
  showClear,
  onClear,
  defaultOpen,
  wideColumns,
  children,
}: ListFilterBarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen || setCount > 0);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {search}
        <Button
          variant={open ? 'contained' : 'outlined'}
          color={open ? 'primary' : 'inherit'}
          startIcon={
            <Badge badgeContent={setCount} color="primary" invisible={open || setCount === 0}>
              <FilterListOutlined fontSize="small" />
            </Badge>
          }
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {t('lists.filters')}
        </Button>
        {showClear && (
          <Button color="inherit" onClick={onClear}>
            {t('lists.clearFilters')}
          </Button>
        )}
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box
          id={panelId}
          role="group"
          aria-label={t('lists.filters')}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: {
              xs: '1fr 1fr',
              sm: 'repeat(3, minmax(0, 1fr))',
              lg: `repeat(${wideColumns}, minmax(0, 1fr))`,
            },
            pt: 0.5,
          }}
        >
          {children}
        </Box>
      </Collapse>
    </Box>
  );
}

type TeamFilterFieldsProps = {
  team: number | null;
  subgroup: number | null;
  /** A new team clears the subgroup, which belongs to the team. */
  onChange: (team: number | null, subgroup: number | null) => void;
};

/** The team and subgroup filters (working-groups/all); the subgroup is open once a team with some is set. */
export function TeamFilterFields({ team, subgroup, onChange }: TeamFilterFieldsProps) {
  const { t } = useTranslation();
  const groups = useWorkingGroups();
  const subgroups = groups.data?.find((group) => group.id === team)?.subgroups ?? [];
  const asId = (value: string) => (value === '' ? null : Number(value));

  return (
    <>
      <TextField
        select
        label={t('lists.team')}
        value={team ?? ''}
        onChange={(event) => onChange(asId(event.target.value), null)}
      >
        <MenuItem value="">{t('lists.any')}</MenuItem>
        {(groups.data ?? []).map((group) => (
          <MenuItem key={group.id} value={group.id}>
            {group.group_name || group.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('lists.subgroup')}
        value={subgroup ?? ''}
        disabled={subgroups.length === 0}
        onChange={(event) => onChange(team, asId(event.target.value))}
      >
        <MenuItem value="">{t('lists.any')}</MenuItem>
        {subgroups.map((entry) => (
          <MenuItem key={entry.id} value={entry.id}>
            {entry.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** A filter picked from a server search: a driver, an owner, a vehicle, a broker. */
export type SearchedFilter<Name extends string> = {
  /** The filter's name in the list's filters and labels. */
  name: Name;
  /** The translation key of the field's label. */
  labelKey: string;
  /** The search's name in the picker's cache (see SearchPicker). */
  kind: string;
  search: PickerSearch;
};

type SearchedFilterFieldsProps<Name extends string> = {
  fields: readonly SearchedFilter<Name>[];
  /** The ids picked, by filter name. */
  ids: { readonly [Key in Name]: number | null };
  labels: Partial<Record<Name, string>>;
  /** A record picked (or the field cleared): its id for the filters, its name for the labels. */
  onPick: (name: Name, id: number | null, label: string | undefined) => void;
};

/** The filters picked from a server search, in the order given; each shows its saved name until searched. */
export function SearchedFilterFields<Name extends string>({
  fields,
  ids,
  labels,
  onPick,
}: SearchedFilterFieldsProps<Name>) {
  const { t } = useTranslation();
  return fields.map(({ name, labelKey, kind, search }) => (
    <SearchPicker
      key={name}
      kind={kind}
      label={t(labelKey)}
      search={search}
      value={pickedOption(ids[name], labels[name])}
      onChange={(option) => onPick(name, option?.id ?? null, option?.label)}
    />
  ));
}

type MultiSelectFilterProps<Id extends string | number> = {
  label: string;
  /** The choices in their order, each with its name in the interface language. */
  choices: readonly { id: Id; name: string }[];
  value: readonly Id[];
  onChange: (value: Id[]) => void;
};

/** Several choices of a short fixed list (statuses, vehicle types), ticked in a menu. */
export function MultiSelectFilter<Id extends string | number>({
  label,
  choices,
  value,
  onChange,
}: MultiSelectFilterProps<Id>) {
  return (
    <TextField
      select
      label={label}
      value={value}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as Id[]).map((id) => choices.find((choice) => choice.id === id)?.name).join(', '),
        },
      }}
      onChange={(event) => onChange(event.target.value as unknown as Id[])}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id} dense>
          <Checkbox size="small" checked={value.includes(choice.id)} sx={{ p: 0.25, mr: 1 }} />
          <ListItemText>{choice.name}</ListItemText>
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The filters that every list with saved filter sets has. */
type CommonFilters = {
  wg: number | null;
  sub_wg: number | null;
  dispatcher: number | null;
  /** A US state or Canadian province code. */
  state: string | null;
};

type PickedIds<Name extends string> = { [Key in Name]: number | null };
type PickedNames<Name extends string> = Partial<Record<Name, string>>;

type CommonFilterFieldsProps<Name extends string> = {
  filters: CommonFilters & PickedIds<Name>;
  labels: PickedNames<Name | 'dispatcher'>;
  dispatcherLabel: string;
  /** Offers only the dispatchers of the team set. */
  dispatcherOfTeam?: boolean;
  /** The records picked from a server search, after the dispatcher. */
  searched: readonly SearchedFilter<Name>[];
  stateLabel: string;
  /** Sets some filters, and the names of the records picked among them. */
  update: (
    patch: Partial<CommonFilters> | Partial<PickedIds<Name>>,
    labelPatch?: PickedNames<'dispatcher'> | PickedNames<Name>,
  ) => void;
};

/**
 * The fields of the filters that the lists with saved filter sets share, in this order: the team and
 * subgroup, the dispatcher, the records picked from a server search, and the state or province.
 */
export function CommonFilterFields<Name extends string>({
  filters,
  labels,
  dispatcherLabel,
  dispatcherOfTeam,
  searched,
  stateLabel,
  update,
}: CommonFilterFieldsProps<Name>) {
  return (
    <>
      <TeamFilterFields
        team={filters.wg}
        subgroup={filters.sub_wg}
        onChange={(wg, sub_wg) => update({ wg, sub_wg })}
      />
      <DispatcherPicker
        label={dispatcherLabel}
        workingGroup={dispatcherOfTeam ? filters.wg : null}
        value={filters.dispatcher}
        valueLabel={labels.dispatcher}
        onChange={(dispatcher, label) => update({ dispatcher }, { dispatcher: label })}
      />
      <SearchedFilterFields
        fields={searched}
        ids={filters}
        labels={labels}
        onPick={(name, id, label) => update({ [name]: id }, { [name]: label })}
      />
      <RegionField label={stateLabel} value={filters.state} onChange={(state) => update({ state })} />
    </>
  );
}
