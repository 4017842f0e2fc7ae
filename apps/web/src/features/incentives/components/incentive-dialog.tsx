import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  incentiveCreateSchema,
  incentiveFromTemplate,
  type IncentiveTemplate,
} from '@app/domain/accounting/incentives.schema';
import { INCENTIVE_TYPES, lookupName } from '@app/domain/common/lookups';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogForm } from '@/components/form-dialog/use-dialog-form';
import { currentLang } from '@/i18n/i18n';
import { formatUsd } from '@/lib/format';
import { useCreateIncentive } from '../api/create-incentive';
import { useIncentiveTemplates } from '../api/incentive-templates';
import { EMPTY_INCENTIVE, IncentiveFields, type IncentiveFieldValues } from './incentive-fields';
import { useIncentiveMessageText } from './incentive-messages';

type Values = IncentiveFieldValues & { template_id: number | null };

/** The words of a template in the picker: 'Late delivery — Fine $75.00'. */
export function templateLabel(template: IncentiveTemplate): string {
  return `${template.name} — ${lookupName(INCENTIVE_TYPES, template.type, currentLang())} ${formatUsd(template.amount)}`;
}

/**
 * Adds a bonus or a fine to a load: from one of the company's templates (which fills the form) or typed by
 * hand. A refusal (the load has no owner...) is shown in the dialog, which keeps what was typed.
 */
export function IncentiveDialog({ loadId, onClose }: { loadId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateIncentive();
  const templates = useIncentiveTemplates();
  const messageText = useIncentiveMessageText();
  // One key for every attempt to save this incentive: a retry after a lost answer never pays twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useDialogForm<Values>({
    initial: () => ({ ...EMPTY_INCENTIVE, template_id: null }),
    check: (values) => incentiveCreateSchema.safeParse(values),
    save: create,
    messageText,
    onClose,
  });
  const { values, setValues, set, error } = form;
  const list = templates.data?.results ?? [];

  const pickTemplate = (id: string) => {
    const template = list.find((item) => String(item.id) === id);
    if (!template) {
      set('template_id', null);
      return;
    }
    const filled = incentiveFromTemplate(template);
    setValues({
      type: template.type,
      person_type: template.person_type,
      amount: String(filled.amount),
      reason: template.reason,
      template_id: template.id,
    });
  };

  const submit = (event: FormEvent) =>
    form.submit(event, (done) => create.mutate({ loadId, body: values, idempotencyKey }, done));

  return (
    <FormDialog
      titleId="incentive-dialog-title"
      title={t('incentives.add.title')}
      size="xs"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('incentives.cancel')}
      submitLabel={t('incentives.add.submit')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        <TextField
          select
          label={t('incentives.add.template')}
          value={values.template_id === null ? '' : String(values.template_id)}
          onChange={(event) => pickTemplate(event.target.value)}
          helperText={list.length === 0 && templates.isSuccess ? t('incentives.add.noTemplates') : undefined}
          disabled={list.length === 0}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('incentives.add.byHand')}</MenuItem>
          {list.map((template) => (
            <MenuItem key={template.id} value={String(template.id)}>
              {templateLabel(template)}
            </MenuItem>
          ))}
        </TextField>
        <IncentiveFields values={values} set={set} error={error} autoFocusAmount />
        <ErrorAlert error={create.error} messageText={messageText} onClose={() => create.reset()} />
      </Box>
    </FormDialog>
  );
}
