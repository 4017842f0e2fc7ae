import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { refusalText } from '@/components/error-messages/error-messages';
import { useDisconnectMailbox, useMailbox, useMailboxSignIn } from '../api/mailbox';
import { MailboxForm } from './mailbox-form';
import { MailboxOauthReturnStatus, useMailboxOauthReturn } from './mailbox-oauth-return';

const PROVIDER_KEYS = {
  smtp_imap: 'profile.mailbox.providerSmtp',
  google: 'profile.mailbox.providerGoogle',
  zoho: 'profile.mailbox.providerZoho',
} as const;

/**
 * The profile's mailbox section: the user's own mailbox, through which their e-mail threads with brokers
 * are sent (and, with IMAP, the answers read). Connected: its address, servers and a Disconnect button.
 * Not connected: the SMTP settings form with its connection test, and Google or Zoho sign-in, whose return
 * to this page (?code=..&state=..) is completed here.
 */
export function MailboxSection() {
  const { t } = useTranslation();
  const mailbox = useMailbox();
  const disconnect = useDisconnectMailbox();
  const signIn = useMailboxSignIn();
  const oauthReturn = useMailboxOauthReturn(mailbox.isSuccess);

  if (mailbox.isPending) return <LoadingState />;
  if (mailbox.isError) return <ErrorState error={mailbox.error} onRetry={() => void mailbox.refetch()} />;
  const box = mailbox.data;

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('profile.mailbox.hint')}
      </Typography>
      <MailboxOauthReturnStatus status={oauthReturn} />
      {box.connected ? (
        <Stack spacing={1}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" color="success" label={t('profile.mailbox.connected')} />
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {box.address}
            </Typography>
            {box.provider && (
              <Typography variant="body2" color="text.secondary">
                {t(PROVIDER_KEYS[box.provider])}
              </Typography>
            )}
          </Box>
          {box.smtp_host && (
            <Typography variant="body2">
              {t('profile.mailbox.smtpServer', { host: box.smtp_host, port: box.smtp_port ?? '' })}
            </Typography>
          )}
          <Typography variant="body2">
            {box.imap_host
              ? t('profile.mailbox.imapServer', { host: box.imap_host, port: box.imap_port ?? '' })
              : t('profile.mailbox.noImap')}
          </Typography>
          <Box>
            <Button
              variant="outlined"
              color="error"
              size="small"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate(box.provider)}
            >
              {t('profile.mailbox.disconnect')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <>
          <Chip size="small" label={t('profile.mailbox.notConnected')} sx={{ alignSelf: 'flex-start' }} />
          <MailboxForm />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              loading={signIn.isPending && signIn.variables === 'google'}
              onClick={() => signIn.mutate('google')}
            >
              {t('profile.mailbox.signInGoogle')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              loading={signIn.isPending && signIn.variables === 'zoho'}
              onClick={() => signIn.mutate('zoho')}
            >
              {t('profile.mailbox.signInZoho')}
            </Button>
          </Box>
          {signIn.error && (
            <Alert severity="warning">{refusalText(signIn.error) ?? t('profile.mailbox.signInFailed')}</Alert>
          )}
        </>
      )}
      {box.inbound_address && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {t('profile.mailbox.inbound', { address: box.inbound_address })}
        </Typography>
      )}
    </Stack>
  );
}
