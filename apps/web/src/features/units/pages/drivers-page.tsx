import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { USER_STATUSES } from '@app/domain/common/lookups';
import type { UserStatusId } from '@app/domain/common/lookups';
import type { Driver } from '@app/domain/units/units.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import type { QueryParams } from '@/lib/http-client';
import { toastSuccess } from '@/lib/messages';
import { useDriverList } from '../api/driver-list';
import { useUpdateDriverIsActive } from '../api/update-driver-is-active';
import { useUpdateDriverIsActiveForOwner } from '../api/update-driver-is-active-for-owner';
import { AddDriverDialog } from '../components/add-driver-dialog';
import { DriverCard } from '../components/driver-card';
import { DriverCardList, DriversTable } from '../components/drivers-table';
import type { DriverSwitch } from '../components/drivers-table';
import { ListSearchField } from '../components/list-search-field';
import { canManageDrivers } from '../components/units-permissions';
import { useErrorLines } from '../components/units-messages';

const LIMITS = [25, 50, 100] as const;

type ActiveFilter = '' | 'true' | 'false';

/** /units/drivers/: the company's drivers, adding a driver (HR and managers) and the is-active switches. */
export function DriversPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const user = useCurrentUser();
  const errorLines = useErrorLines();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatusId | ''>('');
  const [active, setActive] = useState<ActiveFilter>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS[0]);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [switchError, setSwitchError] = useState<string[] | null>(null);
  const query: QueryParams = { page, limit, search: search.trim(), status, is_active: active };
  const drivers = useDriverList(query);
  const isActive = useUpdateDriverIsActive();
  const isActiveForOwner = useUpdateDriverIsActiveForOwner();
  const pendingId = isActive.isPending
    ? isActive.variables.id
    : isActiveForOwner.isPending
      ? isActiveForOwner.variables.id
      : null;

  const rows = drivers.data?.results ?? [];
  const openDriver = rows.find((driver) => driver.id === openId) ?? null;
  const filtered = search.trim() !== '' || status !== '' || active !== '';
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
  const clear = () => {
    setStatus('');
    setActive('');
    setPage(1);
  };

  let body;
  if (drivers.isPending) body = <LoadingState />;
  else if (drivers.isError)
    body = <ErrorState error={drivers.error} onRetry={() => void drivers.refetch()} />;
  else if (rows.length === 0)
    body = filtered ? (
      <EmptyState title={t('drivers.noMatches')} description={t('unitsCommon.noMatchesHint')} />
    ) : (
      <EmptyState icon={<PersonOutlined />} title={t('drivers.empty')} description={t('drivers.emptyHint')} />
    );
  else
    body = (
      <>
        {phone ? (
          <DriverCardList drivers={rows} label={tableLabel} onOpen={(driver) => setOpenId(driver.id)} />
        ) : (
          <DriversTable
            drivers={rows}
            label={tableLabel}
            onOpen={(driver) => setOpenId(driver.id)}
            onSwitch={onSwitch}
            pendingId={pendingId}
          />
        )}
        <TablePagination
          component="div"
          count={drivers.data.count}
          page={Math.max(0, page - 1)}
          rowsPerPage={limit}
          rowsPerPageOptions={[...LIMITS]}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(1);
          }}
          labelRowsPerPage={t('unitsCommon.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('unitsCommon.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`unitsCommon.pageButton.${type}`)}
        />
      </>
    );

  return (
    <PageFrame
      toolbar={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', flex: 1 }}>
          <ListSearchField
            value={search}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
            label={t('drivers.search')}
            placeholder={t('drivers.searchPlaceholder')}
          />
          <TextField
            select
            label={t('drivers.columns.status')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as UserStatusId | '');
              setPage(1);
            }}
            sx={{ minWidth: 130 }}
          >
            <MenuItem value="">{t('unitsCommon.any')}</MenuItem>
            {USER_STATUSES.map((entry) => (
              <MenuItem key={entry.id} value={entry.id}>
                {entry[lang]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('drivers.columns.isActive')}
            value={active}
            onChange={(event) => {
              setActive(event.target.value as ActiveFilter);
              setPage(1);
            }}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t('unitsCommon.any')}</MenuItem>
            <MenuItem value="true">{t('unitsCommon.yes')}</MenuItem>
            <MenuItem value="false">{t('unitsCommon.no')}</MenuItem>
          </TextField>
          {(status !== '' || active !== '') && (
            <Button color="inherit" onClick={clear}>
              {t('unitsCommon.clearFilters')}
            </Button>
          )}
          {canManageDrivers(user) && (
            <Button
              variant="contained"
              startIcon={<PersonAddAltOutlined />}
              onClick={() => setAdding(true)}
              sx={{ ml: 'auto' }}
            >
              {t('drivers.add.open')}
            </Button>
          )}
        </Box>
      }
    >
      {switchError && (
        <Alert severity="error" onClose={() => setSwitchError(null)}>
          {switchError.join(' ')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            gap: 1,
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h2">{tableLabel}</Typography>
          {drivers.data && (
            <Typography variant="body2" color="text.secondary" aria-label={t('unitsCommon.count')}>
              {drivers.data.count}
            </Typography>
          )}
        </Box>
        {drivers.isFetching && !drivers.isPending && (
          <LinearProgress
            sx={{ position: 'absolute', left: 0, right: 0, height: 2 }}
            aria-label={t('common.loading')}
          />
        )}
        {body}
      </Paper>
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
