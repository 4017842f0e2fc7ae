import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { toastSuccess } from '@/lib/messages';
import { useDeleteNonOtrBroker } from '../api/save-non-otr-broker';
import { BrokerDialog } from './broker-dialog';
import { BrokerError } from './broker-error';

/** Asks before a non-OTR company is deleted; the server keeps one that a load names (409, shown here). */
export function DeleteBrokerDialog({ broker, onClose }: { broker: BrokerCompany; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteNonOtrBroker();
  return (
    <BrokerDialog
      title={t('brokers.delete.title', { name: broker.name })}
      onClose={onClose}
      busy={remove.isPending}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose} disabled={remove.isPending}>
            {t('brokers.actions.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(broker.id, {
                onSuccess: () => {
                  toastSuccess();
                  onClose();
                },
              })
            }
          >
            {t('brokers.actions.delete')}
          </Button>
        </>
      }
    >
      <Typography variant="body1" sx={{ mb: remove.error ? 1.5 : 0 }}>
        {t('brokers.delete.message')}
      </Typography>
      <BrokerError error={remove.error} />
    </BrokerDialog>
  );
}
