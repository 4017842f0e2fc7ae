import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EQUIPMENT_FLAGS, lookupName, VEHICLE_STATUSES, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { ClosestCar } from '@app/domain/loadboard/insights.schema';
import { EmptyState } from '@/components/empty-state';
import { refusalText } from '@/components/error-messages/error-messages';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { currentLang } from '@/i18n/i18n';
import { errorStatus } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { CLOSEST_CARS_RADIUS, useClosestCars } from '../../api/closest-cars';
import { InsightCard } from './insight-card';

// The closest trucks of the load detail: the company's vehicles nearest the pick-up with deadhead, ETA
// (Eastern), driver and status, and whether each fits the load or why not, in the server's codes
// translated. Fitting trucks only by default: the nearest truck that cannot take the load is one switch away.

export function ClosestCars({ loadId }: { loadId: number }) {
  const { t } = useTranslation();
  const [fittingOnly, setFittingOnly] = useState(true);
  const query = useClosestCars(loadId);
  const cars = query.data?.results ?? [];
  const shown = fittingOnly ? cars.filter((car) => car.fit.fits) : cars;
  const fitting = cars.filter((car) => car.fit.fits).length;

  return (
    <InsightCard
      title={t('loadboardInsights.closest.title')}
      subtitle={
        query.data &&
        t('loadboardInsights.closest.count', { fitting, count: cars.length, radius: query.data.radius })
      }
      action={
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              size="small"
              checked={fittingOnly}
              onChange={(event) => setFittingOnly(event.target.checked)}
            />
          }
          label={<Typography variant="body2">{t('loadboardInsights.closest.fittingOnly')}</Typography>}
        />
      }
    >
      {query.isPending ? (
        <LoadingState label={t('loadboardInsights.closest.loading')} />
      ) : query.isError ? (
        errorStatus(query.error) === 409 || errorStatus(query.error) === 404 ? (
          <Typography role="alert" variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {refusalText(query.error) ?? t('loadboardInsights.gone')}
          </Typography>
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : shown.length === 0 ? (
        <EmptyState
          compact
          title={
            cars.length === 0
              ? t('loadboardInsights.closest.empty', { radius: query.data.radius ?? CLOSEST_CARS_RADIUS })
              : t('loadboardInsights.closest.noneFitting')
          }
          description={
            cars.length === 0
              ? t('loadboardInsights.closest.emptyHint')
              : t('loadboardInsights.closest.noneFittingHint')
          }
        />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('loadboardInsights.closest.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('loadboardInsights.closest.columns.unit')}</TableCell>
                <TableCell>{t('loadboardInsights.closest.columns.driver')}</TableCell>
                <TableCell align="right">{t('loadboardInsights.closest.columns.deadhead')}</TableCell>
                <TableCell>{t('loadboardInsights.closest.columns.eta')}</TableCell>
                <TableCell>{t('loadboardInsights.closest.columns.status')}</TableCell>
                <TableCell>{t('loadboardInsights.closest.columns.fit')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((car) => (
                <ClosestCarRow key={car.id} car={car} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </InsightCard>
  );
}

function ClosestCarRow({ car }: { car: ClosestCar }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const driver = car.active_driver;
  return (
    <TableRow hover sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {car.unit_id}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {lookupName(VEHICLE_TYPES, car.transport_type, lang)}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2">
          {driver ? driver.full_name : t('loadboardInsights.closest.noDriver')}
        </Typography>
        {driver?.phone_number && (
          <Typography variant="caption" color="text.secondary">
            {driver.phone_number}
          </Typography>
        )}
        {car.dispatcher && (
          <Typography variant="caption" color="text.secondary" component="div">
            {t('loadboardInsights.closest.dispatcher', {
              name: `${car.dispatcher.first_name} ${car.dispatcher.last_name}`.trim(),
            })}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {t('loadboardInsights.miles', { miles: car.deadhead_miles })}
        {car.uses_planned_location && (
          <Typography variant="caption" color="text.secondary" component="div">
            {t('loadboardInsights.closest.planned')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatDateTime(car.eta)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{lookupName(VEHICLE_STATUSES, car.status.id, lang)}</TableCell>
      <TableCell>
        <FitCell car={car} />
      </TableCell>
    </TableRow>
  );
}

function FitCell({ car }: { car: ClosestCar }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { fit } = car;
  const extra = [
    fit.missing_equipment.length > 0 &&
      t('loadboardInsights.closest.missing', {
        equipment: fit.missing_equipment.map((flag) => lookupName(EQUIPMENT_FLAGS, flag, lang)).join(', '),
      }),
    fit.unknown.length > 0 &&
      t('loadboardInsights.closest.unknown', {
        checks: fit.unknown.map((check) => t(`loadboardInsights.closest.checks.${check}`)).join(', '),
      }),
    ...fit.notes.map((note) => t(`loadboardInsights.closest.notes.${note}`)),
  ].filter((line): line is string => typeof line === 'string');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
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
              label={t(`loadboardInsights.closest.reasons.${reason}`)}
            />
          ))}
        </Box>
      )}
      {extra.map((line) => (
        <Typography key={line} variant="caption" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Box>
  );
}
