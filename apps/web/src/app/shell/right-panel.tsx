import { useState } from 'react';
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
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { EmptyState } from '@/components/empty-state';

/** Widths from the spec; the compact flag is kept in localStorage as compact_telephony. */
export const RIGHT_PANEL_WIDTH = 300;
export const RIGHT_PANEL_COMPACT_WIDTH = 192;
export const COMPACT_PANEL_STORAGE_KEY = 'compact_telephony';

export type RightPanelTab = 'home' | 'connect';

function readCompact(): boolean {
  return localStorage.getItem(COMPACT_PANEL_STORAGE_KEY) === 'true';
}

/**
 * The right-hand panel: a contact search, Home (notifications) and Connect (the chosen contact). The
 * notifications and telephony features fill it; for now it shows their empty states.
 */
export function RightPanel() {
  const { t } = useTranslation();
  const [compact, setCompact] = useState(readCompact);
  const [tab, setTab] = useState<RightPanelTab>('home');

  const toggleCompact = () => {
    setCompact((current) => {
      localStorage.setItem(COMPACT_PANEL_STORAGE_KEY, String(!current));
      return !current;
    });
  };

  return (
    <Box
      component="aside"
      aria-label={t('panel.label')}
      sx={{
        width: compact ? RIGHT_PANEL_COMPACT_WIDTH : RIGHT_PANEL_WIDTH,
        flexShrink: 0,
        height: '100vh',
        position: 'sticky',
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
        <Tooltip title={compact ? t('panel.expand') : t('panel.compact')}>
          <IconButton aria-label={compact ? t('panel.expand') : t('panel.compact')} onClick={toggleCompact}>
            {compact ? (
              <KeyboardDoubleArrowLeft fontSize="small" />
            ) : (
              <KeyboardDoubleArrowRight fontSize="small" />
            )}
          </IconButton>
        </Tooltip>
        <TextField
          // Contact search arrives with the telephony panel; until then the box is shown but disabled.
          disabled
          margin="none"
          fullWidth
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
        {tab === 'home' ? (
          <EmptyState compact icon={<NotificationsNoneOutlined />} title={t('panel.noNotifications')} />
        ) : (
          <EmptyState
            compact
            icon={<PersonSearchOutlined />}
            title={t('panel.noContact')}
            description={compact ? undefined : t('panel.noContactHint')}
          />
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
