import { useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SummaryLink } from './summary-link';

/** A smaller figure; `menuPath` is the menu entry of `to` when it is another (see SummaryLink). */
export type StatLine = { label: string; value: ReactNode; to?: string; menuPath?: string };

type StatTileProps = {
  label: string;
  value: ReactNode;
  /** The list the main figure sums up. */
  to?: string;
  /** Smaller figures under the main one (a status, a part of the whole), each with its own list. */
  lines?: readonly StatLine[];
};

/** A figure of the dashboard with its name and the smaller figures that make it up. */
export function StatTile({ label, value, to, lines }: StatTileProps) {
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, minWidth: 0 }}
    >
      <Typography id={labelId} variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="div"
        sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}
        data-testid="stat-value"
      >
        {to ? <SummaryLink to={to}>{value}</SummaryLink> : value}
      </Typography>
      {lines && lines.length > 0 && (
        <Box
          component="dl"
          sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.25 }}
        >
          {lines.map((line) => (
            <Box key={line.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary" noWrap>
                {line.label}
              </Typography>
              <Typography
                component="dd"
                variant="caption"
                sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
              >
                {line.to ? (
                  <SummaryLink to={line.to} menuPath={line.menuPath}>
                    {line.value}
                  </SummaryLink>
                ) : (
                  line.value
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Tiles in a row that wraps: several across on a wide screen, two on a phone. */
export function StatTiles({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 1,
        p: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
