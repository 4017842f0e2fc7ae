import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  PROPOSITION_SETTINGS_MESSAGES,
  propositionSettingsUpdateSchema,
  type PropositionSettings,
  type PropositionSettingsUpdateInput,
} from '@app/domain/company/proposition-settings.schema';
import {
  fieldErrorOf,
  messageKeys,
  useErrorLines,
  useMessageText,
} from '@/components/error-messages/error-messages';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { usePropositionSettings, useUpdatePropositionSettings } from '../api/proposition-settings';
import { SettingsSection } from './settings-section';

const KEY_BY_MESSAGE = new Map(messageKeys(PROPOSITION_SETTINGS_MESSAGES, 'propositionSettings.messages'));

const FIELDS = [
  'proposition_template',
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_user',
  'smtp_password',
  'smtp_from',
] as const;

type FormValues = {
  proposition_template: string;
  smtp_host: string;
  smtp_port: string;
  smtp_secure: boolean;
  smtp_user: string;
  /** '' keeps the saved password. */
  smtp_password: string;
  smtp_from: string;
};

function valuesOf(settings: PropositionSettings): FormValues {
  return {
    proposition_template: settings.proposition_template,
    smtp_host: settings.smtp_host ?? '',
    smtp_port: settings.smtp_port === null ? '' : String(settings.smtp_port),
    smtp_secure: settings.smtp_secure,
    smtp_user: settings.smtp_user ?? '',
    smtp_password: '',
    smtp_from: settings.smtp_from ?? '',
  };
}

/** What the form sends: an empty password is left out (kept); no server removes the saved password too. */
function bodyOf(values: FormValues): PropositionSettingsUpdateInput {
  const { smtp_password: password, smtp_port: port, ...rest } = values;
  const body: PropositionSettingsUpdateInput = { ...rest, smtp_port: port.trim() === '' ? null : port };
  if (rest.smtp_host.trim() === '') body.smtp_password = null;
  else if (password !== '') body.smtp_password = password;
  return body;
}

/**
 * The proposition section of the company settings page: the e-mail template propositions to brokers are
 * built from ({placeholder} names and [bold] tags, inserted at the cursor with the chips) and the SMTP
 * server they are sent through. Without a server, propositions are kept as sent and not delivered.
 */
export function PropositionSettingsSection() {
  const { t } = useTranslation();
  const settings = usePropositionSettings();
  return (
    <SettingsSection
      title={t('propositionSettings.title')}
      description={t('propositionSettings.description')}
    >
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PropositionSettingsForm settings={settings.data} />
      )}
    </SettingsSection>
  );
}

function PropositionSettingsForm({ settings }: { settings: PropositionSettings }) {
  const { t } = useTranslation();
  const messageText = useMessageText(KEY_BY_MESSAGE);
  const errorLines = useErrorLines(messageText);
  const update = useUpdatePropositionSettings();
  const template = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues>({
    mode: 'onTouched',
    // A colleague's save takes the untouched fields; the ones being edited keep what is typed.
    values: valuesOf(settings),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    const body = bodyOf(values);
    // The domain's rules as the user saves; the server checks the same and answers the same texts.
    const checked = propositionSettingsUpdateSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const name = issue.path[0];
        if (typeof name === 'string' && (FIELDS as readonly string[]).includes(name))
          setError(name as (typeof FIELDS)[number], { message: issue.message });
      }
      return;
    }
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

  const insert = (text: string) => {
    const current = getValues('proposition_template');
    const area = template.current;
    const start = area?.selectionStart ?? current.length;
    const end = area?.selectionEnd ?? current.length;
    setValue('proposition_template', current.slice(0, start) + text + current.slice(end), {
      shouldDirty: true,
    });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const field = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return { error: Boolean(message), helperText: message ? messageText(message) : undefined };
  };
  const templateField = register('proposition_template');
  const fieldsWithErrors = isApiError(update.error) ? Object.keys(update.error.fields) : [];
  const generalError =
    update.isError && !fieldsWithErrors.some((name) => (FIELDS as readonly string[]).includes(name))
      ? errorLines(update.error)
      : null;

  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={(event) => void onSubmit(event)}>
      <Box>
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          role="group"
          aria-label={t('propositionSettings.insert')}
        >
          {[...settings.placeholders.map((name) => `{${name}}`), '[bold][/bold]'].map((token) => (
            <Chip key={token} size="small" variant="outlined" label={token} onClick={() => insert(token)} />
          ))}
        </Stack>
      </Box>
      <TextField
        {...templateField}
        inputRef={(element: HTMLTextAreaElement | null) => {
          templateField.ref(element);
          template.current = element;
        }}
        label={t('propositionSettings.template')}
        multiline
        minRows={6}
        maxRows={18}
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false } }}
        {...field('proposition_template')}
      />
      <Box>
        <Button
          size="small"
          onClick={() =>
            setValue('proposition_template', settings.default_proposition_template, { shouldDirty: true })
          }
        >
          {t('propositionSettings.useDefault')}
        </Button>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          {...register('smtp_host')}
          label={t('propositionSettings.host')}
          size="small"
          fullWidth
          {...field('smtp_host')}
        />
        <TextField
          {...register('smtp_port')}
          label={t('propositionSettings.port')}
          size="small"
          sx={{ width: { sm: 140 } }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...field('smtp_port')}
        />
      </Stack>
      <Controller
        control={control}
        name="smtp_secure"
        render={({ field: secure }) => (
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={secure.value}
                onChange={(event) => secure.onChange(event.target.checked)}
                onBlur={secure.onBlur}
              />
            }
            label={t('propositionSettings.secure')}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          {...register('smtp_user')}
          label={t('propositionSettings.user')}
          size="small"
          fullWidth
          autoComplete="off"
          {...field('smtp_user')}
        />
        <TextField
          {...register('smtp_password')}
          label={t('propositionSettings.password')}
          type="password"
          size="small"
          fullWidth
          autoComplete="new-password"
          placeholder={settings.smtp_password_set ? t('propositionSettings.passwordSaved') : undefined}
          {...field('smtp_password')}
        />
      </Stack>
      <TextField
        {...register('smtp_from')}
        label={t('propositionSettings.from')}
        size="small"
        fullWidth
        placeholder="Dispatch <dispatch@carrier.com>"
        {...field('smtp_from')}
      />
      {!settings.smtp_host && <Alert severity="info">{t('propositionSettings.noSmtp')}</Alert>}
      {generalError && (
        <Alert severity="error">
          {generalError.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
