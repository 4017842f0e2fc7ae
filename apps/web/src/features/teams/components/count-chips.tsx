import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TeamCounts } from '@app/domain/teams/teams.schema';

/**
 * A count's label, as wide as the same label with a three-digit count on wide screens, so that the counts
 * of the teams listed one under another line up in columns whatever their numbers. The sizer is hidden
 * from sight and from screen readers; on a phone the chips wrap under the name and take their own width.
 */
function CountLabel({ text, sizer }: { text: string; sizer: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-grid', fontVariantNumeric: 'tabular-nums' }}>
      <Box component="span" sx={{ gridArea: '1 / 1' }}>
        {text}
      </Box>
      <Box
        component="span"
        aria-hidden
        sx={{ gridArea: '1 / 1', visibility: 'hidden', display: { xs: 'none', md: 'inline' } }}
      >
        {sizer}
      </Box>
    </Box>
  );
}

/** What a team holds, as small chips: open loads, vehicles (teams only) and people. */
export function CountChips({ counts, showVehicles = true }: { counts: TeamCounts; showVehicles?: boolean }) {
  const { t } = useTranslation();
  const chip = (key: 'loads' | 'vehicles' | 'users') => (
    <Chip
      size="small"
      variant="outlined"
      label={
        <CountLabel
          text={t(`teams.counts.${key}`, { count: counts[key] })}
          sizer={t(`teams.counts.${key}`, { count: 888 })}
        />
      }
    />
  );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {chip('loads')}
      {showVehicles && chip('vehicles')}
      {chip('users')}
    </Stack>
  );
}
