import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import { lookupName, roleName, USER_STATUSES, type UserStatusId } from '@app/domain/common/lookups';
import type { Employee } from '@app/domain/users/employees.schema';
import { ActionsColumnHeader, CardList, ListTable } from '@/components/lists/list-table';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';

type Props = {
  people: Employee[];
  /** Cards instead of the table (a phone). */
  compact: boolean;
  /** The row actions, when the user may change people; `canDismiss` says for whom. */
  actions: { onEdit: (person: Employee) => void; onDismiss: (person: Employee) => void } | null;
  canDismiss: (person: Employee) => boolean;
};

const STATUS_COLOR: Record<UserStatusId, 'success' | 'warning' | 'default'> = {
  Active: 'success',
  Pending: 'warning',
  Fired: 'default',
};

const fullName = (person: Employee) => `${person.first_name} ${person.last_name}`.trim() || '—';

function StatusChip({ status }: { status: UserStatusId }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status]}
      label={lookupName(USER_STATUSES, status, currentLang())}
    />
  );
}

function RowActions({
  person,
  actions,
  canDismiss,
}: { person: Employee } & Pick<Props, 'actions' | 'canDismiss'>) {
  const { t } = useTranslation();
  if (!actions) return null;
  const name = fullName(person);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.25 }}>
      <Tooltip title={t('users.people.edit')}>
        <IconButton
          size="small"
          aria-label={t('users.people.editOf', { name })}
          onClick={() => actions.onEdit(person)}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {person.status !== 'Fired' && canDismiss(person) && (
        <Tooltip title={t('users.people.dismiss')}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('users.people.dismissOf', { name })}
            onClick={() => actions.onDismiss(person)}
          >
            <PersonRemoveOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

const teamText = (person: Employee) =>
  [person.working_group?.name, person.subgroup?.name].filter(Boolean).join(' / ') || '—';

/** The people of one page: a dense table, or cards on a phone. */
export function PeopleTable({ people, compact, actions, canDismiss }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (compact) {
    return (
      <CardList label={t('users.people.title')}>
        {people.map((person) => (
          <Box
            component="li"
            key={person.id}
            sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 1 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {fullName(person)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {roleName(person.role, lang)} · {teamText(person)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {person.email}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <StatusChip status={person.status} />
              </Box>
            </Box>
            <RowActions person={person} actions={actions} canDismiss={canDismiss} />
          </Box>
        ))}
      </CardList>
    );
  }
  return (
    <ListTable
      label={t('users.people.title')}
      minWidth={960}
      endPadding={1}
      columns={
        <>
          <TableCell>{t('users.name')}</TableCell>
          <TableCell>{t('users.email')}</TableCell>
          <TableCell>{t('users.people.phone')}</TableCell>
          <TableCell>{t('users.role')}</TableCell>
          <TableCell>{t('users.people.team')}</TableCell>
          <TableCell>{t('users.people.status')}</TableCell>
          <TableCell align="right">{t('users.people.loads')}</TableCell>
          <TableCell align="right">{t('users.people.vehicles')}</TableCell>
          <TableCell>{t('users.people.lastLogin')}</TableCell>
          {actions && <ActionsColumnHeader label={t('users.actions')} />}
        </>
      }
    >
      {people.map((person) => (
        <TableRow key={person.id} hover>
          <TableCell sx={{ fontWeight: 500 }}>{fullName(person)}</TableCell>
          <TableCell>{person.email}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{person.phone_number ?? '—'}</TableCell>
          <TableCell>{roleName(person.role, lang)}</TableCell>
          <TableCell>{teamText(person)}</TableCell>
          <TableCell>
            <StatusChip status={person.status} />
          </TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {person.open_loads}
          </TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {person.vehicles}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {person.last_login ? formatDateTime(person.last_login) : t('users.people.never')}
          </TableCell>
          {actions && (
            <TableCell align="right">
              <RowActions person={person} actions={actions} canDismiss={canDismiss} />
            </TableCell>
          )}
        </TableRow>
      ))}
    </ListTable>
  );
}
