import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countsOfRefusal } from '@app/domain/teams/teams.rules';
import type { TeamCounts } from '@app/domain/teams/teams.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { isRefusal } from '@/lib/api-error';
import { useDeleteSubgroup } from '../api/delete-subgroup';
import { useDeleteTeam } from '../api/delete-team';
import { CountChips } from './count-chips';
import { useTeamsMessageText } from './teams-messages';

export type DeleteTarget = {
  kind: 'team' | 'subgroup';
  id: number;
  name: string;
  /** Where its work may go: the other teams, or the other subgroups (named with their team). */
  destinations: { id: number; label: string }[];
};

/**
 * Deleting a team or subgroup. The first answer decides: an empty one is deleted; one that still holds
 * open loads, vehicles or people is refused (team_not_empty / subgroup_not_empty) with its counts, which
 * the dialog shows, asking where they go; the delete is then sent again with move_to.
 */
export function DeleteDialog({ target, onClose }: { target: DeleteTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useTeamsMessageText();
  const removeTeam = useDeleteTeam();
  const removeSubgroup = useDeleteSubgroup();
  const [held, setHeld] = useState<TeamCounts | null>(null);
  const [moveTo, setMoveTo] = useState<number | ''>('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refusalCode = target.kind === 'team' ? 'team_not_empty' : 'subgroup_not_empty';

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const request = { id: target.id, moveTo: held && moveTo !== '' ? moveTo : null };
      await (target.kind === 'team' ? removeTeam : removeSubgroup).mutateAsync(request);
      onClose();
    } catch (failure) {
      if (isRefusal(failure, refusalCode)) setHeld(countsOfRefusal(failure.fields));
      else setError(failure);
      setPending(false);
    }
  };

  const title =
    target.kind === 'team'
      ? t('teams.dialogs.deleteTeamTitle', { name: target.name })
      : t('teams.dialogs.deleteSubgroupTitle', { name: target.name });
  return (
    <FormDialog
      titleId="team-delete-dialog"
      title={title}
      cancelLabel={t('common.cancel')}
      submitLabel={held ? t('teams.dialogs.moveAndDelete') : t('teams.dialogs.delete')}
      pending={pending}
      submitDisabled={held !== null && moveTo === ''}
      danger
      size="xs"
      onClose={onClose}
      onConfirm={() => void submit()}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {held === null ? null : (
          <>
            <Typography variant="body2">{t('teams.dialogs.deleteAsk')}</Typography>
            <CountChips counts={held} showVehicles={target.kind === 'team'} />
            {target.destinations.length === 0 ? (
              <Alert severity="warning">
                {target.kind === 'team' ? t('teams.dialogs.noOtherTeam') : t('teams.dialogs.noOtherSubgroup')}
              </Alert>
            ) : (
              <TextField
                select
                size="small"
                label={
                  target.kind === 'team' ? t('teams.dialogs.moveTeamTo') : t('teams.dialogs.moveSubgroupTo')
                }
                value={moveTo}
                onChange={(event) => setMoveTo(Number(event.target.value))}
                autoFocus
                // Long "Team › Subgroup" names wrap inside the screen rather than being cut.
                slotProps={{
                  select: {
                    MenuProps: {
                      slotProps: { paper: { sx: { maxWidth: 'min(420px, calc(100vw - 32px))' } } },
                    },
                  },
                }}
              >
                {target.destinations.map((destination) => (
                  <MenuItem
                    key={destination.id}
                    value={destination.id}
                    sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
                  >
                    {destination.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </>
        )}
        <ErrorAlert error={error} messageText={messageText} />
      </Stack>
    </FormDialog>
  );
}
