import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { TOP_BAR_HEIGHT } from '../theme';
import { EasternClock } from './eastern-clock';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

type TopBarProps = { title: string; section?: string };

/** Desktop top bar: the page title (after its menu group), the Eastern clock, language and user. */
export function TopBar({ title, section }: TopBarProps) {
  return (
    <Box
      component="header"
      sx={{
        height: TOP_BAR_HEIGHT,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: 1 }}>
        {section && (
          <>
            <Typography variant="subtitle1" color="text.secondary" noWrap sx={{ fontWeight: 400 }}>
              {section}
            </Typography>
            <ChevronRight sx={{ fontSize: 18, color: 'text.disabled' }} />
          </>
        )}
        <Typography variant="h1" noWrap>
          {title}
        </Typography>
      </Box>
      <EasternClock />
      <LanguageSwitch />
      <UserMenu />
    </Box>
  );
}
