import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { changePasswordRequestSchema } from '@app/domain/auth/auth.schema';
import type { ChangePasswordRequest } from '@app/domain/auth/auth.schema';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { errorText, fieldErrorOf } from '@/components/error-messages/error-messages';
import { useMessageText } from '@/lib/validation-messages';
import { useChangePassword } from '../api/change-password';

const FIELDS: { name: Path<ChangePasswordRequest>; labelKey: string; autoComplete: string }[] = [
  { name: 'old_password', labelKey: 'profile.oldPassword', autoComplete: 'current-password' },
  { name: 'new_password1', labelKey: 'profile.newPassword', autoComplete: 'new-password' },
  { name: 'new_password2', labelKey: 'profile.repeatNewPassword', autoComplete: 'new-password' },
];

const EMPTY: ChangePasswordRequest = { old_password: '', new_password1: '', new_password2: '' };

/** Checks as the user types: 'Must be present', 'Must have at least 8 symbols', 'Must be equal to new password'. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordRequestSchema), mode: 'onChange', defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toastSuccess();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const field of FIELDS) {
          const message = fieldErrorOf(error, field.name, messageText);
          if (message) setError(field.name, { message });
        }
      },
    });
  });

  const generalError =
    isApiError(change.error) && change.error.status === 400 && Object.keys(change.error.fields).length === 0
      ? errorText(change.error, messageText)
      : undefined;

  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={1.5}>
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          {...register(field.name, field.name === 'new_password1' ? { deps: ['new_password2'] } : undefined)}
          type="password"
          label={t(field.labelKey)}
          autoComplete={field.autoComplete}
          fullWidth
          error={Boolean(errors[field.name])}
          helperText={messageText(errors[field.name]?.message)}
        />
      ))}
      {generalError && <Alert severity="error">{generalError}</Alert>}
      <Box>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('profile.changePassword')}
        </Button>
      </Box>
    </Stack>
  );
}
