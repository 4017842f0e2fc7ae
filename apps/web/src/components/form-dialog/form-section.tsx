import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A titled group of a dialog's fields (a fieldset with its legend): "Unit", "Dimensions", "Current
 * location"... Assistive technology reads the title with each field of the group.
 */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ p: 0, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
