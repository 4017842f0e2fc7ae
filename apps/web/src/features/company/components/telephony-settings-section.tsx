import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  telephonySettingsUpdateSchema,
  type TelephonySettings,
} from '@app/domain/company/telephony-settings.schema';
import { EXAMPLE_CALL_URL_TEMPLATE, TELEPHONY_MESSAGES } from '@app/domain/telephony/telephony.rules';
import { fieldErrorOf, messageKeys, useMessageText } from '@/components/error-messages/error-messages';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { useTelephonySettings, useUpdateTelephonySettings } from '../api/telephony-settings';
import { SettingsSection } from './settings-section';

const KEY_BY_MESSAGE = new Map(messageKeys(TELEPHONY_MESSAGES, 'telephony.messages'));
const FIELDS = ['call_url_template', 'sms_url_template'] as const;
type FormValues = Record<(typeof FIELDS)[number], string>;

function valuesOf(settings: TelephonySettings): FormValues {
  return {
    call_url_template: settings.call_url_template ?? '',
    sms_url_template: settings.sms_url_template ?? '',
  };
}

/**
 * The telephony section of the company settings page: the click-to-call addresses of the company's
 * external call system ({phone} and {name} are replaced). With a call system and a call address, the
 * panel's Call opens that address in a separate window; otherwise it dials through the phone (tel:).
 */
export function TelephonySettingsSection() {
  const { t } = useTranslation();
  const settings = useTelephonySettings();
  return (
    <SettingsSection title={t('telephonySettings.title')} description={t('telephonySettings.description')}>
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <TelephonySettingsForm settings={settings.data} />
      )}
    </SettingsSection>
  );
}

function TelephonySettingsForm({ settings }: { settings: TelephonySettings }) {
  const { t } = useTranslation();
  const messageText = useMessageText(KEY_BY_MESSAGE);
  const update = useUpdateTelephonySettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues>({
    mode: 'onTouched',
    // A colleague's save takes the untouched fields; the ones being edited keep what is typed.
    values: valuesOf(settings),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    const checked = telephonySettingsUpdateSchema.safeParse(values);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const name = issue.path[0];
        if (name === 'call_url_template' || name === 'sms_url_template')
          setError(name, { message: issue.message });
      }
      return;
    }
    update.mutate(values, {
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
    return {
      error: Boolean(message),
      helperText: message ? messageText(message) : t(`telephonySettings.${name}Hint`),
    };
  };

  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={(event) => void onSubmit(event)}>
      <Alert severity={settings.call_system ? 'info' : 'warning'}>
        {settings.call_system
          ? t('telephonySettings.system', { system: settings.call_system })
          : t('telephonySettings.noSystem')}
      </Alert>
      <TextField
        {...register('call_url_template')}
        label={t('telephonySettings.call_url_template')}
        size="small"
        fullWidth
        placeholder={EXAMPLE_CALL_URL_TEMPLATE}
        slotProps={{ htmlInput: { spellCheck: false } }}
        {...field('call_url_template')}
      />
      <TextField
        {...register('sms_url_template')}
        label={t('telephonySettings.sms_url_template')}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false } }}
        {...field('sms_url_template')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
