import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { appEvents } from '@/lib/events';
import type { GlobalMessage } from '@/lib/events';

/** The global message modal: title, message, links and an optional redirect once closed. */
export function MessageModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [message, setMessage] = useState<GlobalMessage | null>(null);

  useEffect(() => appEvents.on('message', setMessage), []);

  const close = () => {
    const redirectTo = message?.redirectTo;
    setMessage(null);
    if (redirectTo) void navigate(redirectTo);
  };

  return (
    <Dialog open={message !== null} onClose={close} aria-labelledby="message-modal-title">
      {message && (
        <>
          <DialogTitle id="message-modal-title">{t(message.titleKey)}</DialogTitle>
          <DialogContent>
            <Typography variant="body1">
              {message.messageKey ? t(message.messageKey) : message.text}
            </Typography>
            {message.links && message.links.length > 0 && (
              <Stack direction="row" spacing={2} sx={{ mt: 1.5 }}>
                {message.links.map((link) => (
                  <Link key={link.to} component={RouterLink} to={link.to} onClick={() => setMessage(null)}>
                    {t(link.labelKey)}
                  </Link>
                ))}
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close} autoFocus>
              {t('common.ok')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
