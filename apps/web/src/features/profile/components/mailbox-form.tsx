import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { mailboxSettingsSchema } from '@app/domain/email/email.schema';
import { fieldErrors } from '@app/domain/common/errors';
import { refusalText, useMessageText } from '@/components/error-messages/error-messages';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { useConnectMailbox, type MailboxConnectRequest } from '../api/mailbox';
import { MAILBOX_MESSAGE_KEYS } from './mailbox-messages';

type Values = {
  address: string;
  smtp_host: string;
  smtp_port: string;
  smtp_secure: boolean;
  username: string;
  password: string;
  imap_host: string;
  imap_port: string;
};

const EMPTY: Values = {
  address: '',
  smtp_host: '',
  smtp_port: '587',
  smtp_secure: false,
  username: '',
  password: '',
  imap_host: '',
  imap_port: '993',
};

const TEXT_FIELDS: {
  name: Exclude<keyof Values, 'smtp_secure'>;
  labelKey: string;
  type?: string;
  half?: boolean;
}[] = [
  { name: 'address', labelKey: 'profile.mailbox.address', type: 'email' },
  { name: 'smtp_host', labelKey: 'profile.mailbox.smtpHost', half: true },
  { name: 'smtp_port', labelKey: 'profile.mailbox.smtpPort', half: true },
  { name: 'username', labelKey: 'profile.mailbox.username' },
  { name: 'password', labelKey: 'profile.mailbox.password', type: 'password' },
  { name: 'imap_host', labelKey: 'profile.mailbox.imapHost', half: true },
  { name: 'imap_port', labelKey: 'profile.mailbox.imapPort', half: true },
];

/**
 * The SMTP (and IMAP) settings of any provider. The server signs in to the SMTP server before it keeps
 * them; a refusal is shown under the form and the form stays filled. The password is never shown again.
 */
export function MailboxForm() {
  const { t } = useTranslation();
  const messageText = useMessageText(MAILBOX_MESSAGE_KEYS);
  const connect = useConnectMailbox();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const request = (): MailboxConnectRequest | null => {
    const imap = values.imap_host.trim();
    const parsed = mailboxSettingsSchema.safeParse({
      ...values,
      imap_host: imap || null,
      imap_port: imap ? values.imap_port : null,
    });
    if (parsed.success)
      return {
        ...parsed.data,
        imap_host: parsed.data.imap_host ?? null,
        imap_port: parsed.data.imap_port ?? null,
      };
    setErrors(
      Object.fromEntries(
        Object.entries(fieldErrors(parsed.error)).map(([field, list]) => [field, list[0] ?? '']),
      ),
    );
    return null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (!body) return;
    setErrors({});
    connect.mutate(body, {
      onSuccess: () => {
        setValues(EMPTY);
        toastSuccess();
      },
    });
  };

  const refusal =
    connect.error && isApiError(connect.error)
      ? (refusalText(connect.error) ?? messageText(connect.error.detail))
      : connect.error
        ? t('profile.mailbox.connectFailed')
        : undefined;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1.25}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}>
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            size="small"
            label={t(field.labelKey)}
            type={field.type ?? 'text'}
            autoComplete={field.name === 'password' ? 'new-password' : 'off'}
            value={values[field.name]}
            onChange={(event) => setValues((old) => ({ ...old, [field.name]: event.target.value }))}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] ? messageText(errors[field.name]!) : undefined}
            sx={{ flex: field.half ? '1 1 140px' : '1 1 100%' }}
          />
        ))}
      </Box>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={values.smtp_secure}
            onChange={(event) => setValues((old) => ({ ...old, smtp_secure: event.target.checked }))}
          />
        }
        label={t('profile.mailbox.smtpSecure')}
      />
      {refusal && <Alert severity="error">{refusal}</Alert>}
      <Box>
        <Button type="submit" variant="contained" size="small" loading={connect.isPending}>
          {t('profile.mailbox.testAndConnect')}
        </Button>
      </Box>
    </Stack>
  );
}
