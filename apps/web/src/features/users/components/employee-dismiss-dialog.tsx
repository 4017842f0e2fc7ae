import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Employee } from '@app/domain/users/employees.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { toastSuccess } from '@/lib/messages';
import { dispatcherName, useDispatchers } from '@/lib/team-lookups';
import { useDismissEmployee } from '../api/dismiss-employee';
import { usePeopleMessageText } from './people-messages';

type Props = { person: Employee; onClose: () => void };

/**
 * DELETE users/{id}/delete/: the person's status becomes Fired and every sign-in of theirs ends at once. The
 * open loads and vehicles they run (the counts are shown) go to the colleague chosen here, an active
 * dispatcher or manager; with none to hand over no colleague is asked for.
 */
export function EmployeeDismissDialog({ person, onClose }: Props) {
  const { t } = useTranslation();
  const messageText = usePeopleMessageText();
  const dismiss = useDismissEmployee();
  const colleagues = useDispatchers(null);
  const [handTo, setHandTo] = useState<number | ''>('');
  const { pending, error, run } = useDialogAction(() => {
    toastSuccess();
    onClose();
  });
  const name = `${person.first_name} ${person.last_name}`.trim();
  const holds = person.open_loads + person.vehicles > 0;
  const choices = (colleagues.data ?? []).filter((colleague) => colleague.id !== person.id);
  const handToError = fieldErrorOf(error, 'hand_to', messageText);

  const confirm = () => {
    if (pending || (holds && handTo === '')) return;
    void run(() => dismiss.mutateAsync({ id: person.id, handTo: handTo === '' ? null : handTo }));
  };

  return (
    <FormDialog
      titleId="employee-dismiss-title"
      title={t('users.people.dismissTitle', { name })}
      pending={pending}
      submitDisabled={holds && handTo === ''}
      size="xs"
      danger
      onConfirm={confirm}
      onClose={onClose}
      cancelLabel={t('common.cancel')}
      submitLabel={t('users.people.dismiss')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        <Typography variant="body2">{t('users.people.dismissIntro')}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('users.people.holds', { loads: person.open_loads, vehicles: person.vehicles })}
        </Typography>
        {holds && (
          <TextField
            select
            required
            label={t('users.people.handTo')}
            value={handTo}
            error={Boolean(handToError)}
            helperText={handToError ?? t('users.people.handToHint')}
            onChange={(event) => setHandTo(Number(event.target.value))}
          >
            {choices.map((colleague) => (
              <MenuItem key={colleague.id} value={colleague.id}>
                {dispatcherName(colleague)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <ErrorAlert error={handToError ? null : error} messageText={messageText} />
      </Box>
    </FormDialog>
  );
}
