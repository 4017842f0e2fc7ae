import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lookupName, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { RatePredictionResponse } from '@app/domain/loadboard/insights.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { currentLang } from '@/i18n/i18n';
import { errorStatus } from '@/lib/api-error';
import { formatUsd } from '@/lib/format';
import { useRatePrediction } from '../../api/rate-prediction';
import { InsightCard } from './insight-card';

// What the load's lane pays by the company's own history: the predicted broker price and rate per mile
// with the middle half of the compared loads as the range, how many loads and which comparison it rests
// on, and the posted rate beside it. Too little history is said plainly, with how much was found.

export function RatePrediction({ loadId }: { loadId: number }) {
  const { t } = useTranslation();
  const query = useRatePrediction(loadId);
  const data = query.data;

  return (
    <InsightCard
      title={t('loadboardInsights.rate.title')}
      subtitle={data?.enough_data && data.level ? levelText(data, t) : undefined}
    >
      {query.isPending ? (
        <LoadingState label={t('loadboardInsights.rate.loading')} />
      ) : query.isError ? (
        errorStatus(query.error) === 404 ? (
          <Typography role="alert" variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('loadboardInsights.gone')}
          </Typography>
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : !query.data.enough_data ? (
        <EmptyState
          compact
          title={t('loadboardInsights.rate.notEnough')}
          description={
            query.data.miles === null
              ? t('loadboardInsights.rate.noMiles')
              : t('loadboardInsights.rate.notEnoughText', {
                  count: query.data.loads_count,
                  minimum: query.data.minimum_loads,
                  days: query.data.history_days,
                })
          }
        />
      ) : (
        <Prediction data={query.data} />
      )}
    </InsightCard>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function levelText(data: RatePredictionResponse, t: Translate): string {
  const type = data.lane.vehicle_type
    ? lookupName(VEHICLE_TYPES, data.lane.vehicle_type, currentLang())
    : t('loadboardInsights.rate.anyType');
  return t(`loadboardInsights.rate.levels.${data.level ?? 'type'}`, {
    from: data.lane.pick_up_state ?? '—',
    to: data.lane.delivery_state ?? '—',
    type,
  });
}

function Prediction({ data }: { data: RatePredictionResponse }) {
  const { t } = useTranslation();
  const perMile = (amount: number | null) => t('loadboardInsights.rate.perMile', { rate: formatUsd(amount) });
  const versus =
    data.posted_price !== null && data.price !== null && data.price > 0
      ? Math.round(((data.posted_price - data.price) / data.price) * 1000) / 10
      : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography
          variant="h2"
          component="p"
          aria-label={t('loadboardInsights.rate.price')}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatUsd(data.price)}
        </Typography>
        <Typography variant="body1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {perMile(data.rate_per_mile)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('loadboardInsights.rate.forMiles', { miles: data.miles })}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('loadboardInsights.rate.range', {
          low: formatUsd(data.price_low),
          high: formatUsd(data.price_high),
          lowRate: formatUsd(data.rate_per_mile_low),
          highRate: formatUsd(data.rate_per_mile_high),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('loadboardInsights.rate.basedOn', { count: data.loads_count, days: data.history_days })}
      </Typography>
      {data.posted_price !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('loadboardInsights.rate.posted', { price: formatUsd(data.posted_price) })}
          {versus !== null &&
            ` · ${t(versus >= 0 ? 'loadboardInsights.rate.above' : 'loadboardInsights.rate.below', {
              percent: Math.abs(versus),
            })}`}
        </Typography>
      )}
    </Box>
  );
}
