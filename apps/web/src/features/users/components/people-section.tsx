import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { roleName, STAFF_ROLE_IDS, USER_STATUSES, lookupName } from '@app/domain/common/lookups';
import type { Employee } from '@app/domain/users/employees.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListSearchField } from '@/components/lists/list-search-field';
import { LoadingState } from '@/components/loading-state';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useWorkingGroups } from '@/lib/team-lookups';
import { useCompanyEmployees, type EmployeeListParams } from '../api/company-employees';
import { EmployeeDismissDialog } from './employee-dismiss-dialog';
import { EmployeeEditDialog } from './employee-edit-dialog';
import { canChangePeople, canChangeStatusOf } from './people-access';
import { PeopleTable } from './people-table';

const PAGE_SIZES = [25, 50, 100];

type Filters = { role: number | ''; status: string; team: number | ''; text: string };

/**
 * The company's office staff (GET users/company-employees/): filters by role, status (Active at first),
 * team and a text, pages of 25, 50 or 100; Edit and Dismiss for who may change people.
 */
export function PeopleSection() {
  const { t } = useTranslation();
  const lang = currentLang();
  const user = useCurrentUser();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const teams = useWorkingGroups();
  const [filters, setFilters] = useState<Filters>({ role: '', status: 'Active', team: '', text: '' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZES[0]!);
  const [editing, setEditing] = useState<Employee | null>(null);
  const [dismissing, setDismissing] = useState<Employee | null>(null);
  const query: EmployeeListParams = {
    role: filters.role === '' ? undefined : filters.role,
    status: filters.status || undefined,
    working_group: filters.team === '' ? undefined : filters.team,
    text: filters.text || undefined,
    page,
    limit,
  };
  const people = useCompanyEmployees(query);
  const setFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const mayChange = canChangePeople(user);

  let body;
  if (people.isPending) body = <LoadingState />;
  else if (people.isError) body = <ErrorState error={people.error} onRetry={() => void people.refetch()} />;
  else if (people.data.results.length === 0)
    body = (
      <EmptyState
        icon={<GroupOutlined />}
        title={t('users.people.empty')}
        description={t('users.people.emptyHint')}
      />
    );
  else
    body = (
      <>
        <PeopleTable
          people={people.data.results}
          compact={phone}
          actions={mayChange ? { onEdit: setEditing, onDismiss: setDismissing } : null}
          canDismiss={(person) => canChangeStatusOf(user, person)}
        />
        <TablePagination
          component="div"
          count={people.data.count}
          page={page - 1}
          rowsPerPage={limit}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={t('users.people.perPage')}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(1);
          }}
        />
      </>
    );

  const selectSx = { minWidth: { xs: 'calc(50% - 8px)', sm: 150 } };
  return (
    <Paper variant="outlined">
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
        <Typography variant="h2">{t('users.people.title')}</Typography>
        {people.data && (
          <Typography variant="body2" color="text.secondary">
            {people.data.count}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {t('shell.easternTimeNote')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.25 }}>
        <ListSearchField
          value={filters.text}
          onSearch={(text) => setFilter({ text: text.trim() })}
          label={t('users.people.search')}
          placeholder={t('users.people.searchHint')}
        />
        <TextField
          select
          label={t('users.role')}
          value={filters.role}
          sx={selectSx}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(event) =>
            setFilter({ role: event.target.value === '' ? '' : Number(event.target.value) })
          }
        >
          <MenuItem value="">{t('users.people.anyRole')}</MenuItem>
          {STAFF_ROLE_IDS.map((role) => (
            <MenuItem key={role} value={role}>
              {roleName(role, lang)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('users.people.status')}
          value={filters.status}
          sx={selectSx}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(event) => setFilter({ status: event.target.value })}
        >
          <MenuItem value="">{t('users.people.anyStatus')}</MenuItem>
          {USER_STATUSES.map((status) => (
            <MenuItem key={status.id} value={status.id}>
              {lookupName(USER_STATUSES, status.id, lang)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('users.people.team')}
          value={filters.team}
          sx={selectSx}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(event) =>
            setFilter({ team: event.target.value === '' ? '' : Number(event.target.value) })
          }
        >
          <MenuItem value="">{t('users.people.anyTeam')}</MenuItem>
          {(teams.data ?? []).map((team) => (
            <MenuItem key={team.id} value={team.id}>
              {team.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {body}
      {editing && <EmployeeEditDialog person={editing} onClose={() => setEditing(null)} />}
      {dismissing && <EmployeeDismissDialog person={dismissing} onClose={() => setDismissing(null)} />}
    </Paper>
  );
}
