import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatMcNumber } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { BrokerDaysToPay } from '@/components/broker-days-to-pay/broker-days-to-pay';
import { RatingChip } from './rating-chip';
import { RatingForm } from './rating-form';
import { RatingHistoryList } from './rating-history-list';
import { BrokerDialog } from './broker-dialog';

type RatingDialogProps = {
  broker: BrokerCompany;
  /** Whether the user may change the rating; otherwise the dialog shows the history only. */
  canRate: boolean;
  onClose: () => void;
};

/**
 * A broker's rating: the current one and how fast the broker pays (what a dispatcher weighs before hauling
 * for it), a new rating (for those who rate) and who rated it, when and why.
 */
export function RatingDialog({ broker, canRate, onClose }: RatingDialogProps) {
  const { t } = useTranslation();
  return (
    <BrokerDialog
      title={t(canRate ? 'brokers.rating.titleRate' : 'brokers.rating.titleHistory', { name: broker.name })}
      subtitle={formatMcNumber(broker.mc_number) || undefined}
      onClose={onClose}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('brokers.rating.current')}
        </Typography>
        <RatingChip rating={broker.rating.id} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('brokerDaysToPay.label')}
        </Typography>
        <Typography variant="body2" component="span">
          <BrokerDaysToPay brokerId={broker.id} />
        </Typography>
      </Box>
      {canRate && (
        <>
          <RatingForm broker={broker} onSaved={onClose} onCancel={onClose} autoFocus />
          <Divider sx={{ my: 2 }} />
        </>
      )}
      <Typography variant="overline" component="h3" color="text.secondary">
        {t('brokers.history.title')}
      </Typography>
      <RatingHistoryList brokerId={broker.id} label={t('brokers.history.listLabel', { name: broker.name })} />
    </BrokerDialog>
  );
}
