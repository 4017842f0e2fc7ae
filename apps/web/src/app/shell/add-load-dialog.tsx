import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { appEvents } from '@/lib/events';

/** The global add-load dialog, opened by the 'add-load' event (the menu's Add load entry). */
export function AddLoadDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => appEvents.on('add-load', () => setOpen(true)), []);
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onClose={close} maxWidth="md" aria-labelledby="add-load-title">
      <DialogTitle id="add-load-title" sx={{ pr: 6 }}>
        {t('addLoad.title')}
        <IconButton
          aria-label={t('common.close')}
          onClick={close}
          sx={{ position: 'absolute', right: 10, top: 10 }}
        >
          <Close fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Typography variant="body1" color="text.secondary" sx={{ py: 3 }}>
          {t('addLoad.formPending')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
