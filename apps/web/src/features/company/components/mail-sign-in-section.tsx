import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  EMAIL_OAUTH_CLIENT_MESSAGES,
  emailOauthClientUpdateSchema,
  type EmailOauthClient,
  type EmailOauthClientUpdateInput,
} from '@app/domain/email/email-oauth-clients.schema';
import {
  fieldErrorOf,
  messageKeys,
  refusalText,
  useErrorLines,
  useMessageText,
} from '@/components/error-messages/error-messages';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { isApiError, isRefusal } from '@/lib/api-error';
import { toastError, toastSuccess } from '@/lib/messages';
import {
  useEmailOauthClients,
  useRemoveEmailOauthClient,
  useSaveEmailOauthClient,
} from '../api/email-oauth-clients';
import { SettingsSection } from './settings-section';

const KEY_BY_MESSAGE = new Map(messageKeys(EMAIL_OAUTH_CLIENT_MESSAGES, 'mailSignIn.messages'));
const FIELDS = ['client_id', 'client_secret'] as const;
type Field = (typeof FIELDS)[number];

type FormValues = {
  client_id: string;
  /** '' keeps the stored secret. */
  client_secret: string;
};

const valuesOf = (client: EmailOauthClient): FormValues => ({
  client_id: client.client_id ?? '',
  client_secret: '',
});

/**
 * The "Mail sign-in" section of the company settings page: the company's own Google and Zoho OAuth client
 * keys, without which the users' "Sign in with Google / Zoho" on their profile is refused. Per provider the
 * client ID, the client secret (write-only: the field shows only that one is stored, and left empty keeps
 * it), the redirect URI to register in the provider's console, Save and Remove.
 */
export function MailSignInSection() {
  const { t } = useTranslation();
  const clients = useEmailOauthClients();
  return (
    <SettingsSection title={t('mailSignIn.title')} description={t('mailSignIn.description')}>
      {clients.isPending ? (
        <LoadingState />
      ) : clients.isError ? (
        <ErrorState error={clients.error} onRetry={() => void clients.refetch()} />
      ) : (
        <Stack spacing={2} divider={<Divider flexItem />}>
          {clients.data.map((client) => (
            <ProviderKeysForm key={client.provider} client={client} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}

function ProviderKeysForm({ client }: { client: EmailOauthClient }) {
  const { t } = useTranslation();
  const headingId = useId();
  const provider = t(`mailSignIn.providers.${client.provider}`);
  const messageText = useMessageText(KEY_BY_MESSAGE);
  const errorLines = useErrorLines(messageText);
  const save = useSaveEmailOauthClient(client.provider);
  const remove = useRemoveEmailOauthClient(client.provider);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues>({ defaultValues: valuesOf(client) });

  const onSubmit = handleSubmit((values) => {
    const body: EmailOauthClientUpdateInput = { client_id: values.client_id };
    if (values.client_secret.trim() !== '') body.client_secret = values.client_secret;
    // The domain's rules as the user saves; the server checks the same and answers the same texts.
    const checked = emailOauthClientUpdateSchema.safeParse(body);
    const problems: [Field, string][] = checked.success
      ? []
      : checked.error.issues.flatMap((issue) => {
          const name = issue.path[0];
          return FIELDS.includes(name as Field) ? [[name as Field, issue.message] as [Field, string]] : [];
        });
    if (!client.has_secret && body.client_secret === undefined)
      problems.push(['client_secret', EMAIL_OAUTH_CLIENT_MESSAGES.clientSecretRequired]);
    if (problems.length > 0) {
      problems.forEach(([name, message], index) => setError(name, { message }, { shouldFocus: index === 0 }));
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toastSuccess();
      },
      onError: (error) => {
        // The stored secret is gone (removed or replaced meanwhile): the secret must be entered again.
        if (isRefusal(error, 'email_oauth_client_secret_required')) {
          setError('client_secret', { message: refusalText(error) ?? error.detail }, { shouldFocus: true });
          return;
        }
        if (!isApiError(error)) return;
        for (const name of FIELDS) {
          const message = fieldErrorOf(error, name, messageText);
          if (message) setError(name, { message });
        }
      },
    });
  });

  const removeKeys = () =>
    remove.mutate(undefined, {
      onSuccess: (removed) => {
        reset(valuesOf(removed));
        setConfirming(false);
        toastSuccess('mailSignIn.removed');
      },
    });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toastSuccess('mailSignIn.copied');
    } catch {
      toastError('mailSignIn.copyFailed');
    }
  };

  const field = (name: Field) => {
    const message = errors[name]?.message;
    return { error: Boolean(message), helperText: message ? messageText(message) : undefined };
  };
  const fieldsWithErrors = isApiError(save.error) ? Object.keys(save.error.fields) : [];
  const generalError =
    save.isError && !fieldsWithErrors.some((name) => FIELDS.includes(name as Field))
      ? errorLines(save.error)
      : null;

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Box>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {provider}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {client.client_id === null
            ? t('mailSignIn.none', { provider })
            : client.has_secret
              ? `${t('mailSignIn.ready', { provider })} ${t('mailSignIn.mailboxes', { number: client.connected_mailboxes })}`
              : t('mailSignIn.secretMissing')}
        </Typography>
      </Box>
      {client.redirect_uri ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            fullWidth
            label={t('mailSignIn.redirectUri')}
            value={client.redirect_uri}
            helperText={t('mailSignIn.redirectHint', { provider })}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            onFocus={(event) => event.target.select()}
          />
          <Box>
            <Button
              size="small"
              variant="outlined"
              startIcon={<ContentCopyIcon fontSize="small" />}
              aria-label={t('mailSignIn.copyLabel', { provider })}
              onClick={() => void copy(client.redirect_uri!)}
              sx={{ mt: { sm: 0.5 }, whiteSpace: 'nowrap' }}
            >
              {t('mailSignIn.copy')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Alert severity="info">{t('mailSignIn.noPublicUrl')}</Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          {...register('client_id')}
          label={t('mailSignIn.clientId')}
          size="small"
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
          {...field('client_id')}
        />
        <TextField
          {...register('client_secret')}
          label={t('mailSignIn.clientSecret')}
          type="password"
          size="small"
          fullWidth
          autoComplete="new-password"
          placeholder={client.has_secret ? t('mailSignIn.secretStored') : undefined}
          {...field('client_secret')}
        />
      </Stack>
      {generalError && (
        <Alert severity="error">
          {generalError.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
      {confirming && (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button size="small" color="inherit" onClick={removeKeys} loading={remove.isPending}>
                {t('mailSignIn.confirmRemove')}
              </Button>
              <Button size="small" color="inherit" autoFocus onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </Stack>
          }
        >
          {t('mailSignIn.removeWarning', { provider, number: client.connected_mailboxes })}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={!isDirty} loading={save.isPending}>
          {t('common.save')}
        </Button>
        {client.client_id !== null && (
          <Button color="error" disabled={confirming || remove.isPending} onClick={() => setConfirming(true)}>
            {t('mailSignIn.remove')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
