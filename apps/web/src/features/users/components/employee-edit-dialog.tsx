import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { roleName, USER_STATUSES, lookupName, type UserStatusId } from '@app/domain/common/lookups';
import { employeeUpdateSchema, type Employee, type EmployeeUpdate } from '@app/domain/users/employees.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/messages';
import { useWorkingGroups } from '@/lib/team-lookups';
import { useUpdateEmployee } from '../api/update-employee';
import { assignableRoles, canChangeStatusOf } from './people-access';
import { usePeopleMessageText } from './people-messages';

type Props = { person: Employee; onClose: () => void };

/** Only what differs from the person as listed, so that an untouched field is never sent. */
function changes(person: Employee, form: Form): EmployeeUpdate {
  const body: EmployeeUpdate = {};
  if (form.first_name.trim() !== person.first_name) body.first_name = form.first_name;
  if (form.last_name.trim() !== person.last_name) body.last_name = form.last_name;
  if (form.role !== person.role) body.role = form.role as EmployeeUpdate['role'];
  if (form.status !== person.status) body.status = form.status;
  const teamChanged = form.team !== (person.working_group?.id ?? null);
  if (teamChanged || form.subgroup !== (person.subgroup?.id ?? null)) {
    body.working_group = form.team;
    body.subgroup = form.team === null ? null : form.subgroup;
  }
  return body;
}

type Form = {
  first_name: string;
  last_name: string;
  role: number | null;
  status: UserStatusId;
  team: number | null;
  subgroup: number | null;
};

/** PUT users/{id}/update/: names, role, team and subgroup, status; what the user may not give is not offered. */
export function EmployeeEditDialog({ person, onClose }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const user = useCurrentUser();
  const messageText = usePeopleMessageText();
  const teams = useWorkingGroups();
  const save = useUpdateEmployee();
  const { pending, error, run } = useDialogAction(() => {
    toastSuccess();
    onClose();
  });
  const [form, setForm] = useState<Form>({
    first_name: person.first_name,
    last_name: person.last_name,
    role: person.role,
    status: person.status,
    team: person.working_group?.id ?? null,
    subgroup: person.subgroup?.id ?? null,
  });
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const body = changes(person, form);
  const parsed = employeeUpdateSchema.safeParse(body);
  const localError = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
  const fieldError = (field: string) => {
    const message = localError(field);
    return message ? messageText(message) : fieldErrorOf(error, field, messageText);
  };
  const subgroups = teams.data?.find((team) => team.id === form.team)?.subgroups ?? [];
  const roles = assignableRoles(user, person);
  const statusLocked = !canChangeStatusOf(user, person);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || pending || Object.keys(body).length === 0) return;
    void run(() => save.mutateAsync({ id: person.id, body: parsed.data }));
  };

  return (
    <FormDialog
      titleId="employee-edit-title"
      title={t('users.people.editTitle', { name: `${person.first_name} ${person.last_name}`.trim() })}
      pending={pending}
      submitDisabled={!parsed.success || Object.keys(body).length === 0}
      size="sm"
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('common.cancel')}
      submitLabel={t('common.save')}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, pt: 0.5 }}>
        <TextField
          label={t('users.people.firstName')}
          value={form.first_name}
          required
          error={Boolean(fieldError('first_name'))}
          helperText={fieldError('first_name')}
          onChange={(event) => set({ first_name: event.target.value })}
        />
        <TextField
          label={t('users.people.lastName')}
          value={form.last_name}
          required
          error={Boolean(fieldError('last_name'))}
          helperText={fieldError('last_name')}
          onChange={(event) => set({ last_name: event.target.value })}
        />
        <TextField
          select
          label={t('users.role')}
          value={form.role ?? ''}
          disabled={roles.length <= 1}
          error={Boolean(fieldError('role'))}
          helperText={fieldError('role')}
          onChange={(event) => set({ role: Number(event.target.value) })}
        >
          {roles.map((role) => (
            <MenuItem key={role} value={role}>
              {roleName(role, lang)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('users.people.status')}
          value={form.status}
          disabled={statusLocked}
          helperText={statusLocked ? t('users.people.statusLocked') : fieldError('status')}
          error={Boolean(fieldError('status'))}
          onChange={(event) => set({ status: event.target.value as UserStatusId })}
        >
          {USER_STATUSES.map((status) => (
            <MenuItem key={status.id} value={status.id}>
              {lookupName(USER_STATUSES, status.id, lang)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('users.people.team')}
          value={form.team ?? ''}
          error={Boolean(fieldError('working_group'))}
          helperText={fieldError('working_group')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(event) => {
            const value = event.target.value as number | '';
            set({ team: value === '' ? null : Number(value), subgroup: null });
          }}
        >
          <MenuItem value="">{t('users.people.noTeam')}</MenuItem>
          {(teams.data ?? []).map((team) => (
            <MenuItem key={team.id} value={team.id}>
              {team.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('users.people.subgroup')}
          value={form.subgroup ?? ''}
          disabled={form.team === null || subgroups.length === 0}
          error={Boolean(fieldError('subgroup'))}
          helperText={fieldError('subgroup')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(event) => {
            const value = event.target.value as number | '';
            set({ subgroup: value === '' ? null : Number(value) });
          }}
        >
          <MenuItem value="">{t('users.people.noSubgroup')}</MenuItem>
          {subgroups.map((subgroup) => (
            <MenuItem key={subgroup.id} value={subgroup.id}>
              {subgroup.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {form.status === 'Fired' && person.status !== 'Fired' && (
        <Box sx={{ mt: 1.5, color: 'text.secondary', typography: 'body2' }}>{t('users.people.fireHint')}</Box>
      )}
      <Box sx={{ mt: error ? 1.5 : 0 }}>
        <ErrorAlert error={error} messageText={messageText} />
      </Box>
    </FormDialog>
  );
}
