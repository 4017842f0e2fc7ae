import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';

type BrokerDialogProps = {
  title: string;
  /** A line under the title: the broker's MC number. */
  subtitle?: string;
  onClose: () => void;
  /** While a change is on its way the dialog stays open. */
  busy?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
  actions?: ReactNode;
};

/** A dialog of the broker screens: a title with a close button; the whole screen on a phone. */
export function BrokerDialog({
  title,
  subtitle,
  onClose,
  busy = false,
  maxWidth = 'sm',
  children,
  actions,
}: BrokerDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const subtitleId = useId();
  const close = busy ? undefined : onClose;
  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={phone}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
    >
      <DialogTitle component="div" sx={{ pr: 6 }}>
        <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1rem' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography id={subtitleId} variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={close}
        disabled={busy}
        sx={{ position: 'absolute', right: 10, top: 10 }}
      >
        <Close fontSize="small" />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
