import { useTranslation } from 'react-i18next';
import Switch from '@mui/material/Switch';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { useUpdateNotifyNoPosting } from '../api/update-broker-company';

/**
 * notify_no_posting: the dispatchers are told when this broker stops posting loads. The switch shows the
 * new position at once and goes back if the server refuses.
 */
export function NotifySwitch({ broker, disabled }: { broker: BrokerCompany; disabled?: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateNotifyNoPosting();
  const checked = update.isPending ? update.variables.body.notify_no_posting : broker.notify_no_posting;
  return (
    <Switch
      size="small"
      checked={checked}
      disabled={disabled || update.isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) =>
        update.mutate({ id: broker.id, body: { notify_no_posting: event.target.checked } })
      }
      slotProps={{ input: { 'aria-label': t('brokers.notify.label', { name: broker.name }) } }}
    />
  );
}
