import { useRef, useState } from 'react';
import type { FocusEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Logout from '@mui/icons-material/Logout';
import { appEvents } from '@/lib/events';
import type { MenuEntry } from '@/lib/current-user';
import { normalizePath } from '@/lib/current-user';
import { SIDE_MENU_EXPANDED_WIDTH, SIDE_MENU_WIDTH } from '../theme';
import { menuIcon } from './menu-icons';
import { WhatsNew } from './whats-new';

// The accessible name of the menu stays the same in every language, so that it can always be found.
export const MAIN_MENU_LABEL = 'Main menu';

/** Unread counts per menu id; an entry with a count shows a dot. The notifications feed fills it. */
export type MenuBadges = Partial<Record<number, number>>;

type SideMenuProps = {
  menu: readonly MenuEntry[];
  /** The menu path of the current page (normalised), highlighted in the menu. */
  activePath: string | null;
  badges?: MenuBadges;
  /** 'rail': a 56 px column of icons that widens on hover or focus; 'drawer': always wide (phones). */
  variant: 'rail' | 'drawer';
  showWhatsNew: boolean;
  /** Called after an entry is chosen (the phone drawer closes). */
  onNavigate?: () => void;
  onLogout: () => void;
};

const EXPAND_DELAY_MS = 120;

const colors = {
  background: '#1e252f',
  text: '#c3cad4',
  muted: '#8792a2',
  hover: 'rgba(255,255,255,0.06)',
  active: 'rgba(92,150,240,0.18)',
  accent: '#6ea2f5',
};

function isActive(entry: MenuEntry, activePath: string | null): boolean {
  return activePath !== null && entry.path !== null && normalizePath(entry.path) === activePath;
}

function containsActive(entry: MenuEntry, activePath: string | null): boolean {
  return entry.children.some((child) => isActive(child, activePath));
}

export function SideMenu({
  menu,
  activePath,
  badges = {},
  variant,
  showWhatsNew,
  onNavigate,
  onLogout,
}: SideMenuProps) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hoverTimer = useRef<number | undefined>(undefined);
  // Groups the user opened or closed; the others are open when they hold the current page.
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const wide = variant === 'drawer' || hovered || focused;

  const onMouseEnter = () => {
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(() => setHovered(true), EXPAND_DELAY_MS);
  };
  const onMouseLeave = () => {
    window.clearTimeout(hoverTimer.current);
    setHovered(false);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const label = (name: string) => t(`menu.${name}`, { defaultValue: name });

  const itemSx = (active: boolean, depth: number) => ({
    minHeight: 36,
    mx: 1,
    my: 0.25,
    px: 1.25,
    pl: wide && depth > 0 ? 3 : 1.25,
    color: active ? '#ffffff' : colors.text,
    bgcolor: active ? colors.active : 'transparent',
    transition: 'padding 120ms ease',
    '&:hover': { bgcolor: active ? colors.active : colors.hover },
    '&.Mui-focusVisible': { bgcolor: colors.hover, outline: `2px solid ${colors.accent}`, outlineOffset: -2 },
    '& .MuiListItemIcon-root': { color: active ? colors.accent : colors.muted, minWidth: 30 },
  });

  const textSx = {
    m: 0,
    opacity: wide ? 1 : 0,
    transition: 'opacity 120ms ease',
    whiteSpace: 'nowrap',
    '& .MuiListItemText-primary': { fontSize: '0.8125rem' },
  } as const;

  const renderIcon = (entry: MenuEntry) => {
    const Icon = menuIcon(entry.id);
    const count = badges[entry.id] ?? 0;
    return (
      <ListItemIcon>
        <Badge color="error" variant="dot" invisible={count === 0} overlap="circular">
          <Icon sx={{ fontSize: 20 }} />
        </Badge>
      </ListItemIcon>
    );
  };

  const renderCount = (entry: MenuEntry) => {
    const count = badges[entry.id] ?? 0;
    if (!wide || count === 0) return null;
    return (
      <Typography
        component="span"
        aria-label={t(entry.name === 'income' ? 'shell.quickPayCount' : 'shell.unreadCount', { count })}
        sx={{
          fontSize: '0.6875rem',
          fontWeight: 600,
          color: '#fff',
          bgcolor: 'error.main',
          px: 0.75,
          borderRadius: 8,
        }}
      >
        {count > 99 ? '99+' : count}
      </Typography>
    );
  };

  const renderLink = (entry: MenuEntry, depth: number) => {
    const active = isActive(entry, activePath);
    return (
      <ListItemButton
        key={entry.id}
        component={RouterLink}
        to={entry.path ?? '/'}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={itemSx(active, depth)}
      >
        {renderIcon(entry)}
        <ListItemText primary={label(entry.name)} sx={textSx} />
        {renderCount(entry)}
      </ListItemButton>
    );
  };

  const renderEntry = (entry: MenuEntry) => {
    if (entry.children.length > 0) {
      const open = toggled[entry.id] ?? containsActive(entry, activePath);
      const groupId = `menu-group-${entry.id}`;
      return (
        <Box key={entry.id}>
          <ListItemButton
            aria-expanded={open}
            aria-controls={groupId}
            onClick={() => setToggled((current) => ({ ...current, [entry.id]: !open }))}
            sx={{
              ...itemSx(false, 0),
              color: containsActive(entry, activePath) ? '#ffffff' : colors.text,
            }}
          >
            {renderIcon(entry)}
            <ListItemText primary={label(entry.name)} sx={textSx} />
            <ExpandMore
              sx={{
                fontSize: 18,
                color: colors.muted,
                opacity: wide ? 1 : 0,
                transform: open ? 'rotate(180deg)' : 'none',
                transition: 'transform 150ms ease, opacity 120ms ease',
              }}
            />
          </ListItemButton>
          <Collapse in={open} timeout="auto">
            <List id={groupId} component="div" disablePadding dense>
              {entry.children.map((child) => renderLink(child, 1))}
            </List>
          </Collapse>
        </Box>
      );
    }
    if (entry.path === null) {
      // addLoad is an action: it opens the global add-load dialog.
      return (
        <ListItemButton
          key={entry.id}
          onClick={() => {
            onNavigate?.();
            appEvents.emit('add-load');
          }}
          sx={itemSx(false, 0)}
        >
          {renderIcon(entry)}
          <ListItemText primary={label(entry.name)} sx={textSx} />
        </ListItemButton>
      );
    }
    return renderLink(entry, 0);
  };

  const width = wide ? SIDE_MENU_EXPANDED_WIDTH : SIDE_MENU_WIDTH;

  return (
    <Box
      component="nav"
      aria-label={MAIN_MENU_LABEL}
      onMouseEnter={variant === 'rail' ? onMouseEnter : undefined}
      onMouseLeave={variant === 'rail' ? onMouseLeave : undefined}
      onFocus={variant === 'rail' ? () => setFocused(true) : undefined}
      onBlur={variant === 'rail' ? onBlur : undefined}
      sx={{
        width: variant === 'drawer' ? SIDE_MENU_EXPANDED_WIDTH : width,
        height: variant === 'drawer' ? '100%' : '100vh',
        position: variant === 'rail' ? 'fixed' : 'relative',
        top: 0,
        left: 0,
        zIndex: (theme) => theme.zIndex.drawer,
        bgcolor: colors.background,
        color: colors.text,
        display: 'flex',
        flexDirection: 'column',
        overflowX: 'hidden',
        transition: 'width 150ms ease, box-shadow 150ms ease',
        boxShadow: variant === 'rail' && wide ? '4px 0 16px rgba(15,23,42,0.25)' : 'none',
      }}
    >
      <Box sx={{ height: 48, display: 'flex', alignItems: 'center', gap: 1.25, px: 1.75, flexShrink: 0 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: 1.5,
            bgcolor: 'primary.main',
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: 14,
            flexShrink: 0,
          }}
        >
          D
        </Box>
        <Typography
          sx={{
            color: '#fff',
            fontWeight: 600,
            whiteSpace: 'nowrap',
            opacity: wide ? 1 : 0,
            transition: 'opacity 120ms',
          }}
        >
          {t('app.name')}
        </Typography>
      </Box>

      <List
        component="div"
        dense
        disablePadding
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 0.5 }}
      >
        {menu.map(renderEntry)}
      </List>

      <Box sx={{ flexShrink: 0, borderTop: '1px solid rgba(255,255,255,0.08)', py: 0.5 }}>
        {showWhatsNew && <WhatsNew wide={wide} itemSx={itemSx(false, 0)} textSx={textSx} />}
        <ListItemButton onClick={onLogout} sx={itemSx(false, 0)}>
          <ListItemIcon>
            <Logout sx={{ fontSize: 20 }} />
          </ListItemIcon>
          <ListItemText primary={t('common.logout')} sx={textSx} />
        </ListItemButton>
      </Box>
    </Box>
  );
}
