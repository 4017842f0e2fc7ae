import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { USER_STATUSES } from '@app/domain/common/lookups';
import type { UserStatusId } from '@app/domain/common/lookups';
import type { Driver } from '@app/domain/units/units.schema';
import {
  ListActionError,
  ListAddButton,
  ListEmptyState,
  ListPanel,
  ListToolbar,
  listPager,
  useListLayout,
  useListState,
  YesNoFilter,
} from '@/components/lists/list-page';
import type { YesNoFilterValue } from '@/components/lists/list-page';
import { ListSearchField } from '@/components/lists/list-search-field';
import { LIST_LIMITS } from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
import { PageFrame } from '@/components/page-frame';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/messages';
import { useDriverList } from '../api/driver-list';
import { useUpdateDriverIsActive } from '../api/update-driver-is-active';
import { useUpdateDriverIsActiveForOwner } from '../api/update-driver-is-active-for-owner';
import { AddDriverDialog } from '../components/add-driver-dialog';
import { DriverCard } from '../components/driver-card';
import { DriverCardList, DriversTable } from '../components/drivers-table';
import type { DriverSwitch } from '../components/drivers-table';
import { canManageDrivers } from '../components/units-permissions';
import { useErrorLines } from '../components/units-messages';

type DriverListState = {
  search: string;
  status: UserStatusId | '';
  active: YesNoFilterValue;
  limit: ListLimit;
};

/** /units/drivers/: the company's drivers, adding a driver (HR and managers) and the is-active switches. */
export function DriversPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const { phone } = useListLayout();
  const user = useCurrentUser();
  const errorLines = useErrorLines();
  const list = useListState<DriverListState>(() => ({
    search: '',
    status: '',
    active: '',
    limit: LIST_LIMITS[0],
  }));
  const { state, page, change } = list;
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [switchError, setSwitchError] = useState<string[] | null>(null);
  const drivers = useDriverList({
    page,
    limit: state.limit,
    search: state.search.trim(),
    status: state.status,
    is_active: state.active,
  });
  const isActive = useUpdateDriverIsActive();
  const isActiveForOwner = useUpdateDriverIsActiveForOwner();
  const pendingId = isActive.isPending
    ? isActive.variables.id
    : isActiveForOwner.isPending
      ? isActiveForOwner.variables.id
      : null;

  const openDriver = drivers.data?.results.find((driver) => driver.id === openId) ?? null;
  const filtersSet = state.status !== '' || state.active !== '';
  const tableLabel = t('drivers.title');

  const flip = (driver: Driver, name: DriverSwitch, value: boolean) => {
    setSwitchError(null);
    const done = {
      onSuccess: () => toastSuccess(),
      onError: (error: unknown) => setSwitchError(errorLines(error)),
    };
    if (name === 'is_active') isActive.mutate({ id: driver.id, is_active: value }, done);
    else isActiveForOwner.mutate({ id: driver.id, is_active_for_owner: value }, done);
  };
  const onSwitch = canManageDrivers(user) ? flip : undefined;

  return (
    <PageFrame
      toolbar={
        <ListToolbar>
          <ListSearchField
            value={state.search}
            onSearch={(search) => change({ ...state, search })}
            label={t('drivers.search')}
            placeholder={t('drivers.searchPlaceholder')}
          />
          <TextField
            select
            label={t('drivers.columns.status')}
            value={state.status}
            onChange={(event) => change({ ...state, status: event.target.value as UserStatusId | '' })}
            sx={{ minWidth: 130 }}
          >
            <MenuItem value="">{t('lists.any')}</MenuItem>
            {USER_STATUSES.map((entry) => (
              <MenuItem key={entry.id} value={entry.id}>
                {entry[lang]}
              </MenuItem>
            ))}
          </TextField>
          <YesNoFilter
            label={t('drivers.columns.isActive')}
            value={state.active}
            onChange={(active) => change({ ...state, active })}
            minWidth={150}
          />
          {filtersSet && (
            <Button color="inherit" onClick={() => change({ ...state, status: '', active: '' })}>
              {t('lists.clearFilters')}
            </Button>
          )}
          {canManageDrivers(user) && (
            <ListAddButton icon={<PersonAddAltOutlined />} onClick={() => setAdding(true)}>
              {t('drivers.add.open')}
            </ListAddButton>
          )}
        </ListToolbar>
      }
    >
      <ListActionError lines={switchError} onClose={() => setSwitchError(null)} />
      <ListPanel
        query={drivers}
        title={tableLabel}
        countLabel={t('unitsCommon.count')}
        empty={
          <ListEmptyState
            filtered={state.search.trim() !== '' || filtersSet}
            noMatchesTitle={t('drivers.noMatches')}
            noMatchesHint={t('unitsCommon.noMatchesHint')}
            icon={<PersonOutlined />}
            emptyTitle={t('drivers.empty')}
            emptyHint={t('drivers.emptyHint')}
          />
        }
        pager={listPager(list, LIST_LIMITS)}
      >
        {(data) =>
          phone ? (
            <DriverCardList
              drivers={data.results}
              label={tableLabel}
              onOpen={(driver) => setOpenId(driver.id)}
            />
          ) : (
            <DriversTable
              drivers={data.results}
              label={tableLabel}
              onOpen={(driver) => setOpenId(driver.id)}
              onSwitch={onSwitch}
              pendingId={pendingId}
            />
          )
        }
      </ListPanel>
      <DriverCard
        driver={openDriver}
        onClose={() => setOpenId(null)}
        onSwitch={onSwitch}
        switchPending={pendingId !== null}
      />
      {adding && <AddDriverDialog onClose={() => setAdding(false)} />}
    </PageFrame>
  );
}
