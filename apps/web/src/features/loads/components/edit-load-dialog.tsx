import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import { loadToFormValues } from '@app/domain/loads/load-form.rules';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { toastSuccess } from '@/lib/messages';
import { useUpdateActiveLoad } from '../api/update-active-load';
import { LoadForm } from './load-form/load-form';
import { loadNumberText } from './load-display';

/**
 * The load form of an active load, over its page. A failed save keeps the form open and filled; closing a
 * changed form asks first.
 */
export function EditLoadDialog({ load, onClose }: { load: LoadDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const update = useUpdateActiveLoad();
  const [initialValues] = useState(() => loadToFormValues(load));
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const requestClose = () => {
    if (update.isPending) return;
    if (dirty) setConfirming(true);
    else onClose();
  };

  const save = async (values: LoadFormValues) => {
    await update.mutateAsync({ id: load.id, values });
    toastSuccess();
    onClose();
  };

  return (
    <>
      <Dialog open onClose={requestClose} maxWidth="lg" fullScreen={phone} aria-labelledby="edit-load-title">
        <DialogTitle id="edit-load-title" sx={{ pr: 6 }}>
          {t('loads.edit.title', { number: loadNumberText(load) })}
          <IconButton
            aria-label={t('common.close')}
            onClick={requestClose}
            sx={{ position: 'absolute', right: 10, top: 10 }}
          >
            <Close fontSize="small" />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ pb: 0 }}>
          <LoadForm
            kind="active"
            initialValues={initialValues}
            onSubmit={save}
            submitLabel={t('common.save')}
            onCancel={requestClose}
            onDirtyChange={setDirty}
            autoFocus
          />
        </DialogContent>
      </Dialog>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="edit-load-discard-title"
        aria-describedby="edit-load-discard-message"
      >
        <DialogTitle id="edit-load-discard-title">{t('loads.edit.discardTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="edit-load-discard-message">
            {t('loads.edit.discardMessage')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {t('loads.edit.keepEditing')}
          </Button>
          <Button color="error" onClick={onClose}>
            {t('loads.edit.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
