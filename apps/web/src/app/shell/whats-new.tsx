import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';

/** What this version brings; each item is an i18n key under whatsNew.items. */
export const WHATS_NEW = {
  version: '0.1.0',
  items: ['signIn', 'menu', 'language', 'joinRequests', 'profile', 'easternTime'],
} as const;

type WhatsNewProps = { wide: boolean; itemSx: SxProps<Theme>; textSx: SxProps<Theme> };

/** The What's New entry of the side menu and the dialog it opens. */
export function WhatsNew({ wide, itemSx, textSx }: WhatsNewProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListItemButton onClick={() => setOpen(true)} sx={itemSx} aria-haspopup="dialog">
        <ListItemIcon>
          <NewReleasesOutlined sx={{ fontSize: 20 }} />
        </ListItemIcon>
        <ListItemText
          primary={t('whatsNew.title')}
          secondary={wide ? t('whatsNew.version', { version: WHATS_NEW.version }) : undefined}
          sx={textSx}
          slotProps={{ secondary: { sx: { color: 'inherit', opacity: 0.7, fontSize: '0.6875rem' } } }}
        />
      </ListItemButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="whats-new-title">
        <DialogTitle id="whats-new-title">
          {t('whatsNew.title')}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t('whatsNew.version', { version: WHATS_NEW.version })}
          </Typography>
        </DialogTitle>
        <DialogContent>
          <Typography component="ul" variant="body1" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.75 } }}>
            {WHATS_NEW.items.map((item) => (
              <li key={item}>{t(`whatsNew.items.${item}`)}</li>
            ))}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
