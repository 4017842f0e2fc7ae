import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type InsightCardProps = {
  title: string;
  /** A short figure beside the title (a count, the level of a prediction). */
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
};

/** One of the detail's insights: a titled card named by its title as a region of the page. */
export function InsightCard({ title, subtitle, action, children }: InsightCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          minHeight: 40,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h3" id={titleId}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {subtitle}
          </Typography>
        )}
        {!subtitle && <Box sx={{ flex: 1 }} />}
        {action}
      </Box>
      {children}
    </Paper>
  );
}
