import { useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type SectionProps = {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  id?: string;
  /** Draws the eye to the part (the notes opened by ?dir=notes, the files a status move waits for). */
  highlighted?: boolean;
};

/** One part of the load page: a titled card. */
export function Section({ title, action, children, id, highlighted = false }: SectionProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      id={id}
      aria-labelledby={titleId}
      data-highlighted={highlighted || undefined}
      sx={{
        scrollMarginTop: 64,
        transition: 'box-shadow 300ms, border-color 300ms',
        ...(highlighted && {
          borderColor: 'primary.main',
          boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}33`,
        }),
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          minHeight: 42,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h3" id={titleId} sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      <Box sx={{ p: 2 }}>{children}</Box>
    </Paper>
  );
}
