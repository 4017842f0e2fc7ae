import { useEffect, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import KeyboardDoubleArrowRight from '@mui/icons-material/KeyboardDoubleArrowRight';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  COMPACT_TELEPHONY_STORAGE_KEY,
  TELEPHONY_PANEL_COMPACT_WIDTH,
  TELEPHONY_PANEL_WIDTH,
} from '@app/domain/telephony/telephony.rules';
import type { TelephonyTab } from '@app/domain/telephony/telephony-panel.rules';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useNotifications } from '@/features/notifications/notifications-provider';
import { ConnectPage } from '@/features/telephony/components/connect-page';
import { ContactSearchResults } from '@/features/telephony/components/contact-search-results';
import { useTelephony } from '@/features/telephony/components/telephony-provider';
import { useSocketStatus } from '@/lib/socket-provider';

/** Widths from the spec; the compact flag is kept in localStorage as compact_telephony. */
export const RIGHT_PANEL_WIDTH = TELEPHONY_PANEL_WIDTH;
export const RIGHT_PANEL_COMPACT_WIDTH = TELEPHONY_PANEL_COMPACT_WIDTH;
export const COMPACT_PANEL_STORAGE_KEY = COMPACT_TELEPHONY_STORAGE_KEY;
/**
 * Below this screen width the panel starts compact, unless the user chose a width: at 1280 px (and at
 * 1440 px in Russian) a 300 px panel pushes the money columns of the lists behind a sideways scroll.
 */
export const NARROW_SCREEN_QUERY = '(max-width: 1599.95px)';

export type RightPanelTab = TelephonyTab;

/** The user's choice: true (compact), false (wide), or null when they never chose. */
function readCompact(): boolean | null {
  const stored = localStorage.getItem(COMPACT_PANEL_STORAGE_KEY);
  return stored === null ? null : stored === 'true';
}

type RightPanelProps = {
  /** 'docked': the column at the right of the page; 'drawer': the phone's panel behind the bell. */
  variant?: 'docked' | 'drawer';
  /** Called after a notification was opened (the phone drawer closes). */
  onNavigate?: () => void;
};

/**
 * The right-hand panel's frame: a search box, Home (notifications) and Connect (the telephony feature's
 * contact cards and keypad; its state is the shell's TelephonyProvider). The search finds people (choosing
 * one opens Connect) and narrows the Home list to the notifications that contain the text.
 * The kind of sound chosen for the last fresh notification is on the panel as data-last-sound (and
 * data-last-sound-played), so that it can be checked without audio; data-socket is the socket's state.
 */
export function RightPanel({ variant = 'docked', onNavigate }: RightPanelProps) {
  const { t } = useTranslation();
  const [storedCompact, setCompact] = useState(readCompact);
  const narrowScreen = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const { state, dispatch } = useTelephony();
  const tab = state.currentTab;
  const setTab = (next: RightPanelTab) => dispatch({ type: 'selectTab', tab: next });
  const [search, setSearch] = useState('');
  const { lastSound } = useNotifications();
  const socketStatus = useSocketStatus();
  // The phone drawer is always wide: 192 px would waste the screen it covers anyway.
  const compact = variant === 'docked' && (storedCompact ?? narrowScreen);

  const toggleCompact = () => {
    const next = !compact;
    localStorage.setItem(COMPACT_PANEL_STORAGE_KEY, String(next));
    setCompact(next);
  };
  // The telephony state keeps the panel's width as the spec's isCompact.
  useEffect(() => {
    if (state.isCompact !== compact) dispatch({ type: 'setCompact', isCompact: compact });
  }, [compact, state.isCompact, dispatch]);

  return (
    <Box
      component="aside"
      aria-label={t('panel.label')}
      data-compact={compact}
      data-socket={socketStatus}
      data-last-sound={lastSound?.sound ?? ''}
      data-last-sound-played={lastSound ? String(lastSound.played) : ''}
      sx={{
        width: compact ? RIGHT_PANEL_COMPACT_WIDTH : RIGHT_PANEL_WIDTH,
        maxWidth: '100vw',
        flexShrink: 0,
        height: '100vh',
        position: variant === 'docked' ? 'sticky' : 'relative',
        top: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderLeft: 1,
        borderColor: 'divider',
        transition: 'width 150ms ease',
      }}
    >
      <Box
        sx={{
          height: 48,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {variant === 'docked' && (
          <Tooltip title={compact ? t('panel.expand') : t('panel.compact')}>
            <IconButton aria-label={compact ? t('panel.expand') : t('panel.compact')} onClick={toggleCompact}>
              {compact ? (
                <KeyboardDoubleArrowLeft fontSize="small" />
              ) : (
                <KeyboardDoubleArrowRight fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
        )}
        <TextField
          margin="none"
          fullWidth
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            if (tab !== 'home') setTab('home');
          }}
          placeholder={t('panel.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('panel.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined sx={{ fontSize: 18 }} />
                </InputAdornment>
              ),
              sx: { height: 30 },
            },
          }}
        />
      </Box>

      <Box
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`panel-tab-${tab}`}
        sx={{ flex: 1, overflowY: 'auto' }}
      >
        {search.trim() !== '' && (
          <ContactSearchResults search={search} compact={compact} onChosen={() => setSearch('')} />
        )}
        {tab === 'home' ? (
          <NotificationList filter={search} compact={compact} onNavigate={onNavigate} />
        ) : (
          <ConnectPage compact={compact} onNavigate={onNavigate} />
        )}
      </Box>

      <Tabs
        value={tab}
        onChange={(_event, value: RightPanelTab) => setTab(value)}
        variant="fullWidth"
        aria-label={t('panel.tabs')}
        sx={{ borderTop: 1, borderColor: 'divider', '& .MuiTabs-indicator': { top: 0, bottom: 'auto' } }}
      >
        <Tab
          value="home"
          id="panel-tab-home"
          aria-controls="panel-home"
          icon={<HomeOutlined sx={{ fontSize: 18 }} />}
          iconPosition="start"
          label={t('panel.home')}
        />
        <Tab
          value="connect"
          id="panel-tab-connect"
          aria-controls="panel-connect"
          icon={<ContactPhoneOutlined sx={{ fontSize: 18 }} />}
          iconPosition="start"
          label={t('panel.connect')}
        />
      </Tabs>
    </Box>
  );
}
