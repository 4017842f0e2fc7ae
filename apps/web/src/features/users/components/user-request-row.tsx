import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { DEPARTMENTS, lookupName, roleName, STAFF_ROLE_IDS } from '@app/domain/common/lookups';
import type { StaffRoleId } from '@app/domain/common/lookups';
import type { UserRequest } from '@app/domain/users/users.schema';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { toastSuccess } from '@/lib/messages';
import { useApproveUserRequest } from '../api/approve-user-request';
import { useRejectUserRequest } from '../api/reject-user-request';

/** A dispatcher asking to join most likely becomes one; other departments have no matching staff role. */
function suggestedRole(request: UserRequest): StaffRoleId | '' {
  return request.target_department === 'Dispatcher' ? 5 : '';
}

export function UserRequestRow({ request }: { request: UserRequest }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [role, setRole] = useState<StaffRoleId | ''>(() => suggestedRole(request));
  const approve = useApproveUserRequest();
  const reject = useRejectUserRequest();
  const busy = approve.isPending || reject.isPending;
  const name = `${request.user.first_name} ${request.user.last_name}`.trim();
  const selectId = `request-role-${request.id}`;

  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 500 }}>{name || '—'}</TableCell>
      <TableCell>{request.user.email}</TableCell>
      <TableCell>{lookupName(DEPARTMENTS, request.target_department, lang)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatDateTime(request.created_at)}
      </TableCell>
      <TableCell sx={{ minWidth: 170 }}>
        <TextField
          select
          id={selectId}
          margin="none"
          fullWidth
          value={role}
          label={t('users.role')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(event) => setRole(Number(event.target.value) as StaffRoleId)}
        >
          <MenuItem value="" disabled>
            <em>{t('users.chooseRole')}</em>
          </MenuItem>
          {STAFF_ROLE_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {roleName(id, lang)}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            color="inherit"
            variant="outlined"
            disabled={busy}
            loading={reject.isPending}
            onClick={() => reject.mutate(request.id, { onSuccess: () => toastSuccess() })}
          >
            {t('users.reject')}
          </Button>
          <Button
            variant="contained"
            disabled={busy || role === ''}
            loading={approve.isPending}
            onClick={() => {
              if (role !== '') approve.mutate({ id: request.id, role }, { onSuccess: () => toastSuccess() });
            }}
          >
            {t('users.approve')}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
