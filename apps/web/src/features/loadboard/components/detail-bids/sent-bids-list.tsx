import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PropositionListResponse } from '@app/domain/bids/bids.schema';
import { ErrorState } from '@/components/error-state';
import { formatDateTime, formatUsd } from '@/lib/format';

const STATUS_COLOR = { 1: 'info', 2: 'success', 3: 'default' } as const;

/** The bids already sent to the broker for this load, newest first, each opening its bid page. */
export function SentBidsList({ query }: { query: UseQueryResult<PropositionListResponse> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('common.loading')}
      </Typography>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.results.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('bids.section.noSentBids')}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={t('bids.section.sentBids')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {query.data.results.map((bid) => (
        <Box
          component="li"
          key={bid.id}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}
        >
          <Link
            component={RouterLink}
            to={`/bid/${bid.status === 1 ? 'active' : 'completed'}/${bid.id}`}
            sx={{ fontWeight: 600 }}
          >
            {bid.vehicle.unit_id}
          </Link>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
            {[
              bid.dispatcher ? `${bid.dispatcher.first_name} ${bid.dispatcher.last_name}` : null,
              formatDateTime(bid.sent_at),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatUsd(bid.price)}
          </Typography>
          <Chip size="small" color={STATUS_COLOR[bid.status]} label={t(`bids.status.${bid.status}`)} />
        </Box>
      ))}
    </Box>
  );
}
