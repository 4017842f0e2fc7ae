import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { equipmentDisplay, lookupName } from '@app/domain/common/lookups';
import { formatMcNumber } from '@app/domain/brokers/brokers.rules';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import { BrokerDaysToPay } from '@/components/broker-days-to-pay/broker-days-to-pay';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Fact, FactList, RecordSection } from '@/components/lists/record-facts';
import { LoadingState } from '@/components/loading-state';
import { currentLang } from '@/i18n/i18n';
import { errorStatus } from '@/lib/api-error';
import { formatDateTime, formatUsd, formatDims, formatWeight } from '@/lib/format';
import { useBoardLoad } from '../api/board-load';
import { BrokerCell } from './board-cells';
import {
  ageText,
  boardPlaceText,
  firstBoardPickUp,
  lastBoardDelivery,
  orderedBoardPoints,
  ratePerMileText,
  vehicleTypeName,
} from './board-display';
import { BoardRouteMap } from './board-route-map';
import { LoadBidsSection } from './detail-bids/load-bids-section';
import { CargoAnalysis } from './detail-insights/cargo-analysis';
import { ClosestCars } from './detail-insights/closest-cars';
import { RatePrediction } from './detail-insights/rate-prediction';
import { useNow } from './use-now';

// One board load beside the list (or alone at /loadboard/{id} on a narrow screen): the route on the map,
// the load's facts, then the closest trucks, what the lane pays, what can carry it, and its bids. The load
// is read again from the board, so a colleague's change (update_loadboard) shows here too.

type BoardDetailProps = {
  loadId: number;
  /** ?active_driver= of the address: that driver's bid is selected in the bids section. */
  activeDriverId: number | undefined;
  onClose: () => void;
};

export function BoardDetail({ loadId, activeDriverId, onClose }: BoardDetailProps) {
  const { t } = useTranslation();
  const load = useBoardLoad(loadId);
  const gone = load.isError && errorStatus(load.error) === 404;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('loadboard.detail.label', { id: loadId })}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {load.data
            ? `${boardPlaceText(firstBoardPickUp(load.data)) || '—'} → ${boardPlaceText(lastBoardDelivery(load.data)) || '—'}`
            : t('loadboard.detail.title', { id: loadId })}
        </Typography>
        <Tooltip title={t('loadboard.detail.close')}>
          <IconButton aria-label={t('loadboard.detail.close')} onClick={onClose} edge="end">
            <CloseOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      {load.isPending ? (
        <LoadingState />
      ) : gone ? (
        <EmptyState
          title={t('loadboard.detail.goneTitle')}
          description={t('loadboard.detail.goneText')}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
              {/* Add load lands here after create; a load made with its truck is booked at once. */}
              <Button variant="contained" component={RouterLink} to={`/load/active/${loadId}`}>
                {t('loadboard.detail.openActive')}
              </Button>
              <Button variant="outlined" onClick={onClose}>
                {t('loadboard.detail.back')}
              </Button>
            </Box>
          }
        />
      ) : load.isError ? (
        <ErrorState error={load.error} onRetry={() => void load.refetch()} />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2, overflowY: 'auto' }}>
          {load.data.board_status !== 'posted' && (
            <Alert severity="info">
              {t(
                `loadboard.detail.left.${load.data.board_status === null ? 'booked' : load.data.board_status}`,
              )}
            </Alert>
          )}
          <BoardRouteMap load={load.data} />
          <BoardLoadFacts load={load.data} />
          <ClosestCars loadId={loadId} />
          <RatePrediction loadId={loadId} />
          <CargoAnalysis loadId={loadId} />
          <LoadBidsSection load={load.data} activeDriverId={activeDriverId} />
        </Box>
      )}
    </Paper>
  );
}

