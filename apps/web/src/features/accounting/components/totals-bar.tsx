import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@/lib/format';

/** One figure of a list's totals: its name over the amount. */
export type Total = { key: string; label: string; amount: number; strong?: boolean };

/**
 * The totals of every record a list's filters match (not only the page), in a row under the list's header.
 */
export function TotalsBar({ totals }: { totals: readonly Total[] }) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('accounting.totals.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      {totals.map((total) => (
        <Box key={total.key} aria-label={total.label}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {total.label}
          </Typography>
          <Typography
            variant="body2"
            sx={{ fontWeight: total.strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatUsd(total.amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
