import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { refusalText } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { SearchPicker, type PickerOption } from '@/components/search-picker/search-picker';
import { searchDrivers } from '@/lib/driver-search';
import { openSmsChat, type SmsChatOpen } from '../api/open-chat';
import { searchSmsOwners } from '../api/search-owners';

// 'New SMS': a driver or an owner chosen by name, and their chat opens (made when there is none yet).

type Kind = 'driver' | 'owner';

export function NewSmsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>('driver');
  const [person, setPerson] = useState<PickerOption | null>(null);
  const open = useMutation({ mutationFn: (body: SmsChatOpen) => openSmsChat(body) });

  const submit = () => {
    if (!person) return;
    const body: SmsChatOpen = kind === 'driver' ? { driver_id: person.id } : { owner_id: person.id };
    open.mutate(body, {
      onSuccess: ({ id }) => {
        onClose();
        void navigate(`/sms/${id}/`);
      },
    });
  };

  return (
    <FormDialog
      titleId="new-sms-title"
      title={t('sms.new.title')}
      size="xs"
      cancelLabel={t('sms.bulk.cancel')}
      submitLabel={t('sms.new.open')}
      pending={open.isPending}
      submitDisabled={!person}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        aria-label={t('sms.new.who')}
        onChange={(_event, next: Kind | null) => {
          if (!next) return;
          setKind(next);
          setPerson(null);
        }}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="driver">{t('sms.type.Driver')}</ToggleButton>
        <ToggleButton value="owner">{t('sms.type.Owner')}</ToggleButton>
      </ToggleButtonGroup>
      <SearchPicker
        key={kind}
        kind={kind === 'driver' ? 'sms-new-driver' : 'sms-new-owner'}
        label={kind === 'driver' ? t('sms.type.Driver') : t('sms.type.Owner')}
        search={kind === 'driver' ? searchDrivers : searchSmsOwners}
        value={person}
        onChange={setPerson}
        fullWidth
        autoFocus
      />
      {open.isError && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {refusalText(open.error) ?? t('sms.new.failed')}
        </Alert>
      )}
    </FormDialog>
  );
}
