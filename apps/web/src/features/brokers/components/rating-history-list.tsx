import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import EastOutlined from '@mui/icons-material/EastOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { pageCount } from '@app/domain/common/pagination';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime } from '@/lib/format';
import { RATING_HISTORY_PAGE_SIZE, useRatingHistory } from '../api/broker-rating';
import { RatingChip } from './rating-chip';

/** Who rated a broker, when (Eastern time) and why, newest first, a page at a time. */
export function RatingHistoryList({ brokerId, label }: { brokerId: number; label: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useRatingHistory(brokerId, page);

  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.count === 0) {
    return <EmptyState compact icon={<HistoryOutlined />} title={t('brokers.history.empty')} />;
  }
  const pages = pageCount(history.data.count, RATING_HISTORY_PAGE_SIZE);

  return (
    <Box>
      <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {history.data.results.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
              {entry.previous_rating && (
                <>
                  <RatingChip rating={entry.previous_rating.id} />
                  <EastOutlined
                    sx={{ fontSize: 14, color: 'text.secondary' }}
                    aria-label={t('brokers.history.to')}
                  />
                </>
              )}
              <RatingChip rating={entry.rating.id} />
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}
              >
                {formatDateTime(entry.created_date)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {entry.rated_by
                ? t('brokers.history.by', {
                    name: `${entry.rated_by.first_name} ${entry.rated_by.last_name}`,
                  })
                : t('brokers.history.bySystem')}
            </Typography>
            {entry.comment && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                {entry.comment}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          size="small"
          sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, item) =>
            type === 'page' ? t('brokers.history.page', { page: item }) : t(`brokers.history.${type}`)
          }
        />
      )}
    </Box>
  );
}
