import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVert from '@mui/icons-material/MoreVert';
import type { TeamSummary } from '@app/domain/teams/teams.schema';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useTeamDetail } from '../api/team-detail';
import { CountChips } from './count-chips';
import type { OpenTeamDialog } from './team-dialog-state';
import { TeamTree } from './team-tree';

type TeamCardProps = {
  team: TeamSummary;
  allTeams: readonly TeamSummary[];
  initiallyOpen: boolean;
  open: OpenTeamDialog;
};

/**
 * One team: its name, lead and counts (open loads, vehicles, people) with its actions; opened, its
 * subgroups and people (GET working-groups/{id}, fetched when first opened).
 */
export function TeamCard({ team, allTeams, initiallyOpen, open }: TeamCardProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(initiallyOpen);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const detail = useTeamDetail(team.id, expanded);
  const leadName = detail.data?.group_lead_name ?? null;
  const bodyId = `team-${team.id}-body`;

  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  return (
    <Paper variant="outlined" component="article" aria-label={team.name}>
      <Box
        sx={{
          display: 'grid',
          alignItems: 'center',
          columnGap: 1,
          rowGap: 0.5,
          px: 1,
          py: 0.75,
          // On a phone the counts go under the name, so the name keeps the width and the actions stay at the
          // right of the name, where every card has them.
          gridTemplateColumns: { xs: 'auto minmax(0, 1fr) auto', md: 'auto minmax(0, 1fr) auto auto' },
          gridTemplateAreas: {
            xs: '"expand title actions" ". counts counts"',
            md: '"expand title counts actions"',
          },
        }}
      >
        <IconButton
          size="small"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={t('teams.expand', { name: team.name })}
          onClick={() => setExpanded((value) => !value)}
          sx={{ gridArea: 'expand' }}
        >
          <ExpandMore
            fontSize="small"
            sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        </IconButton>
        <Box sx={{ gridArea: 'title', minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {team.name}
          </Typography>
          {expanded && detail.data && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {leadName ? t('teams.leadOf', { name: leadName }) : t('teams.noLead')}
            </Typography>
          )}
        </Box>
        <Box sx={{ gridArea: 'counts', minWidth: 0 }}>
          <CountChips counts={team.counts} />
        </Box>
        <IconButton
          size="small"
          aria-label={t('teams.teamActions', { name: team.name })}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ gridArea: 'actions' }}
        >
          <MoreVert fontSize="small" />
        </IconButton>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem
            dense
            onClick={pick(() => open({ kind: 'rename', team: { id: team.id, name: team.name } }))}
          >
            {t('teams.rename')}
          </MenuItem>
          <MenuItem
            dense
            onClick={pick(() =>
              open({
                kind: 'lead',
                target: { kind: 'team', id: team.id, name: team.name, lead: team.group_lead, leadName },
              }),
            )}
          >
            {t('teams.changeLead')}
          </MenuItem>
          <MenuItem
            dense
            onClick={pick(() => open({ kind: 'subgroup', team: { id: team.id, name: team.name } }))}
          >
            {t('teams.addSubgroup')}
          </MenuItem>
          <MenuItem
            dense
            sx={{ color: 'error.main' }}
            onClick={pick(() =>
              open({
                kind: 'delete',
                target: {
                  kind: 'team',
                  id: team.id,
                  name: team.name,
                  destinations: allTeams
                    .filter((other) => other.id !== team.id)
                    .map((other) => ({ id: other.id, label: other.name })),
                },
              }),
            )}
          >
            {t('teams.deleteTeam')}
          </MenuItem>
        </Menu>
      </Box>
      <Collapse in={expanded} unmountOnExit>
        <Box id={bodyId} sx={{ px: 1.5, pb: 1.5 }}>
          {detail.isPending ? (
            <LoadingState />
          ) : detail.isError ? (
            <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
          ) : (
            <TeamTree team={detail.data} allTeams={allTeams} open={open} />
          )}
        </Box>
      </Collapse>
    </Paper>
  );
}
