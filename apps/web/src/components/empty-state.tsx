import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

type EmptyStateProps = {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
  /** Less vertical room, for side panels and table bodies. */
  compact?: boolean;
};

export function EmptyState({ title, description, icon, action, compact = false }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 0.75,
        py: compact ? 3 : 8,
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Box sx={{ color: 'text.disabled', display: 'flex', '& svg': { fontSize: compact ? 28 : 36 } }}>
        {icon ?? <InboxOutlined />}
      </Box>
      <Typography variant="subtitle2" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ maxWidth: 360 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
