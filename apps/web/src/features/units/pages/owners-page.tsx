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
import AddOutlined from '@mui/icons-material/AddOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import type { Owner } from '@app/domain/units/units.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/messages';
import { useOwnerList } from '../api/owner-list';
import { useUpdateOwner } from '../api/update-owner';
import { ListSearchField } from '../components/list-search-field';
import { OwnerDialog } from '../components/owner-dialog';
import { OwnerCardList, OwnersTable } from '../components/owners-table';
import { canEditOwners } from '../components/units-permissions';
import { useErrorLines } from '../components/units-messages';

const LIMITS = [25, 50, 100] as const;

type ActiveFilter = '' | 'true' | 'false';

/** /units/owners/: the vehicle owners, creating and editing them, and their wage visibility. */
export function OwnersPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const user = useCurrentUser();
  const errorLines = useErrorLines();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS[0]);
  const [dialog, setDialog] = useState<{ owner: Owner | null } | null>(null);
  const [wageError, setWageError] = useState<string[] | null>(null);
  const owners = useOwnerList({ page, limit, search: search.trim(), is_active: active });
  const update = useUpdateOwner();
  const editable = canEditOwners(user);
  const rows = owners.data?.results ?? [];
  const tableLabel = t('owners.title');

  const setWageVisible = (owner: Owner, value: boolean) => {
    setWageError(null);
    update.mutate(
      { id: owner.id, body: { is_wage_visible: value } },
      { onSuccess: () => toastSuccess(), onError: (error) => setWageError(errorLines(error)) },
    );
  };

  let body;
  if (owners.isPending) body = <LoadingState />;
  else if (owners.isError) body = <ErrorState error={owners.error} onRetry={() => void owners.refetch()} />;
  else if (rows.length === 0)
    body =
      search.trim() !== '' || active !== '' ? (
        <EmptyState title={t('owners.noMatches')} description={t('unitsCommon.noMatchesHint')} />
      ) : (
        <EmptyState
          icon={<BusinessOutlined />}
          title={t('owners.empty')}
          description={t('owners.emptyHint')}
        />
      );
  else
    body = (
      <>
        {phone ? (
          <OwnerCardList
            owners={rows}
            label={tableLabel}
            onEdit={editable ? (owner) => setDialog({ owner }) : undefined}
          />
        ) : (
          <OwnersTable
            owners={rows}
            label={tableLabel}
            onEdit={editable ? (owner) => setDialog({ owner }) : undefined}
            onWageVisible={editable ? setWageVisible : undefined}
            pendingId={update.isPending ? update.variables.id : null}
          />
        )}
        <TablePagination
          component="div"
          count={owners.data.count}
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
            label={t('owners.search')}
            placeholder={t('owners.searchPlaceholder')}
          />
          <TextField
            select
            label={t('owners.fields.active')}
            value={active}
            onChange={(event) => {
              setActive(event.target.value as ActiveFilter);
              setPage(1);
            }}
            sx={{ minWidth: 130 }}
          >
            <MenuItem value="">{t('unitsCommon.any')}</MenuItem>
            <MenuItem value="true">{t('unitsCommon.yes')}</MenuItem>
            <MenuItem value="false">{t('unitsCommon.no')}</MenuItem>
          </TextField>
          {editable && (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ owner: null })}
              sx={{ ml: 'auto' }}
            >
              {t('owners.create.open')}
            </Button>
          )}
        </Box>
      }
    >
      {wageError && (
        <Alert severity="error" onClose={() => setWageError(null)}>
          {wageError.join(' ')}
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
          {owners.data && (
            <Typography variant="body2" color="text.secondary" aria-label={t('unitsCommon.count')}>
              {owners.data.count}
            </Typography>
          )}
        </Box>
        {owners.isFetching && !owners.isPending && (
          <LinearProgress
            sx={{ position: 'absolute', left: 0, right: 0, height: 2 }}
            aria-label={t('common.loading')}
          />
        )}
        {body}
      </Paper>
      {dialog && <OwnerDialog owner={dialog.owner} onClose={() => setDialog(null)} />}
    </PageFrame>
  );
}
