import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CHAT_TITLE_MAX } from '@app/domain/chats/chats.schema';
import { refusalText } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useWorkingGroups } from '@/lib/team-lookups';
import { createTeamChat } from '../api/create-team-chat';

// 'New team chat' (admins and managers, POST users/current/chats/create): a team and the chat's name; the
// team's lead and members and the maker become its members. A refusal keeps what was typed.

export function TeamChatDialog({
  onCreated,
  onClose,
}: {
  onCreated: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const teams = useWorkingGroups();
  const [teamId, setTeamId] = useState<number | ''>('');
  const [title, setTitle] = useState('');
  const create = useMutation({
    mutationFn: () => createTeamChat({ team_id: Number(teamId), title: title.trim() }),
    onSuccess: ({ id }) => {
      onCreated(id);
      onClose();
    },
  });

  return (
    <FormDialog
      titleId="team-chat-title"
      title={t('groupChats.new.title')}
      size="xs"
      cancelLabel={t('groupChats.new.cancel')}
      submitLabel={t('groupChats.new.create')}
      pending={create.isPending}
      submitDisabled={teamId === '' || title.trim() === ''}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (teamId !== '' && title.trim() !== '') create.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('groupChats.new.team')}
          value={teamId}
          onChange={(event) => {
            const team = (teams.data ?? []).find((item) => item.id === Number(event.target.value));
            setTeamId(team ? team.id : '');
            // A name to start from: the team's, while none was typed.
            if (team && title.trim() === '') setTitle(team.name);
          }}
          helperText={teams.isError ? t('common.loadFailed') : t('groupChats.new.teamHint')}
          required
          fullWidth
        >
          {(teams.data ?? []).map((team) => (
            <MenuItem key={team.id} value={team.id}>
              {team.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('groupChats.new.name')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CHAT_TITLE_MAX } }}
          required
          fullWidth
        />
      </Stack>
      {create.isError && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {refusalText(create.error) ?? t('groupChats.new.failed')}
        </Alert>
      )}
    </FormDialog>
  );
}
