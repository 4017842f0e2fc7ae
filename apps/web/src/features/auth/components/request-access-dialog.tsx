import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { REGISTRATION_CONFIRMATION_ROUTE, useSession } from '@/lib/session';

/** For an account that users/my does not know (no id): ask to join a company, or log out. */
export function RequestAccessDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  return (
    <Dialog open aria-labelledby="request-access-title" aria-describedby="request-access-text">
      <DialogTitle id="request-access-title">{t('requestAccess.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="request-access-text" variant="body1">
          {t('requestAccess.text')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={() => void signOut()}>
          {t('common.logout')}
        </Button>
        <Button variant="contained" onClick={() => void navigate(REGISTRATION_CONFIRMATION_ROUTE)}>
          {t('requestAccess.request')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
