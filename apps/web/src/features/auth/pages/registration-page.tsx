import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { registrationRequestSchema } from '@app/domain/auth/auth.schema';
import type { RegistrationRequest } from '@app/domain/auth/auth.schema';
import { errorStatus, isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { errorText, fieldErrorOf } from '@/components/error-messages/error-messages';
import { useMessageText } from '@/lib/validation-messages';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';

const FIELDS: { name: Path<RegistrationRequest>; labelKey: string; type: string; autoComplete: string }[] = [
  { name: 'first_name', labelKey: 'auth.firstName', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', labelKey: 'auth.lastName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', labelKey: 'auth.email', type: 'email', autoComplete: 'email' },
  { name: 'password1', labelKey: 'auth.password', type: 'password', autoComplete: 'new-password' },
  { name: 'password2', labelKey: 'auth.repeatPassword', type: 'password', autoComplete: 'new-password' },
];

export function RegistrationPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registrationRequestSchema),
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: '', password1: '', password2: '' },
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      const answer = await registration.mutateAsync(form);
      signIn(answer);
      await navigate('/', { replace: true });
    } catch (error) {
      // Field errors of the server go under their fields; what stays open is everything typed.
      if (isApiError(error)) {
        for (const field of FIELDS) {
          const message = fieldErrorOf(error, field.name, messageText);
          if (message) setError(field.name, { message });
        }
      }
    }
  });

  const status = errorStatus(registration.error);
  const hasFieldErrors = isApiError(registration.error) && Object.keys(registration.error.fields).length > 0;
  const formError =
    status === 429
      ? t('auth.tooManyAttempts')
      : status === 400 && isApiError(registration.error) && !hasFieldErrors
        ? errorText(registration.error, messageText)
        : undefined;

  return (
    <AuthCard title={t('auth.registrationTitle')}>
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={1.5}>
        {FIELDS.map((field, index) => (
          <TextField
            key={field.name}
            {...register(field.name)}
            label={t(field.labelKey)}
            type={field.type}
            autoComplete={field.autoComplete}
            autoFocus={index === 0}
            fullWidth
            error={Boolean(errors[field.name])}
            helperText={messageText(errors[field.name]?.message)}
          />
        ))}
        {formError && <Alert severity="error">{formError}</Alert>}
        <Button
          type="submit"
          variant="contained"
          size="medium"
          loading={registration.isPending}
          sx={{ mt: 0.5 }}
        >
          {t('auth.createAccount')}
        </Button>
        <Typography variant="body1" color="text.secondary" sx={{ pt: 0.5, textAlign: 'center' }}>
          {t('auth.haveAccount')}{' '}
          <Link component={RouterLink} to="/login/">
            {t('auth.signIn')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
