import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TeamCounts } from '@app/domain/teams/teams.schema';

/** What a team holds, as small chips: open loads, vehicles (teams only) and people. */
export function CountChips({ counts, showVehicles = true }: { counts: TeamCounts; showVehicles?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" label={t('teams.counts.loads', { count: counts.loads })} />
      {showVehicles && (
        <Chip
          size="small"
          variant="outlined"
          label={t('teams.counts.vehicles', { count: counts.vehicles })}
        />
      )}
      <Chip size="small" variant="outlined" label={t('teams.counts.users', { count: counts.users })} />
    </Stack>
  );
}
