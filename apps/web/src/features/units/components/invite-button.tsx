import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import { INVITATION_ROLES } from '@app/domain/bids/driver-bids.rules';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useCurrentUser } from '@/lib/current-user';
import { useSendInvitation } from '../api/send-invitation';
import { ActionError } from './action-error';

type InviteButtonProps = {
  kind: 'driver' | 'owner';
  /**
   * `email` is the e-mail on file when the screen knows it (it fills the field); a screen that does not
   * (the vehicle card) leaves it out, and an empty field sends none: the server uses the one on file.
   */
  person: { id: number; full_name: string; email?: string | null };
  /**
   * 'button' (the default) is the labelled button of a card; 'icon' is the compact one of a list row's
   * actions, named after the person for screen readers and keyboard users.
   */
  look?: 'button' | 'icon';
};

/**
 * "Send invitation" for a driver (on the driver's card) or an owner (on the owners list's row), for every
 * role the server lets invite (admins, managers, dispatchers, HR), and hidden from the others: e-mails a
 * link to choose a password for the driver page. When the company has no mail server, or it refused the
 * message, the link is shown for the dispatcher to pass on.
 */
export function InviteButton({ kind, person, look = 'button' }: InviteButtonProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(person.email ?? '');
  const send = useSendInvitation();
  if (!user.is_superuser && !(INVITATION_ROLES as readonly number[]).includes(user.role ?? -1)) return null;

  const close = () => {
    setOpen(false);
    send.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isSuccess) {
      close();
      return;
    }
    send.mutate({ kind, id: person.id, email: email.trim() || null });
  };
  const result = send.data;

  return (
    <>
      {look === 'icon' ? (
        <Tooltip title={t('driverPortal.invite.button')}>
          <IconButton
            aria-label={t('driverPortal.invite.title', { name: person.full_name })}
            onClick={() => setOpen(true)}
          >
            <ForwardToInboxOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          size="small"
          variant="outlined"
          startIcon={<ForwardToInboxOutlined fontSize="small" />}
          onClick={() => setOpen(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('driverPortal.invite.button')}
        </Button>
      )}
      {open && (
        <FormDialog
          titleId={`invite-${kind}-${person.id}`}
          title={t('driverPortal.invite.title', { name: person.full_name })}
          size="xs"
          pending={send.isPending}
          onSubmit={submit}
          onClose={close}
          cancelLabel={t('driverPortal.invite.cancel')}
          submitLabel={send.isSuccess ? t('common.close') : t('driverPortal.invite.send')}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('driverPortal.invite.description')}
            </Typography>
            <TextField
              size="small"
              type="email"
              label={t('driverPortal.invite.email')}
              value={email}
              disabled={send.isSuccess}
              onChange={(event) => setEmail(event.target.value)}
              helperText={person.email === undefined ? t('driverPortal.invite.emailOnFile') : undefined}
              autoFocus
            />
            {result && result.delivery === 'sent' && (
              <Alert severity="success">{t('driverPortal.invite.sent', { email: result.email })}</Alert>
            )}
            {result && result.delivery !== 'sent' && (
              <Alert severity="warning" sx={{ wordBreak: 'break-all' }}>
                {t(`driverPortal.invite.${result.delivery}`, { email: result.email })} {result.link}
              </Alert>
            )}
            <ActionError error={send.error} onClose={() => send.reset()} />
          </Box>
        </FormDialog>
      )}
    </>
  );
}
