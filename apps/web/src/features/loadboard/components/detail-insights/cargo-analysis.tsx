import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lookupName, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { CargoAnalysisResponse, CargoFitResponse } from '@app/domain/loadboard/insights.schema';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { currentLang } from '@/i18n/i18n';
import { errorStatus } from '@/lib/api-error';
import { useCargoAnalysis } from '../../api/cargo-analysis';
import { InsightCard } from './insight-card';

// Which vehicle types can carry the load, smallest first, and how full each would be: floor, volume and
// payload as bars (red past 100%), the reasons a type cannot carry it translated, the type's typical space
// in the row's tooltip. The load's own vehicle type is marked.

export function CargoAnalysis({ loadId }: { loadId: number }) {
  const { t } = useTranslation();
  const query = useCargoAnalysis(loadId);

  return (
    <InsightCard title={t('loadboardInsights.cargo.title')} subtitle={query.data && cargoText(query.data, t)}>
      {query.isPending ? (
        <LoadingState label={t('loadboardInsights.cargo.loading')} />
      ) : query.isError ? (
        errorStatus(query.error) === 404 ? (
          <Typography role="alert" variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('loadboardInsights.gone')}
          </Typography>
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          {query.data.cargo.length === null && query.data.cargo.weight === null && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pt: 1 }}>
              {t('loadboardInsights.cargo.noFigures')}
            </Typography>
          )}
          <Table size="small" aria-label={t('loadboardInsights.cargo.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('loadboardInsights.cargo.columns.type')}</TableCell>
                <TableCell>{t('loadboardInsights.cargo.columns.fit')}</TableCell>
                <TableCell>{t('loadboardInsights.cargo.columns.floor')}</TableCell>
                <TableCell>{t('loadboardInsights.cargo.columns.volume')}</TableCell>
                <TableCell>{t('loadboardInsights.cargo.columns.payload')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.results.map((fit) => (
                <CargoRow
                  key={fit.vehicle_type}
                  fit={fit}
                  asked={fit.vehicle_type === query.data.cargo.vehicle_type}
                />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </InsightCard>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The load as analysed: '2 pcs · 48 × 40 × 48 in · 2,000 lbs · stackable · hazardous · dock level'. */
function cargoText({ cargo }: CargoAnalysisResponse, t: Translate): string {
  const dims =
    cargo.length !== null && cargo.width !== null
      ? t('loadboardInsights.cargo.dims', {
          length: cargo.length,
          width: cargo.width,
          height: cargo.height ?? '—',
        })
      : null;
  return [
    cargo.pieces !== null && t('loadboardInsights.cargo.pieces', { count: cargo.pieces }),
    dims,
    cargo.weight !== null &&
      t('loadboardInsights.cargo.weight', { weight: cargo.weight.toLocaleString('en-US') }),
    cargo.stackable && t('loadboardInsights.cargo.stackable'),
    cargo.hazardous && t('loadboardInsights.cargo.hazardous'),
    cargo.dock_level && t('loadboardInsights.cargo.dockLevel'),
  ]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' · ');
}

function CargoRow({ fit, asked }: { fit: CargoFitResponse; asked: boolean }) {
  const { t } = useTranslation();
  const { space } = fit;
  return (
    <TableRow hover selected={asked}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip
          title={t('loadboardInsights.cargo.space', {
            length: space.length,
            width: space.width,
            height: space.height,
            payload: space.payload.toLocaleString('en-US'),
          })}
        >
          <Typography variant="body2" component="span" sx={{ fontWeight: asked ? 600 : undefined }}>
            {lookupName(VEHICLE_TYPES, fit.vehicle_type, currentLang())}
          </Typography>
        </Tooltip>
        {fit.capacity_pieces !== null && (
          <Typography variant="caption" color="text.secondary" component="div">
            {t('loadboardInsights.cargo.holds', { count: fit.capacity_pieces })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {fit.fits ? (
          <Chip size="small" color="success" variant="outlined" label={t('loadboardInsights.fits')} />
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {fit.reasons.map((reason) => (
              <Chip
                key={reason}
                size="small"
                color="warning"
                variant="outlined"
                label={t(`loadboardInsights.cargo.reasons.${reason}`)}
              />
            ))}
          </Box>
        )}
      </TableCell>
      <FillCell label={t('loadboardInsights.cargo.columns.floor')} percent={fit.floor_percent} />
      <FillCell label={t('loadboardInsights.cargo.columns.volume')} percent={fit.volume_percent} />
      <FillCell label={t('loadboardInsights.cargo.columns.payload')} percent={fit.payload_percent} />
    </TableRow>
  );
}

function FillCell({ label, percent }: { label: string; percent: number | null }) {
  const { t } = useTranslation();
  if (percent === null) return <TableCell sx={{ color: 'text.disabled' }}>—</TableCell>;
  const text = t('loadboardInsights.percent', { value: percent });
  return (
    <TableCell sx={{ minWidth: 88 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, percent)}
          color={percent > 100 ? 'error' : percent > 85 ? 'warning' : 'primary'}
          aria-label={`${label}: ${text}`}
          sx={{ flex: 1, height: 6, borderRadius: 3 }}
        />
        <Typography
          variant="caption"
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40, textAlign: 'right' }}
        >
          {text}
        </Typography>
      </Box>
    </TableCell>
  );
}
