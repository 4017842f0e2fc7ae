import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ownerCreateSchema, ownerUpdateSchema } from '@app/domain/units/units.schema';
import type { Owner, OwnerUpdateInput } from '@app/domain/units/units.schema';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogForm } from '@/components/form-dialog/use-dialog-form';
import { useCreateOwner } from '../api/create-owner';
import { useUpdateOwner } from '../api/update-owner';
import { ActionError } from './action-error';
import { OwnerCompanyField } from './owner-company-field';
import { useUnitsMessageText } from './units-messages';

type TextName = 'first_name' | 'last_name' | 'company_name' | 'phone_number' | 'email';

type Values = Record<TextName, string> & { is_wage_visible: boolean; is_active: boolean };

function initialValues(owner: Owner | null): Values {
  return {
    first_name: owner?.first_name ?? '',
    last_name: owner?.last_name ?? '',
    company_name: owner?.company_name ?? '',
    // The number is not sent to those who may not see it; they may still type a new one.
    phone_number: owner?.phone_number ?? '',
    email: owner?.email ?? '',
    is_wage_visible: owner?.is_wage_visible ?? false,
    is_active: owner?.is_active ?? true,
  };
}

/** What an edit sends: only the values that differ from the owner's. */
function changesOf(values: Values, initial: Values): OwnerUpdateInput {
  const changed = (Object.keys(values) as (keyof Values)[]).filter((name) => values[name] !== initial[name]);
  return Object.fromEntries(changed.map((name) => [name, values[name]]));
}

/**
 * Creates an owner, or edits one: names, company, phone, e-mail, whether the owner sees what his drivers
 * are paid (wage visibility) and whether he is active. An edit sends only what changed, so an owner whose
 * number the user may not see keeps it.
 */
export function OwnerDialog({ owner, onClose }: { owner: Owner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOwner();
  const update = useUpdateOwner();
  const save = owner ? update : create;
  const initial = initialValues(owner);
  const form = useDialogForm({
    initial: () => initialValues(owner),
    // A new owner is checked whole; an edit only in what changed (a phone the user may not see stays unsent).
    check: (values) =>
      owner ? ownerUpdateSchema.safeParse(changesOf(values, initial)) : ownerCreateSchema.safeParse(values),
    save,
    messageText: useUnitsMessageText(),
    onClose,
  });
  const { values, set, bind, textField } = form;
  const changes = changesOf(values, initial);
  const hiddenPhone = owner !== null && owner.phone_number === null;

  const submit = (event: FormEvent) => {
    if (owner && Object.keys(changes).length === 0 && !save.isPending) {
      // Nothing changed: there is nothing to send.
      event.preventDefault();
      onClose();
      return;
    }
    form.submit(event, (done) => {
      if (owner) update.mutate({ id: owner.id, body: changes }, done);
      else create.mutate(values, done);
    });
  };

  const switchRow = (name: 'is_wage_visible' | 'is_active', label: string) => (
    <FormControlLabel
      control={
        <Switch size="small" checked={values[name]} onChange={(event) => set(name, event.target.checked)} />
      }
      label={label}
    />
  );

  return (
    <FormDialog
      titleId="owner-dialog-title"
      title={owner ? t('owners.edit.title', { name: owner.full_name }) : t('owners.create.title')}
      size="sm"
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('unitsCommon.cancel')}
      submitLabel={owner ? t('common.save') : t('owners.create.submit')}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 0.5 }}>
        {textField('first_name', t('owners.fields.firstName'), { required: true, autoFocus: true })}
        {textField('last_name', t('owners.fields.lastName'), { required: true })}
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <OwnerCompanyField label={t('owners.fields.company')} {...bind('company_name')} />
        </Box>
        {textField('phone_number', t('owners.fields.phone'), {
          required: !hiddenPhone,
          type: 'tel',
          placeholder: hiddenPhone ? t('owners.phoneKept') : '(555) 123-4567',
        })}
        {textField('email', t('owners.fields.email'), { type: 'email' })}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          mt: 1.5,
          '& .MuiFormControlLabel-root': { ml: 0, gap: 1 },
        }}
      >
        {switchRow('is_wage_visible', t('owners.fields.wageVisible'))}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 5.25, mt: -0.5, mb: 0.5 }}>
          {t('owners.wageVisibleHint')}
        </Typography>
        {switchRow('is_active', t('owners.fields.active'))}
      </Box>
      <Box sx={{ mt: 1 }}>
        <ActionError error={save.error} onClose={() => save.reset()} />
      </Box>
    </FormDialog>
  );
}
