import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import {
  EXPIRY_STATE_LABELS,
  isExpiryFlagged,
  NOT_ACTIVE_TOOLTIP,
  trackingState,
} from '@app/domain/units/vehicle.rules';
import type { ExpiryState } from '@app/domain/units/vehicle.rules';
import { currentLang } from '@/i18n/i18n';
import { formatDate, formatDateTime } from '@/lib/format';
import { vehicleStatusName, vehicleStatusTone } from './vehicle-display';

/** The vehicle's status in the user's language, coloured by whether the truck can take a load. */
export function VehicleStatusChip({ status }: { status: number }) {
  useTranslation();
  const tone = vehicleStatusTone(status);
  return (
    <Chip
      label={vehicleStatusName(status, currentLang())}
      color={tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 500, ...(tone !== 'default' && { opacity: 0.92 }) }}
    />
  );
}

/**
 * The flagged documents of a vehicle for a narrow cell: each expired or soon-expiring one on its own line,
 * nothing when both are valid (the dates are on the vehicle's card).
 */
export function DocumentFlags({
  vehicle,
  labels,
}: {
  vehicle: {
    license_expiry: string | null;
    license_expiry_state: ExpiryState;
    insurance_expiry: string | null;
    insurance_expiry_state: ExpiryState;
  };
  labels: { license: string; insurance: string };
}) {
  const flags = [
    { label: labels.license, date: vehicle.license_expiry, state: vehicle.license_expiry_state },
    { label: labels.insurance, date: vehicle.insurance_expiry, state: vehicle.insurance_expiry_state },
  ].filter((flag) => isExpiryFlagged(flag.state));
  if (flags.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {flags.map((flag) => (
        <ExpiryDate key={flag.label} {...flag} stacked />
      ))}
    </Box>
  );
}

/** Shown on a unit whose driver and owner may not see its loads, with the spec's tooltip. */
export function NotActiveChip() {
  const { t } = useTranslation();
  return (
    <Tooltip title={NOT_ACTIVE_TOOLTIP[currentLang()]}>
      <Chip
        label={t('vehicles.notActive')}
        variant="outlined"
        color="warning"
        tabIndex={0}
        sx={{ height: 18, fontSize: '0.6875rem' }}
      />
    </Tooltip>
  );
}

type ExpiryProps = {
  /** 'License' or 'Insurance', already translated. */
  label: string;
  date: string | null;
  state: ExpiryState;
  /** The state in words on a line of its own (narrow table cells). */
  stacked?: boolean;
};

/**
 * A licence or insurance date; flagged (red when expired, amber within 30 days) with the state in words,
 * so the flag does not rely on colour alone.
 */
export function ExpiryDate({ label, date, state, stacked = false }: ExpiryProps) {
  useTranslation();
  const lang = currentLang();
  const flagged = isExpiryFlagged(state);
  const color = state === 'expired' ? 'error.main' : state === 'expiring' ? 'warning.main' : 'text.secondary';
  const text = date ? formatDate(`${date}T12:00:00Z`) : EXPIRY_STATE_LABELS[lang].missing;
  const stateText = EXPIRY_STATE_LABELS[lang][state];
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, color, whiteSpace: 'nowrap' }}
      title={flagged ? `${label}: ${stateText}` : undefined}
    >
      {state === 'expired' && <ErrorOutlineOutlined sx={{ fontSize: 14, mt: 0.125 }} aria-hidden />}
      {state === 'expiring' && <WarningAmberOutlined sx={{ fontSize: 14, mt: 0.125 }} aria-hidden />}
      <Typography variant="caption" sx={{ color: 'inherit', fontWeight: flagged ? 600 : 400 }}>
        {label} {text}
        {flagged && (stacked ? <br /> : ' · ')}
        {flagged && stateText}
      </Typography>
    </Box>
  );
}

type TrackingProps = {
  vehicle: { is_tracking_active: boolean; inactive_tracking_until: string | null };
  now: Date;
  /** Small print under the status chip: 'Tracking on', 'Tracking paused' with the end on its own line. */
  caption?: boolean;
};

/** Tracking on, paused until a time (Eastern), or off. */
export function TrackingText({ vehicle, now, caption = false }: TrackingProps) {
  const { t } = useTranslation();
  const state = trackingState(vehicle, now);
  const variant = caption ? 'caption' : 'body2';
  const prefix = caption ? 'vehicles.tracking.caption.' : 'vehicles.tracking.';
  const color =
    state.state === 'on' ? 'success.main' : state.state === 'off' ? 'text.secondary' : 'warning.main';
  if (state.state !== 'paused') {
    return (
      <Typography variant={variant} component="div" sx={{ color, whiteSpace: 'nowrap' }}>
        {t(`${prefix}${state.state}`)}
      </Typography>
    );
  }
  if (caption) {
    return (
      <Box sx={{ color, whiteSpace: 'nowrap' }}>
        <Typography variant="caption" component="div" sx={{ color: 'inherit' }}>
          {t('vehicles.tracking.caption.paused')}
        </Typography>
        <Typography
          variant="caption"
          component="div"
          sx={{ color: 'inherit', fontVariantNumeric: 'tabular-nums' }}
        >
          {t('vehicles.tracking.untilTime', { until: formatDateTime(state.until) })}
        </Typography>
      </Box>
    );
  }
  return (
    <Typography variant="body2" sx={{ color, whiteSpace: 'nowrap' }}>
      {t('vehicles.tracking.pausedUntil', { until: formatDateTime(state.until) })}
    </Typography>
  );
}
