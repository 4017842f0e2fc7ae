import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { LanguageSwitch } from './language-switch';

type MobileTopBarProps = {
  title: string;
  unreadNotifications: number;
  onOpenMenu: () => void;
  onOpenNotifications?: () => void;
};

/** Phone width: a top bar with the menu button, the page title, the language and the notifications bell. */
export function MobileTopBar({
  title,
  unreadNotifications,
  onOpenMenu,
  onOpenNotifications,
}: MobileTopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" disableGutters sx={{ px: 0.5, gap: 0.5, minHeight: 48 }}>
        <IconButton aria-label={t('shell.openMenu')} onClick={onOpenMenu} size="medium">
          <MenuIcon />
        </IconButton>
        <Typography variant="h1" noWrap sx={{ flex: 1 }}>
          {title}
        </Typography>
        <LanguageSwitch />
        <IconButton aria-label={t('shell.notifications')} onClick={onOpenNotifications} size="medium">
          <Badge badgeContent={unreadNotifications} color="error" max={99}>
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
