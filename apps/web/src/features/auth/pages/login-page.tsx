import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginRequestSchema } from '@app/domain/auth/auth.schema';
import { errorStatus, isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { errorText } from '@/components/error-messages/error-messages';
import { useMessageText } from '@/lib/validation-messages';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

export function LoginPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      const answer = await login.mutateAsync(credentials);
      signIn(answer);
      await navigate('/', { replace: true });
    } catch {
      // The error is shown under the form (400, 429) or by the global toast.
    }
  });

  const status = errorStatus(login.error);
  const formError =
    status === 429
      ? t('auth.tooManyAttempts')
      : status === 400 && isApiError(login.error)
        ? errorText(login.error, messageText)
        : undefined;

  return (
    <AuthCard title={t('auth.signInTitle')}>
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={1.5}>
        <TextField
          {...register('email')}
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={Boolean(errors.email)}
          helperText={messageText(errors.email?.message)}
        />
        <TextField
          {...register('password')}
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          fullWidth
          error={Boolean(errors.password)}
          helperText={messageText(errors.password?.message)}
        />
        {formError && <Alert severity="error">{formError}</Alert>}
        <Button type="submit" variant="contained" size="medium" loading={login.isPending} sx={{ mt: 0.5 }}>
          {t('auth.signIn')}
        </Button>
        <Typography variant="body1" color="text.secondary" sx={{ pt: 0.5, textAlign: 'center' }}>
          {t('auth.noAccount')}{' '}
          <Link component={RouterLink} to="/registration">
            {t('auth.createAccount')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
