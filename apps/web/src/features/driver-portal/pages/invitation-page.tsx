import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, newPasswordSchema } from '@app/domain/auth/auth.schema';
import { LoadingState } from '@/components/loading-state';
import { errorStatus, isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { useDriverPortalMessageText, useErrorLines } from '../components/driver-portal-messages';

/**
 * /driver/invite/{token}: the invited driver or owner chooses a password. The page names whom the link
 * invites, then makes the sign-in and signs them in to the driver page. A used or old link says so.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const invitation = useInvitation(token);
  const errorLines = useErrorLines();

  let body;
  if (invitation.isPending) body = <LoadingState />;
  else if (invitation.isError)
    body = (
      <>
        <Alert severity="error">
          {errorStatus(invitation.error) === 404 || errorStatus(invitation.error) === 400
            ? t('driverPortal.invitation.invalid')
            : errorLines(invitation.error).join(' ')}
        </Alert>
        <Link component={RouterLink} to="/login/">
          {t('driverPortal.invitation.toSignIn')}
        </Link>
      </>
    );
  else body = <PasswordForm token={token} info={invitation.data} />;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        p: 2,
        pt: { xs: 4, sm: 10 },
      }}
    >
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 420, p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="h1" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('driverPortal.invitation.title')}
        </Typography>
        {body}
      </Paper>
    </Box>
  );
}

type Info = NonNullable<ReturnType<typeof useInvitation>['data']>;

function PasswordForm({ token, info }: { token: string; info: Info }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const messageText = useDriverPortalMessageText();
  const errorLines = useErrorLines();
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    const next: { password?: string; repeat?: string } = {};
    if (!parsed.success)
      next.password = messageText(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordRequired);
    if (repeat !== password) next.repeat = messageText(AUTH_MESSAGES.passwordsDontMatch);
    setErrors(next);
    if (next.password || next.repeat) return;
    accept.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          signIn(answer);
          void navigate('/driver/', { replace: true });
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography>
        {t(`driverPortal.invitation.greeting.${info.kind}`, {
          name: `${info.first_name} ${info.last_name}`.trim(),
          company: info.company_name,
        })}
      </Typography>
      <TextField label={t('auth.email')} value={info.email} disabled size="small" />
      <TextField
        label={t('driverPortal.invitation.password')}
        type="password"
        autoComplete="new-password"
        size="small"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password ?? t('driverPortal.invitation.passwordHint')}
      />
      <TextField
        label={t('driverPortal.invitation.repeat')}
        type="password"
        autoComplete="new-password"
        size="small"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={Boolean(errors.repeat)}
        helperText={errors.repeat}
      />
      {accept.isError && (
        <Alert severity="error">
          {isApiError(accept.error) && accept.error.status === 404
            ? t('driverPortal.invitation.invalid')
            : errorLines(accept.error).join(' ')}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={accept.isPending}>
        {t('driverPortal.invitation.submit')}
      </Button>
    </Box>
  );
}
