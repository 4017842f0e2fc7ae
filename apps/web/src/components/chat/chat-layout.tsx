import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { EmptyState } from '@/components/empty-state';
import { ChatAvatar } from './chat-avatar';

// The chat pages' frame: on a wide screen the list on the left and the open conversation on the right; on
// a phone (and a narrow tablet) the list alone, then the conversation alone with a back button.

/** Below this the page shows one pane at a time. */
export function useSinglePane(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}

const LIST_WIDTH = 340;

type ChatLayoutProps = {
  list: ReactNode;
  /** The open chat; null when none is chosen. */
  conversation: ReactNode | null;
  /** Shown on the right when no chat is chosen (wide screens). */
  placeholder: string;
};

export function ChatLayout({ list, conversation, placeholder }: ChatLayoutProps) {
  const single = useSinglePane();
  const open = conversation !== null;
  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        overflow: 'hidden',
        height: { xs: 'calc(100dvh - 72px)', sm: 'calc(100vh - 80px)' },
        minHeight: 360,
      }}
    >
      {(!single || !open) && (
        <Box
          component="section"
          sx={{
            width: single ? '100%' : LIST_WIDTH,
            flexShrink: 0,
            borderRight: single ? 0 : 1,
            borderColor: 'divider',
            minHeight: 0,
          }}
        >
          {list}
        </Box>
      )}
      {(!single || open) && (
        <Box component="section" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {conversation ?? (
            <Box sx={{ m: 'auto' }}>
              <EmptyState icon={<ForumOutlined />} title={placeholder} />
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}

type ChatHeaderProps = {
  title: string;
  subtitle?: ReactNode;
  avatar?: string | null;
  /** Whose initials stand for a missing picture (the title's unless given). */
  avatarName?: string;
  /** Where the back button leads (phones). */
  backTo: string;
  actions?: ReactNode;
  /** Tabs or chips under the title (chat or notes). */
  children?: ReactNode;
};

/** The open conversation's header: back (phones), avatar, title and subtitle, and its buttons. */
export function ChatHeader({
  title,
  subtitle,
  avatar,
  avatarName,
  backTo,
  actions,
  children,
}: ChatHeaderProps) {
  const { t } = useTranslation();
  const single = useSinglePane();
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.75, minHeight: 52 }}>
        {single && (
          <IconButton size="small" component={RouterLink} to={backTo} aria-label={t('chat.back')}>
            <ArrowBack fontSize="small" />
          </IconButton>
        )}
        {avatar !== undefined && <ChatAvatar src={avatar} name={avatarName ?? title} size={32} />}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="subtitle2" noWrap>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}
