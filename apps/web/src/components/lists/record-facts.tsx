import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

// The facts of a record opened from a list (a vehicle's or a driver's card): a titled section, and the
// label / value pairs of a description list in two aligned columns.

type RecordSectionProps = {
  title: string;
  /** Names the section as a region of the page (a list in it), by the title without its count. */
  label?: string;
  children: ReactNode;
};

export function RecordSection({ title, label, children }: RecordSectionProps) {
  return (
    <Box component="section" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The label / value pairs: the labels in a column as wide as the longest, long values wrapped. */
export function FactList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}
    >
      {children}
    </Box>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
