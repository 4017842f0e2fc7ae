import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TEAM_NAME_MAX, createTeamBodySchema } from '@app/domain/teams/teams.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { pickedOption, type PickerOption } from '@/components/search-picker/search-picker';
import { useChangeSubgroupLead } from '../api/change-subgroup-lead';
import { useChangeTeamLead } from '../api/change-team-lead';
import { useCreateSubgroup } from '../api/create-subgroup';
import { useCreateTeam } from '../api/create-team';
import { useRenameTeam } from '../api/rename-team';
import { PersonPicker } from './person-picker';
import { useTeamsMessageText } from './teams-messages';

// The small dialogs of the teams page: a team's name (new or renamed), a subgroup, and a lead. Each keeps
// what was typed when the server refuses it and shows the refusal in the user's language.

/** New team (name and lead) or rename (name only, when `team` is given). */
export function TeamNameDialog({
  team,
  onClose,
}: {
  team?: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messageText = useTeamsMessageText();
  const [name, setName] = useState(team?.name ?? '');
  const [lead, setLead] = useState<PickerOption | null>(null);
  const [nameError, setNameError] = useState<string>();
  const create = useCreateTeam();
  const rename = useRenameTeam();
  const action = useDialogAction(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTeamBodySchema.safeParse({ group_name: name, group_lead: lead?.id ?? null });
    if (!parsed.success) {
      setNameError(messageText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setNameError(undefined);
    void action.run(() =>
      team
        ? rename.mutateAsync({ id: team.id, group_name: parsed.data.group_name })
        : create.mutateAsync(parsed.data),
    );
  };

  return (
    <FormDialog
      titleId="team-name-dialog"
      title={team ? t('teams.dialogs.renameTitle') : t('teams.dialogs.createTitle')}
      cancelLabel={t('common.cancel')}
      submitLabel={team ? t('common.save') : t('teams.dialogs.create')}
      pending={action.pending}
      size="xs"
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('teams.dialogs.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          size="small"
          slotProps={{ htmlInput: { maxLength: TEAM_NAME_MAX } }}
          error={Boolean(nameError ?? fieldErrorOf(action.error, 'group_name', messageText))}
          helperText={nameError ?? fieldErrorOf(action.error, 'group_name', messageText)}
        />
        {!team && (
          <PersonPicker
            label={t('teams.dialogs.leadPicker')}
            value={lead}
            onChange={setLead}
            error={fieldErrorOf(action.error, 'group_lead', messageText)}
          />
        )}
        <ErrorAlert error={action.error} messageText={messageText} />
      </Stack>
    </FormDialog>
  );
}

/** A new subgroup in a team: an optional name and lead. */
export function SubgroupDialog({
  team,
  onClose,
}: {
  team: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messageText = useTeamsMessageText();
  const [name, setName] = useState('');
  const [lead, setLead] = useState<PickerOption | null>(null);
  const create = useCreateSubgroup();
  const action = useDialogAction(onClose);
  return (
    <FormDialog
      titleId="subgroup-dialog"
      title={t('teams.dialogs.createSubgroupTitle', { team: team.name })}
      cancelLabel={t('common.cancel')}
      submitLabel={t('teams.dialogs.create')}
      pending={action.pending}
      size="xs"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void action.run(() =>
          create.mutateAsync({ working_group: team.id, name: name.trim(), subgroup_lead: lead?.id ?? null }),
        );
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('teams.dialogs.subgroupName')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          size="small"
          slotProps={{ htmlInput: { maxLength: TEAM_NAME_MAX } }}
          error={Boolean(fieldErrorOf(action.error, 'name', messageText))}
          helperText={fieldErrorOf(action.error, 'name', messageText)}
        />
        <PersonPicker
          label={t('teams.dialogs.leadPicker')}
          value={lead}
          onChange={setLead}
          error={fieldErrorOf(action.error, 'subgroup_lead', messageText)}
        />
        <ErrorAlert error={action.error} messageText={messageText} />
      </Stack>
    </FormDialog>
  );
}

export type LeadTarget = {
  kind: 'team' | 'subgroup';
  id: number;
  name: string;
  lead: number | null;
  leadName: string | null;
};

/** The lead of a team or subgroup: picked, or cleared for none. */
export function LeadDialog({ target, onClose }: { target: LeadTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useTeamsMessageText();
  const [lead, setLead] = useState<PickerOption | null>(
    pickedOption(target.lead, target.leadName ?? undefined),
  );
  const teamLead = useChangeTeamLead();
  const subgroupLead = useChangeSubgroupLead();
  const action = useDialogAction(onClose);
  const field = target.kind === 'team' ? 'group_lead' : 'subgroup_lead';
  return (
    <FormDialog
      titleId="lead-dialog"
      title={t('teams.dialogs.leadTitle', { name: target.name })}
      cancelLabel={t('common.cancel')}
      submitLabel={t('common.save')}
      pending={action.pending}
      size="xs"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const id = lead?.id ?? null;
        void action.run(() =>
          target.kind === 'team'
            ? teamLead.mutateAsync({ id: target.id, group_lead: id })
            : subgroupLead.mutateAsync({ id: target.id, subgroup_lead: id }),
        );
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <PersonPicker
          label={t('teams.dialogs.leadPicker')}
          value={lead}
          onChange={setLead}
          autoFocus
          error={fieldErrorOf(action.error, field, messageText)}
        />
        <ErrorAlert error={action.error} messageText={messageText} />
      </Stack>
    </FormDialog>
  );
}
