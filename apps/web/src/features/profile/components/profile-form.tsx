import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { profileUpdateSchema } from '@app/domain/users/users.schema';
import type { ProfileUpdateInput } from '@app/domain/users/users.schema';
import { LANGUAGES, setLanguage } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { errorText, fieldErrorOf } from '@/components/error-messages/error-messages';
import { useMessageText } from '@/lib/validation-messages';
import { useUpdateProfile } from '../api/update-profile';

const FIELD_NAMES = ['first_name', 'last_name', 'lang', 'working_gmail'] as const;

type ProfileFormProps = {
  initial: ProfileUpdateInput;
  avatarUrl: string | null;
  email: string;
};

/** Names, language and avatar; the avatar goes up with the other fields when the form is saved. */
export function ProfileForm({ initial, avatarUrl, email }: ProfileFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const update = useUpdateProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  // The chosen file and its preview URL, which is released when replaced or when the form goes away.
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const avatar = chosen?.file ?? null;
  const preview = chosen?.url ?? null;
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const chooseAvatar = (file: File | null) => {
    setChosen(file ? { file, url: URL.createObjectURL(file) } : null);
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(profileUpdateSchema), mode: 'onTouched', defaultValues: initial });

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { ...values, avatar },
      {
        onSuccess: () => {
          void setLanguage(values.lang);
          reset(values);
          chooseAvatar(null);
          toastSuccess();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const name of FIELD_NAMES) {
            const message = fieldErrorOf(error, name, messageText);
            if (message) setError(name, { message });
          }
        },
      },
    );
  });

  const avatarError = fieldErrorOf(update.error, 'avatar', messageText);
  const generalError =
    isApiError(update.error) && update.error.status === 400 && Object.keys(update.error.fields).length === 0
      ? errorText(update.error, messageText)
      : undefined;

  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={1.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Avatar src={preview ?? avatarUrl ?? undefined} alt="" sx={{ width: 56, height: 56 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body1" noWrap>
            {email}
          </Typography>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            aria-label={t('profile.avatar')}
            onChange={(event) => chooseAvatar(event.target.files?.[0] ?? null)}
          />
          <Button
            size="small"
            startIcon={<PhotoCameraOutlined />}
            onClick={() => fileInput.current?.click()}
            sx={{ ml: -0.75 }}
          >
            {avatar ? avatar.name : t('profile.uploadAvatar')}
          </Button>
          {avatarError && (
            <Typography variant="caption" color="error" component="p">
              {messageText(avatarError)}
            </Typography>
          )}
        </Box>
      </Box>
      <TextField
        {...register('first_name')}
        label={t('auth.firstName')}
        autoComplete="given-name"
        fullWidth
        error={Boolean(errors.first_name)}
        helperText={messageText(errors.first_name?.message)}
      />
      <TextField
        {...register('last_name')}
        label={t('auth.lastName')}
        autoComplete="family-name"
        fullWidth
        error={Boolean(errors.last_name)}
        helperText={messageText(errors.last_name?.message)}
      />
      <TextField
        {...register('working_gmail')}
        label={t('profile.workingEmail')}
        type="email"
        autoComplete="email"
        fullWidth
        error={Boolean(errors.working_gmail)}
        helperText={messageText(errors.working_gmail?.message) || t('profile.workingEmailHint')}
      />
      <Controller
        control={control}
        name="lang"
        render={({ field }) => (
          <TextField
            select
            fullWidth
            label={t('profile.language')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(errors.lang)}
            helperText={messageText(errors.lang?.message)}
          >
            {LANGUAGES.map((language) => (
              <MenuItem key={language.id} value={language.id} lang={language.id}>
                {language.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {generalError && <Alert severity="error">{generalError}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={!isDirty && !avatar} loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
