import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { canChangeTeams } from '@app/domain/teams/teams.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { SettingsTabs } from '@/components/settings-tabs/settings-tabs';
import { NoAccess } from '@/app/shell/no-access';
import { startPathFor } from '@/app/shell/start-path';
import { useCurrentUser } from '@/lib/current-user';
import { useTeamsList } from '../api/teams-list';
import { AddPersonDialog } from '../components/add-person-dialog';
import { DeleteDialog } from '../components/delete-dialog';
import { TeamCard } from '../components/team-card';
import type { TeamDialog } from '../components/team-dialog-state';
import { LeadDialog, SubgroupDialog, TeamNameDialog } from '../components/team-dialogs';

/**
 * /settings/teams/: the company's teams, for admins and managers (TEAMS_ROLES.change): each team with its
 * counts, opened to its subgroups, leads and people; create, rename and delete teams and subgroups,
 * change leads, and move people. Others see the no-access state. A colleague's change arrives through
 * update_working_groups (app/realtime/live-queries.ts).
 */
export function TeamsPage() {
  const user = useCurrentUser();
  if (!canChangeTeams(user)) return <NoAccess homePath={startPathFor(user)} />;
  return <TeamsBody />;
}

function TeamsBody() {
  const { t } = useTranslation();
  const teams = useTeamsList();
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  const close = () => setDialog(null);
  const newTeam = (
    <Button
      variant="contained"
      size="small"
      startIcon={<Add />}
      onClick={() => setDialog({ kind: 'createTeam' })}
    >
      {t('teams.newTeam')}
    </Button>
  );

  return (
    <PageFrame>
      {/* The tabs first, as on the other settings pages; the page's action below them, by how it works. */}
      <SettingsTabs />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {t('teams.howToMove')}
        </Typography>
        <Box sx={{ ml: 'auto', flexShrink: 0 }}>{newTeam}</Box>
      </Stack>
      {teams.isPending ? (
        <LoadingState label={t('teams.loading')} />
      ) : teams.isError ? (
        <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.length === 0 ? (
        <EmptyState
          title={t('teams.empty')}
          description={t('teams.emptyHint')}
          icon={<GroupsOutlined />}
          action={newTeam}
        />
      ) : (
        <Stack spacing={1}>
          {teams.data.map((team, index) => (
            <TeamCard
              key={team.id}
              team={team}
              allTeams={teams.data}
              initiallyOpen={index === 0}
              open={setDialog}
            />
          ))}
        </Stack>
      )}
      {dialog?.kind === 'createTeam' && <TeamNameDialog onClose={close} />}
      {dialog?.kind === 'rename' && <TeamNameDialog team={dialog.team} onClose={close} />}
      {dialog?.kind === 'lead' && <LeadDialog target={dialog.target} onClose={close} />}
      {dialog?.kind === 'subgroup' && <SubgroupDialog team={dialog.team} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteDialog target={dialog.target} onClose={close} />}
      {dialog?.kind === 'addPerson' && <AddPersonDialog subgroup={dialog.subgroup} onClose={close} />}
    </PageFrame>
  );
}
