import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * One section of the company settings page: a titled fieldset in its own card. Later areas add theirs
 * (mail and SMS providers, the proposition template, the pay-sheet schedule, quick pay) to the same form.
 */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography component="legend" variant="h2" sx={{ float: 'left', width: '100%', p: 0, mb: 0.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ clear: 'both', mb: 1 }}>
          {description}
        </Typography>
      )}
      <Stack spacing={1.5} sx={{ clear: 'both', pt: description ? 0 : 1 }}>
        {children}
      </Stack>
    </Paper>
  );
}
