import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { currentLang } from '@/i18n/i18n';
import { useBrokerDaysToPay } from '@/lib/broker-days-to-pay';

// How fast a broker pays, in a dispatcher's words: "Pays in about 25 days", or "No history yet" while no
// invoice of theirs was paid. The exact average and how many invoices it counts are in the tooltip.

type BrokerDaysToPayProps = { brokerId: number };

export function BrokerDaysToPay({ brokerId }: BrokerDaysToPayProps) {
  const { t } = useTranslation();
  const query = useBrokerDaysToPay(brokerId);
  if (query.isPending) {
    return (
      <Box component="span" role="status" sx={{ color: 'text.secondary' }}>
        {t('common.loading')}
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box component="span" role="alert" sx={{ color: 'text.secondary' }}>
        {t('brokerDaysToPay.failed')}{' '}
        <Link component="button" type="button" variant="body2" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Link>
      </Box>
    );
  }
  const { average_days_to_pay: average, paid_invoices: paid } = query.data;
  if (average === null) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('brokerDaysToPay.noHistory')}
      </Box>
    );
  }
  const days = Math.round(average);
  const exact = new Intl.NumberFormat(currentLang() === 'ru' ? 'ru-RU' : 'en-US', {
    maximumFractionDigits: 1,
  }).format(average);
  return (
    <Tooltip describeChild title={t('brokerDaysToPay.basis', { average: exact, paid })}>
      <Box component="span" tabIndex={0} sx={{ fontWeight: 600, cursor: 'help' }}>
        {days <= 1 ? t('brokerDaysToPay.aboutADay') : t('brokerDaysToPay.aboutDays', { days })}
      </Box>
    </Tooltip>
  );
}
