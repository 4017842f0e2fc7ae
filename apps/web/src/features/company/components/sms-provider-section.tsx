import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SMS_MESSAGES } from '@app/domain/sms/sms.rules';
import type { SmsProviderSettings } from '@app/domain/sms/sms.schema';
import { fieldErrorOf, messageKeys, useMessageText } from '@/components/error-messages/error-messages';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { useSmsProvider, useUpdateSmsProvider } from '../api/sms-provider';
import { SettingsSection } from './settings-section';

const KEY_BY_MESSAGE = new Map(messageKeys(SMS_MESSAGES, 'smsProvider.messages'));
const FIELDS = ['account_sid', 'auth_token', 'sender_number'] as const;
type FormValues = {
  provider: 'local' | 'twilio';
  account_sid: string;
  auth_token: string;
  sender_number: string;
};

const valuesOf = (settings: SmsProviderSettings): FormValues => ({
  provider: settings.provider,
  account_sid: settings.account_sid ?? '',
  auth_token: '',
  sender_number: settings.sender_number ?? '',
});

/**
 * The SMS provider section of the company settings page: local (messages are kept; each chat has a phone
 * page) or Twilio (account SID, auth token, sender number). The auth token is write-only: the page shows
 * only that one is stored, and an empty field keeps it.
 */
export function SmsProviderSection() {
  const { t } = useTranslation();
  const settings = useSmsProvider();
  return (
    <SettingsSection title={t('smsProvider.title')} description={t('smsProvider.description')}>
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SmsProviderForm settings={settings.data} />
      )}
    </SettingsSection>
  );
}

function SmsProviderForm({ settings }: { settings: SmsProviderSettings }) {
  const { t } = useTranslation();
  const messageText = useMessageText(KEY_BY_MESSAGE);
  const update = useUpdateSmsProvider();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm<FormValues>({ defaultValues: valuesOf(settings) });
  const provider = useWatch({ control, name: 'provider' });

  const onSubmit = handleSubmit((values) => {
    const body =
      values.provider === 'local'
        ? { provider: values.provider }
        : {
            provider: values.provider,
            account_sid: values.account_sid.trim() || null,
            sender_number: values.sender_number.trim() || null,
            ...(values.auth_token.trim() ? { auth_token: values.auth_token.trim() } : {}),
          };
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toastSuccess();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const name of FIELDS) {
          const message = fieldErrorOf(error, name, messageText);
          if (message) setError(name, { message });
        }
      },
    });
  });

  const field = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return { error: Boolean(message), helperText: message ? messageText(message) : undefined };
  };

  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={(event) => void onSubmit(event)}>
      <TextField
        select
        size="small"
        label={t('smsProvider.provider')}
        value={provider}
        {...register('provider')}
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value="local">{t('smsProvider.local')}</MenuItem>
        <MenuItem value="twilio">{t('smsProvider.twilio')}</MenuItem>
      </TextField>
      {provider === 'twilio' && (
        <>
          <TextField
            {...register('account_sid')}
            label={t('smsProvider.account_sid')}
            size="small"
            fullWidth
            {...field('account_sid')}
          />
          <TextField
            {...register('auth_token')}
            type="password"
            autoComplete="new-password"
            label={t('smsProvider.auth_token')}
            placeholder={settings.has_auth_token ? t('smsProvider.tokenStored') : ''}
            size="small"
            fullWidth
            {...field('auth_token')}
          />
          <TextField
            {...register('sender_number')}
            label={t('smsProvider.sender_number')}
            size="small"
            fullWidth
            {...field('sender_number')}
          />
          <Alert severity="info">
            {settings.webhook_url
              ? t('smsProvider.webhook', { url: settings.webhook_url })
              : t('smsProvider.noWebhook')}
          </Alert>
        </>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