function BoardLoadFacts({ load }: { load: BoardLoad }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const now = useNow();
  const flags = [
    load.dock_level && t('loadboard.detail.dockLevel'),
    load.is_danger && t('loadboard.detail.hazardous'),
  ].filter(Boolean);
  return (
    <>
      <RecordSection title={t('loadboard.detail.points')}>
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {orderedBoardPoints(load).map((point) => (
            <li key={point.order}>
              <Typography variant="body2">
                <strong>{lookupName(LOAD_POINT_TYPES, point.type, lang)}</strong>{' '}
                {[point.address, boardPlaceText(point), point.zip_code].filter(Boolean).join(', ')}
              </Typography>
              {point.date && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatDateTime(point.date)}
                </Typography>
              )}
            </li>
          ))}
        </Box>
      </RecordSection>
      <RecordSection title={t('loadboard.detail.facts')}>
        <FactList>
          <Fact label={t('loadboard.detail.rate')}>
            <strong>{load.pays === null ? '—' : formatUsd(load.pays)}</strong>
            {load.rate_per_mile !== null && ` · ${ratePerMileText(load.rate_per_mile)}`}
          </Fact>
          <Fact label={t('loadboard.columns.miles')}>{load.miles ?? '—'}</Fact>
          <Fact label={t('loadboard.detail.deadhead')}>
            {load.deadhead_miles === null
              ? t('loadboard.detail.noTruck')
              : t('loadboard.row.miles', { miles: load.deadhead_miles })}
          </Fact>
          <Fact label={t('loadboard.columns.vehicle')}>
            {vehicleTypeName(load.vehicle_type, lang) || '—'}
          </Fact>
          <Fact label={t('loadboard.detail.dims')}>{formatDims(load) || '—'}</Fact>
          <Fact label={t('loadboard.detail.weight')}>{formatWeight(load.weight) || '—'}</Fact>
          <Fact label={t('loadboard.detail.pieces')}>{load.pieces ?? '—'}</Fact>
          <Fact label={t('loadboard.detail.equipment')}>{equipmentDisplay(load.equipment, lang)}</Fact>
          {flags.length > 0 && (
            <Fact label={t('loadboard.detail.requirements')}>
              <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
                {flags.map((flag) => (
                  <Chip key={String(flag)} size="small" label={flag} color="warning" variant="outlined" />
                ))}
              </Box>
            </Fact>
          )}
          <Fact label={t('loadboard.detail.posted')}>
            {load.posted_at ? `${formatDateTime(load.posted_at)} (${ageText(load, now, lang)})` : '—'}
          </Fact>
          {load.posting_reference && (
            <Fact label={t('loadboard.detail.reference')}>{load.posting_reference}</Fact>
          )}
          {load.note && <Fact label={t('loadboard.detail.note')}>{load.note}</Fact>}
        </FactList>
      </RecordSection>
      <RecordSection title={t('loadboard.columns.broker')}>
        <FactList>
          <Fact label={t('loadboard.detail.brokerCompany')}>
            <BrokerCell load={load} maxWidth={360} />
          </Fact>
          {load.broker_company_instance?.mc_number && (
            <Fact label={t('loadboard.detail.mc')}>
              {formatMcNumber(load.broker_company_instance.mc_number)}
            </Fact>
          )}
          {load.broker_company_instance && (
            <Fact label={t('brokerDaysToPay.label')}>
              <BrokerDaysToPay brokerId={load.broker_company_instance.id} />
            </Fact>
          )}
          {load.broker_name && <Fact label={t('loadboard.detail.brokerName')}>{load.broker_name}</Fact>}
          {load.broker_phone && (
            <Fact label={t('loadboard.detail.brokerPhone')}>
              <a href={`tel:${load.broker_phone}`}>{load.broker_phone}</a>
            </Fact>
          )}
          {load.reply_email && (
            <Fact label={t('loadboard.detail.replyEmail')}>
              <a href={`mailto:${load.reply_email}`}>{load.reply_email}</a>
            </Fact>
          )}
        </FactList>
      </RecordSection>
    </>
  );
}
