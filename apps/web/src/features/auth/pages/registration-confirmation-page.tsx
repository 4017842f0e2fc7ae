import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEPARTMENTS } from '@app/domain/common/lookups';
import type { Department } from '@app/domain/common/lookups';
import type { Firm } from '@app/domain/users/users.schema';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUserQuery } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { useAddUserRequest } from '../api/add-user-request';
import { useFirms } from '../api/firms';
import { AuthCard } from '../components/auth-card';

export function firmLabel(firm: Firm): string {
  return `${firm.first_name} ${firm.last_name} — ${firm.company.name}`;
}

/**
 * A signed-in user with no role asks to join a company: department Carrier, Shipper or Dispatcher, and the
 * manager who is to approve (required for Dispatcher). Once sent, the user waits for a role.
 */
export function RegistrationConfirmationPage() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const userQuery = useCurrentUserQuery();
  const [justSent, setJustSent] = useState(false);
  const sent = justSent || userQuery.data?.req_status === 'Send';

  return (
    <AuthCard title={t('requestAccess.pageTitle')} width={440}>
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="info">
            <Typography variant="subtitle2" component="p">
              {t('requestAccess.sentTitle')}
            </Typography>
            {t('requestAccess.sentText')}
          </Alert>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={() => void signOut()}>
              {t('common.logout')}
            </Button>
            <Button
              variant="contained"
              loading={userQuery.isFetching}
              onClick={() => void userQuery.refetch()}
            >
              {t('common.refresh')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <RequestForm
          email={userQuery.data?.email}
          onSent={() => setJustSent(true)}
          onLogout={() => void signOut()}
        />
      )}
    </AuthCard>
  );
}

type RequestFormProps = { email: string | undefined; onSent: () => void; onLogout: () => void };

function RequestForm({ email, onSent, onLogout }: RequestFormProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const firms = useFirms();
  const addRequest = useAddUserRequest();
  const [department, setDepartment] = useState<Department | ''>('');
  const [manager, setManager] = useState<number | ''>('');

  const managerRequired = department === 'Dispatcher';
  const canSend = department !== '' && (!managerRequired || manager !== '') && !addRequest.isPending;

  const send = () => {
    if (department === '') return;
    addRequest.mutate(
      { target_department: department, resp_user: manager === '' ? null : manager },
      { onSuccess: onSent },
    );
  };

  const managerHelper = firms.isError
    ? t('requestAccess.managersFailed')
    : managerRequired
      ? t('requestAccess.managerRequired')
      : t('requestAccess.managerOptional');

  return (
    <Stack spacing={1.5}>
      <Typography variant="body1" color="text.secondary">
        {email ? t('requestAccess.introFor', { email }) : t('requestAccess.intro')}
      </Typography>
      <TextField
        select
        fullWidth
        label={t('requestAccess.department')}
        value={department}
        onChange={(event) => setDepartment(event.target.value as Department)}
      >
        {DEPARTMENTS.map((entry) => (
          <MenuItem key={entry.id} value={entry.id}>
            {entry[lang]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        label={t('requestAccess.manager')}
        value={manager}
        required={managerRequired}
        disabled={firms.isPending}
        error={firms.isError}
        helperText={firms.isPending ? t('common.loading') : managerHelper}
        onChange={(event) => {
          const value = event.target.value as number | '';
          setManager(value === '' ? '' : Number(value));
        }}
      >
        <MenuItem value="">
          <em>{t('requestAccess.noManager')}</em>
        </MenuItem>
        {(firms.data ?? []).map((firm) => (
          <MenuItem key={`${firm.id}-${firm.company.id}`} value={firm.id}>
            {firmLabel(firm)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onLogout}>
          {t('common.logout')}
        </Button>
        <Button variant="contained" disabled={!canSend} loading={addRequest.isPending} onClick={send}>
          {t('requestAccess.send')}
        </Button>
      </Stack>
    </Stack>
  );
}
