import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadToFormValues } from '@app/domain/loads/load-form.rules';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { GuardedFormDialog } from '@/components/form-dialog/guarded-form-dialog';
import { toastSuccess } from '@/lib/messages';
import { useUpdateActiveLoad } from '../api/update-active-load';
import { LoadForm } from './load-form/load-form';
import { loadNumberText } from './load-display';

/**
 * The load form of an active load, over its page. A failed save keeps the form open and filled; closing a
 * changed form asks first.
 */
export function EditLoadDialog({ load, onClose }: { load: LoadDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateActiveLoad();
  const [initialValues] = useState(() => loadToFormValues(load));
  const [dirty, setDirty] = useState(false);

  const save = async (values: LoadFormValues) => {
    await update.mutateAsync({ id: load.id, values });
    toastSuccess();
    onClose();
  };

  return (
    <GuardedFormDialog
      id="edit-load"
      title={t('loads.edit.title', { number: loadNumberText(load) })}
      dirty={dirty}
      pending={update.isPending}
      onClose={onClose}
      discard={{
        title: t('loads.edit.discardTitle'),
        message: t('loads.edit.discardMessage'),
        keepEditing: t('loads.edit.keepEditing'),
        discard: t('loads.edit.discard'),
      }}
    >
      {(requestClose) => (
        <LoadForm
          kind="active"
          initialValues={initialValues}
          onSubmit={save}
          submitLabel={t('common.save')}
          onCancel={requestClose}
          onDirtyChange={setDirty}
          autoFocus
        />
      )}
    </GuardedFormDialog>
  );
}
