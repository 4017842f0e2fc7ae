import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ownerCreateSchema, ownerUpdateSchema } from '@app/domain/units/units.schema';
import type { Owner, OwnerUpdateInput } from '@app/domain/units/units.schema';
import { toastSuccess } from '@/lib/messages';
import { useCreateOwner } from '../api/create-owner';
import { useUpdateOwner } from '../api/update-owner';
import { ActionError } from './action-error';
import { OwnerCompanyField } from './owner-company-field';
import { fieldErrorOf, useUnitsMessageText } from './units-messages';

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

/**
 * Creates an owner, or edits one: names, company, phone, e-mail, whether the owner sees what his drivers
 * are paid (wage visibility) and whether he is active. An edit sends only what changed, so an owner whose
 * number the user may not see keeps it.
 */
export function OwnerDialog({ owner, onClose }: { owner: Owner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const messageText = useUnitsMessageText();
  const create = useCreateOwner();
  const update = useUpdateOwner();
  const save = owner ? update : create;
  const [values, setValues] = useState<Values>(() => initialValues(owner));
  const [submitted, setSubmitted] = useState(false);
  const initial = initialValues(owner);
  const hiddenPhone = owner !== null && owner.phone_number === null;

  const changed = (Object.keys(values) as (keyof Values)[]).filter((name) => values[name] !== initial[name]);
  const changes: OwnerUpdateInput = Object.fromEntries(changed.map((name) => [name, values[name]]));
  // A new owner is checked whole; an edit only in what changed (a phone the user may not see stays unsent).
  const parsed = owner ? ownerUpdateSchema.safeParse(changes) : ownerCreateSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      if (issue.path.length > 0) errors[String(issue.path[0])] ??= issue.message;
  }
  const error = (field: string) => {
    const own = submitted ? errors[field] : undefined;
    return own ? messageText(own) : fieldErrorOf(save.error, field, messageText);
  };
  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (save.isPending) return;
    if (owner && changed.length === 0) {
      onClose();
      return;
    }
    if (!parsed.success) return;
    const done = {
      onSuccess: () => {
        toastSuccess();
        onClose();
      },
    };
    if (owner) update.mutate({ id: owner.id, body: changes }, done);
    else create.mutate(values, done);
  };

  const field = (name: TextName, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(error(name))}
      helperText={error(name)}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="owner-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="owner-dialog-title">
          {owner ? t('owners.edit.title', { name: owner.full_name }) : t('owners.create.title')}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 0.5 }}>
            {field('first_name', t('owners.fields.firstName'), { required: true, autoFocus: true })}
            {field('last_name', t('owners.fields.lastName'), { required: true })}
            <Box sx={{ gridColumn: { sm: 'span 2' } }}>
              <OwnerCompanyField
                label={t('owners.fields.company')}
                value={values.company_name}
                onChange={(company) => set('company_name', company)}
                error={error('company_name')}
              />
            </Box>
            {field('phone_number', t('owners.fields.phone'), {
              required: !hiddenPhone,
              type: 'tel',
              placeholder: hiddenPhone ? t('owners.phoneKept') : '(555) 123-4567',
            })}
            {field('email', t('owners.fields.email'), { type: 'email' })}
          </Box>
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              mt: 1.5,
              '& .MuiFormControlLabel-root': { ml: 0, gap: 1 },
            }}
          >
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={values.is_wage_visible}
                  onChange={(event) => set('is_wage_visible', event.target.checked)}
                />
              }
              label={t('owners.fields.wageVisible')}
            />
            <Typography variant="caption" color="text.secondary" sx={{ ml: 5.25, mt: -0.5, mb: 0.5 }}>
              {t('owners.wageVisibleHint')}
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={values.is_active}
                  onChange={(event) => set('is_active', event.target.checked)}
                />
              }
              label={t('owners.fields.active')}
            />
          </Box>
          <Box sx={{ mt: 1 }}>
            <ActionError error={save.error} onClose={() => save.reset()} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('unitsCommon.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {owner ? t('common.save') : t('owners.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
