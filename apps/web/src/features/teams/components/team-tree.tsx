import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import { teamTree } from '@app/domain/teams/teams.rules';
import type { TeamDetail, TeamMember, TeamSummary } from '@app/domain/teams/teams.schema';
import { MEMBER_DRAG_TYPE, MemberRow, type MemberMoveChoice } from './member-row';
import { subgroupDestinations, subgroupLabel, type OpenTeamDialog } from './team-dialog-state';
import { useMoveMember, type MoveDestination } from './use-move-member';

type TeamTreeProps = {
  team: TeamDetail;
  allTeams: readonly TeamSummary[];
  open: OpenTeamDialog;
};

/**
 * A team's subgroups with their leads and people, and the people outside every subgroup. A person moves
 * with the row's "Move to…" menu (any subgroup of any team, or out of their subgroup), or by dragging the
 * row onto a subgroup of this team.
 */
export function TeamTree({ team, allTeams, open }: TeamTreeProps) {
  const { t } = useTranslation();
  const unnamed = (id: number) => t('teams.unnamedSubgroup', { id });
  const { branches, unassigned } = teamTree(team);
  const destinations = subgroupDestinations(allTeams, unnamed);
  const { move, pending } = useMoveMember();
  const [dropTarget, setDropTarget] = useState<number | null>(null);

  const runMove = (userId: number, to: MoveDestination) => {
    // A refusal is shown by the HTTP client's message; the tree stays as the server has it.
    move(userId, to).catch(() => undefined);
  };

  const choicesOf = (member: TeamMember): MemberMoveChoice[] => {
    const current = team.subgroups.find((subgroup) => subgroup.id === member.subgroup_id);
    const out: MemberMoveChoice[] = current
      ? [
          {
            key: 'out',
            label: t('teams.outOfSubgroup', { team: team.name }),
            to: { kind: 'out', from: { id: current.id, users_id: current.users_id } },
          },
        ]
      : [];
    return [
      ...out,
      ...destinations
        .filter((destination) => destination.id !== member.subgroup_id)
        .map((destination) => ({
          key: `s${destination.id}`,
          label: destination.label,
          to: { kind: 'subgroup' as const, id: destination.id, users_id: destination.users_id },
        })),
    ];
  };

  const rows = (members: TeamMember[], leadId: number | null) =>
    members.length === 0 ? (
      <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 0.5 }}>
        {t('teams.noMembers')}
      </Typography>
    ) : (
      <List dense disablePadding>
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isLead={member.id === leadId}
            choices={choicesOf(member)}
            disabled={pending}
            onMove={(to) => runMove(member.id, to)}
          />
        ))}
      </List>
    );

  const dropProps = (subgroup: TeamDetail['subgroups'][number]) => ({
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(MEMBER_DRAG_TYPE)) return;
      event.preventDefault();
      setDropTarget(subgroup.id);
    },
    onDragLeave: () => setDropTarget(null),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDropTarget(null);
      const dragged = JSON.parse(event.dataTransfer.getData(MEMBER_DRAG_TYPE) || 'null') as {
        id: number;
        from: number | null;
      } | null;
      if (!dragged || dragged.from === subgroup.id) return;
      runMove(dragged.id, { kind: 'subgroup', id: subgroup.id, users_id: subgroup.users_id });
    },
  });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(280px, 1fr))' },
      }}
    >
      {branches.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('teams.noSubgroups')}
        </Typography>
      )}
      {branches.map(({ subgroup, members }) => (
        <Section
          key={subgroup.id}
          title={subgroupLabel(subgroup, unnamed)}
          subtitle={subgroup.lead_name ? t('teams.leadOf', { name: subgroup.lead_name }) : t('teams.noLead')}
          highlighted={dropTarget === subgroup.id}
          actions={
            <SubgroupMenu
              name={subgroupLabel(subgroup, unnamed)}
              onLead={() =>
                open({
                  kind: 'lead',
                  target: {
                    kind: 'subgroup',
                    id: subgroup.id,
                    name: subgroupLabel(subgroup, unnamed),
                    lead: subgroup.lead,
                    leadName: subgroup.lead_name,
                  },
                })
              }
              onAdd={() =>
                open({
                  kind: 'addPerson',
                  subgroup: {
                    id: subgroup.id,
                    name: subgroupLabel(subgroup, unnamed),
                    users_id: subgroup.users_id,
                  },
                })
              }
              onDelete={() =>
                open({
                  kind: 'delete',
                  target: {
                    kind: 'subgroup',
                    id: subgroup.id,
                    name: subgroupLabel(subgroup, unnamed),
                    destinations: destinations.filter((destination) => destination.id !== subgroup.id),
                  },
                })
              }
            />
          }
          {...dropProps(subgroup)}
        >
          {rows(members, subgroup.lead)}
        </Section>
      ))}
      {unassigned.length > 0 && (
        <Section title={t('teams.unassigned')} subtitle={null} highlighted={false}>
          {rows(unassigned, team.group_lead)}
        </Section>
      )}
    </Box>
  );
}

type SectionProps = {
  title: string;
  subtitle: string | null;
  highlighted: boolean;
  actions?: ReactNode;
  children: ReactNode;
  onDragOver?: (event: DragEvent) => void;
  onDragLeave?: () => void;
  onDrop?: (event: DragEvent) => void;
};

function Section({ title, subtitle, highlighted, actions, children, ...drop }: SectionProps) {
  return (
    <Box
      component="section"
      aria-label={title}
      {...drop}
      sx={{
        border: 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        borderStyle: highlighted ? 'dashed' : 'solid',
        borderRadius: 1,
        p: 1,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* Long names wrap: a cut name could not be told from another one starting alike. */}
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

function SubgroupMenu({
  name,
  onLead,
  onAdd,
  onDelete,
}: {
  name: string;
  onLead: () => void;
  onAdd: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('teams.subgroupActions', { name })}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem dense onClick={pick(onAdd)}>
          {t('teams.addPerson')}
        </MenuItem>
        <MenuItem dense onClick={pick(onLead)}>
          {t('teams.changeLead')}
        </MenuItem>
        <MenuItem dense onClick={pick(onDelete)} sx={{ color: 'error.main' }}>
          {t('teams.deleteSubgroup')}
        </MenuItem>
      </Menu>
    </>
  );
}
