import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import {
  incentiveTemplateBodySchema,
  INCENTIVE_TEMPLATE_NAME_MAX,
  type IncentiveTemplate,
} from '@app/domain/accounting/incentives.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogForm } from '@/components/form-dialog/use-dialog-form';
import { useSaveIncentiveTemplate } from '../api/incentive-templates';
import { EMPTY_INCENTIVE, IncentiveFields, type IncentiveFieldValues } from './incentive-fields';
import { useIncentiveMessageText } from './incentive-messages';

type Values = IncentiveFieldValues & { name: string };

function initialValues(template: IncentiveTemplate | null): Values {
  if (!template) return { ...EMPTY_INCENTIVE, name: '' };
  return {
    name: template.name,
    type: template.type,
    person_type: template.person_type,
    amount: template.amount.toFixed(2),
    reason: template.reason,
  };
}

/** Makes a template, or changes one (the whole template is sent); a name is the company's once. */
export function IncentiveTemplateForm({
  template,
  onClose,
}: {
  template: IncentiveTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveIncentiveTemplate();
  const messageText = useIncentiveMessageText();
  const form = useDialogForm<Values>({
    initial: () => initialValues(template),
    check: (values) => incentiveTemplateBodySchema.safeParse(values),
    save,
    messageText,
    onClose,
  });
  const { values, set, error, textField } = form;
  const submit = (event: FormEvent) =>
    form.submit(event, (done) => save.mutate({ id: template?.id ?? null, body: values }, done));

  return (
    <FormDialog
      titleId="incentive-template-form-title"
      title={
        template
          ? t('incentives.templates.editTitle', { name: template.name })
          : t('incentives.templates.newTitle')
      }
      size="xs"
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('incentives.cancel')}
      submitLabel={t('common.save')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        {textField('name', t('incentives.fields.name'), {
          required: true,
          autoFocus: true,
          slotProps: { htmlInput: { maxLength: INCENTIVE_TEMPLATE_NAME_MAX + 20 } },
        })}
        <IncentiveFields values={values} set={set} error={error} />
        <ErrorAlert error={save.error} messageText={messageText} onClose={() => save.reset()} />
      </Box>
    </FormDialog>
  );
}
