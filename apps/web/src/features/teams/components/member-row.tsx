import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DragIndicator from '@mui/icons-material/DragIndicator';
import MoreVert from '@mui/icons-material/MoreVert';
import { roleName } from '@app/domain/common/lookups';
import type { TeamMember } from '@app/domain/teams/teams.schema';
import { currentLang } from '@/i18n/i18n';
import type { MoveDestination } from './use-move-member';

/** The drag data of a person: their id and the subgroup they are in (null: none). */
export const MEMBER_DRAG_TYPE = 'application/x-team-member';

export type MemberMoveChoice = { key: string; label: string; to: MoveDestination };

type MemberRowProps = {
  member: TeamMember;
  isLead: boolean;
  /** The places the person may go, the first of them the way out of their subgroup when they are in one. */
  choices: MemberMoveChoice[];
  disabled: boolean;
  onMove: (to: MoveDestination) => void;
};

/** One person of a team: name, role, a lead mark, and "Move to…" (or drag them onto a subgroup). */
export function MemberRow({ member, isLead, choices, disabled, onMove }: MemberRowProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = [member.first_name, member.last_name].filter(Boolean).join(' ');
  return (
    <ListItem
      dense
      draggable={!disabled}
      onDragStart={(event) => {
        event.dataTransfer.setData(
          MEMBER_DRAG_TYPE,
          JSON.stringify({ id: member.id, from: member.subgroup_id }),
        );
        event.dataTransfer.effectAllowed = 'move';
      }}
      sx={{
        pl: 1,
        pr: 5,
        cursor: disabled ? 'default' : 'grab',
        '&:hover': { bgcolor: 'action.hover' },
        // The row's menu button lines up with its subgroup's menu button above.
        '& .MuiListItemSecondaryAction-root': { right: 0 },
      }}
      secondaryAction={
        <IconButton
          size="small"
          aria-label={t('teams.memberActions', { name })}
          disabled={disabled || choices.length === 0}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVert fontSize="small" />
        </IconButton>
      }
    >
      <DragIndicator fontSize="small" sx={{ color: 'text.disabled', mr: 0.5 }} aria-hidden />
      <ListItemText
        primary={name}
        secondary={
          <>
            {roleName(member.role, currentLang())}
            {/* The lead mark shares the role's line, leaving the name the row's width in either language. */}
            {isLead && (
              <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }}>
                {` · ${t('teams.lead')}`}
              </Box>
            )}
          </>
        }
        slotProps={{
          primary: { variant: 'body2', sx: { overflowWrap: 'anywhere' } },
          secondary: { variant: 'caption' },
        }}
      />
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        // "Team › Subgroup" names can be long: they wrap inside the screen rather than run off it.
        slotProps={{ paper: { sx: { maxWidth: 'min(420px, calc(100vw - 32px))' } } }}
      >
        <ListSubheader sx={{ lineHeight: 2.5 }}>{t('teams.moveToTitle', { name })}</ListSubheader>
        {choices.map((choice) => (
          <MenuItem
            key={choice.key}
            dense
            sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
            onClick={() => {
              setAnchor(null);
              onMove(choice.to);
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
    </ListItem>
  );
}
