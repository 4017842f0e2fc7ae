import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import type { BoardLoad, BoardPoint } from '@app/domain/loadboard/loadboard.schema';
import { formatDateTime, formatUsd } from '@/lib/format';
import { currentLang } from '@/i18n/i18n';
import { bestDriverBid, boardPlaceText, brokerLabel, brokerRating } from './board-display';

// The pieces a board row and a board card share: a place with its Eastern time, the broker with its
// rating colour and blacklist mark, the bids, and the looks of a seen, a new and a blacklisted load.

const slideIn = keyframes`
  from { transform: translateY(-12px); opacity: 0; }
  to { transform: none; opacity: 1; }
`;

/**
 * The look of a load by its state: seen loads dimmed (not the one open beside the list, which is read),
 * new ones sliding in lit, blacklisted ones edged red.
 */
export function boardItemSx(load: BoardLoad, fresh: boolean, selected = false) {
  return {
    ...(load.already_saw && !fresh && !selected ? { opacity: 0.62 } : {}),
    ...(fresh
      ? {
          animation: `${slideIn} 320ms ease-out`,
          bgcolor: (theme: Theme) => alpha(theme.palette.success.main, 0.1),
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }
      : {}),
    ...(load.is_blacklisted
      ? { boxShadow: (theme: Theme) => `inset 3px 0 0 ${theme.palette.error.main}` }
      : {}),
  };
}

/** A place and its Eastern time; `stops` counts every point of a trip with stops between its ends. */
export function PlaceCell({ point, stops }: { point: BoardPoint | undefined; stops?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ whiteSpace: 'nowrap', minWidth: 0 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {boardPlaceText(point) || '—'}
      </Box>
      {stops ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          {t('loadboard.row.stops', { count: stops })}
        </Typography>
      ) : null}
      {point?.date && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatDateTime(point.date)}
        </Typography>
      )}
    </Box>
  );
}

export function BrokerCell({ load, maxWidth = 160 }: { load: BoardLoad; maxWidth?: number }) {
  const { t } = useTranslation();
  const rating = brokerRating(load);
  const name = brokerLabel(load) || '—';
  const ratingName = rating ? rating[currentLang()] : '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', maxWidth }}>
      <Box
        component="span"
        role="img"
        aria-label={t('loadboard.row.rating', { rating: ratingName })}
        title={ratingName}
        data-rating={rating?.id}
        sx={{ width: 10, height: 10, borderRadius: '50%', flex: 'none', bgcolor: rating?.color }}
      />
      <Box
        component="span"
        title={name}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, flex: 1 }}
      >
        {name}
      </Box>
      {load.is_blacklisted && (
        <Chip
          size="small"
          color="error"
          label={t('loadboard.row.blacklisted')}
          sx={{ height: 18, fontSize: '0.6875rem' }}
        />
      )}
    </Box>
  );
}

export function RateCell({ load }: { load: BoardLoad }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      <Box sx={{ fontWeight: 600 }} title={t('loadboard.columns.postedRate')}>
        {load.pays === null ? '—' : formatUsd(load.pays)}
      </Box>
      {load.rate_per_mile !== null && (
        <Typography variant="caption" color="text.secondary" title={t('loadboard.columns.ratePerMile')}>
          {t('loadboard.row.perMile', { rate: load.rate_per_mile.toFixed(2) })}
        </Typography>
      )}
    </Box>
  );
}

export function BidsCell({ load }: { load: BoardLoad }) {
  const { t } = useTranslation();
  const best = bestDriverBid(load);
  const dispatcherBid = load.dispatcher_bids[0];
  if (best === null && !dispatcherBid) {
    return (
      <Typography variant="caption" color="text.disabled">
        —
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, alignItems: 'flex-start' }}>
      {best !== null && (
        <Chip
          size="small"
          color="warning"
          label={t('loadboard.row.driverBids', {
            count: load.pending_driver_bids.length,
            price: formatUsd(best),
          })}
          sx={{ height: 20, fontSize: '0.75rem' }}
        />
      )}
      {dispatcherBid && (
        <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
          {t('loadboard.row.dispatcherBid', {
            price: formatUsd(dispatcherBid.price),
            count: load.dispatcher_bids_count,
          })}
        </Typography>
      )}
    </Box>
  );
}
