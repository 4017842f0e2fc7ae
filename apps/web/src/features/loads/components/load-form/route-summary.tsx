import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import { formatHours } from '@app/domain/loads/loads.rules';
import { MapsLink } from '@/components/address-autocomplete/maps-link';
import { currentLang } from '@/i18n/i18n';
import { routeEstimateQueryOptions } from '@/lib/geo/route-estimate';

type RouteSummaryProps = { points: readonly { lat: number | null; lon: number | null }[] };

const located = (point: { lat: number | null; lon: number | null }): point is { lat: number; lon: number } =>
  Number.isFinite(point.lat) && Number.isFinite(point.lon) && point.lat !== null && point.lon !== null;

/** Miles and time on the road through the points that have an address, as they change: 'N mi · H h M min'. */
export function RouteSummary({ points }: RouteSummaryProps) {
  const { t } = useTranslation();
  const route = points.filter(located).map(({ lat, lon }) => ({ lat, lon }));
  const estimate = useQuery(routeEstimateQueryOptions(route));

  let text: string;
  if (route.length < 2) text = t('loadForm.route.needPoints');
  else if (estimate.isPending) text = t('loadForm.route.calculating');
  else if (estimate.isError) text = t('loadForm.route.failed');
  else
    text = t('loadForm.route.summary', {
      miles: estimate.data.miles.toLocaleString('en-US'),
      time: formatHours(estimate.data.hours, currentLang()),
    });

  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      aria-label={t('loadForm.route.label')}
      role="group"
    >
      <RouteOutlined fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
      <Typography
        variant="body1"
        data-testid="route-summary"
        aria-live="polite"
        color={route.length >= 2 && estimate.isError ? 'error' : 'text.primary'}
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {text}
      </Typography>
      {route.length >= 2 && estimate.isFetching && <CircularProgress size={14} aria-hidden />}
      <MapsLink points={route} label={t('loadForm.route.openRoute')} />
    </Stack>
  );
}
