import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { subgroupUsersAfterMove } from '@app/domain/teams/teams.rules';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { useChangeSubgroupUsers } from '../api/change-subgroup-users';
import { PersonPicker } from './person-picker';
import { useTeamsMessageText } from './teams-messages';

/** Adds a person to a subgroup (and so to its team): the subgroup's whole list with them in it. */
export function AddPersonDialog({
  subgroup,
  onClose,
}: {
  subgroup: { id: number; name: string; users_id: number[] };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messageText = useTeamsMessageText();
  const [person, setPerson] = useState<PickerOption | null>(null);
  const change = useChangeSubgroupUsers();
  const action = useDialogAction(onClose);
  return (
    <FormDialog
      titleId="add-person-dialog"
      title={t('teams.dialogs.addPersonTitle', { name: subgroup.name })}
      cancelLabel={t('common.cancel')}
      submitLabel={t('teams.dialogs.add')}
      pending={action.pending}
      submitDisabled={person === null}
      size="xs"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!person) return;
        void action.run(() =>
          change.mutateAsync({
            id: subgroup.id,
            users_id: subgroupUsersAfterMove(subgroup.users_id, person.id, true),
          }),
        );
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <PersonPicker label={t('teams.dialogs.personPicker')} value={person} onChange={setPerson} autoFocus />
        <Typography variant="body2" color="text.secondary">
          {t('teams.dialogs.addPersonHint')}
        </Typography>
        <ErrorAlert error={action.error} messageText={messageText} />
      </Stack>
    </FormDialog>
  );
}
