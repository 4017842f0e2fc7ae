import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import { canEditCompanySettings } from '@app/domain/company/company.schema';
import { roleName } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The signed-in user's name and avatar, with Profile, Company settings (admins and managers) and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { signOut } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;

  return (
    <>
      <ButtonBase
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={t('shell.userMenu', { name: fullName })}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 1, px: 0.75, py: 0.5, gap: 1, '&:hover': { bgcolor: 'action.hover' } }}
      >
        <Avatar
          src={user.avatar ?? undefined}
          alt=""
          sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'secondary.main' }}
        >
          {initials(user.first_name, user.last_name)}
        </Avatar>
        <Box sx={{ textAlign: 'left', display: { xs: 'none', md: 'block' } }}>
          <Typography variant="body1" sx={{ fontWeight: 500, lineHeight: 1.2 }} noWrap>
            {fullName}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }} noWrap>
            {roleName(user.role ?? (user.is_superuser ? 3 : null), currentLang())}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate('/settings/profile/');
          }}
        >
          <ListItemIcon>
            <PersonOutlineOutlined fontSize="small" />
          </ListItemIcon>
          {t('shell.profile')}
        </MenuItem>
        {canEditCompanySettings(user) && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate('/settings/company/');
            }}
          >
            <ListItemIcon>
              <ApartmentOutlined fontSize="small" />
            </ListItemIcon>
            {t('companySettings.title')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('common.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
