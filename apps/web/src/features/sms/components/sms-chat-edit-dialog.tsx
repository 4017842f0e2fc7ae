import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SmsChatListItem } from '@app/domain/sms/sms.schema';
import { SMS_TITLE_MAX } from '@app/domain/sms/sms.rules';
import { refusalText } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { DispatcherPicker } from '@/components/search-picker/dispatcher-picker';
import { updateSmsChat } from '../api/update-chat';

// 'Edit chat' of an open SMS chat (PUT sms/chats/{id}/update/): its name (empty: named by the person or
// the number again) and the colleague it is assigned to (none: nobody). A refusal keeps what was typed.

type SmsChatEditDialogProps = {
  chat: Pick<SmsChatListItem, 'id' | 'title' | 'user'>;
  onSaved: (chat: SmsChatListItem) => void;
  onClose: () => void;
};

export function SmsChatEditDialog({ chat, onSaved, onClose }: SmsChatEditDialogProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(chat.title);
  const [assignee, setAssignee] = useState<{ id: number | null; label?: string }>({
    id: chat.user?.id ?? null,
    label: chat.user?.full_name,
  });
  const save = useMutation({
    mutationFn: () =>
      updateSmsChat(chat.id, { title: title.trim() === '' ? null : title.trim(), user_id: assignee.id }),
    onSuccess: (saved) => {
      onSaved(saved);
      onClose();
    },
  });

  return (
    <FormDialog
      titleId="sms-chat-edit-title"
      title={t('sms.edit.title')}
      size="xs"
      cancelLabel={t('sms.bulk.cancel')}
      submitLabel={t('sms.edit.save')}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('sms.edit.name')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          helperText={t('sms.edit.nameHint')}
          slotProps={{ htmlInput: { maxLength: SMS_TITLE_MAX } }}
          autoFocus
          fullWidth
        />
        <DispatcherPicker
          label={t('sms.edit.assignee')}
          value={assignee.id}
          {...(assignee.label !== undefined ? { valueLabel: assignee.label } : {})}
          onChange={(id, label) => setAssignee({ id, label })}
        />
      </Stack>
      {save.isError && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {refusalText(save.error) ?? t('sms.edit.failed')}
        </Alert>
      )}
    </FormDialog>
  );
}
