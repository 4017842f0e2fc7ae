import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DriverBid } from '@app/domain/bids/driver-bids.schema';
import { formatDateTime, formatUsd } from '@/lib/format';
import { BidStateChip } from './bid-state-chip';

/** My bids, newest first: the load, price, ETA, when placed, and the answer (with a rejection's reason). */
export function PortalBidList({ bids }: { bids: DriverBid[] }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t('driverPortal.tabs.bids')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {bids.map((bid) => (
        <Box component="li" key={bid.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ flex: 1, fontWeight: 600 }}>
              {t('driverPortal.bids.title', { load: bid.load_id, unit: bid.vehicle?.unit_id ?? '—' })}
            </Typography>
            <BidStateChip state={bid.state} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {formatUsd(bid.price)}
            {bid.eta_at ? ` · ${t('driverPortal.bids.eta', { time: formatDateTime(bid.eta_at) })}` : ''}
            {` · ${formatDateTime(bid.placed_at)}`}
          </Typography>
          {bid.state === 'rejected' && bid.rejected_reason && (
            <Typography variant="body2">
              {t('driverPortal.bids.reason', { reason: bid.rejected_reason })}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
