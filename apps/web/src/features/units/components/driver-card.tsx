import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { lookupName, USER_STATUSES } from '@app/domain/common/lookups';
import { loadStatusClass, loadStatusDisplayName } from '@app/domain/loads/loads.rules';
import type { Load } from '@app/domain/loads/loads.schema';
import type { Driver } from '@app/domain/units/units.schema';
import { canViewPhoneNumber } from '@app/domain/units/vehicle.rules';
import { ContactButtons } from '@/components/contact/contact-buttons';
import { EmptyState } from '@/components/empty-state';
import { Fact, FactList, RecordSection } from '@/components/lists/record-facts';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { formatDateTime, formatUsd } from '@/lib/format';
import { DRIVER_HISTORY_LIMIT, useDriverLoadHistory } from '../api/driver-load-history';
import type { DriverSwitch } from './drivers-table';
import { InviteButton } from './invite-button';
import { ExpiryDate } from './vehicle-chips';
import { placeText } from './vehicle-display';

type DriverCardProps = {
  driver: Driver | null;
  onClose: () => void;
  onSwitch?: (driver: Driver, name: DriverSwitch, value: boolean) => void;
  switchPending: boolean;
};

/**
 * A driver's card: contacts (the phone number only for those who may see numbers), owner, unit and
 * licence, the two is-active switches, and the driver's loads, newest first.
 */
export function DriverCard({ driver, onClose, onSwitch, switchPending }: DriverCardProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Drawer
      anchor="right"
      open={driver !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': driver?.full_name ?? t('drivers.card'),
          sx: { width: phone ? '100%' : 440 },
        },
      }}
    >
      {driver && (
        <>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              px: 2,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="h2" component="h2" sx={{ flex: 1 }}>
              {driver.full_name}
            </Typography>
            <IconButton aria-label={t('common.close')} onClick={onClose}>
              <CloseOutlined fontSize="small" />
            </IconButton>
          </Box>
          <Box sx={{ overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <DriverFacts driver={driver} />
            <ContactButtons target={{ kind: 'driver', id: driver.id }} label={driver.full_name} />
            <Box
              sx={{
                display: 'flex',
                flexDirection: 'column',
                '& .MuiFormControlLabel-root': { ml: 0, gap: 1 },
              }}
            >
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={driver.is_active}
                    disabled={!onSwitch || switchPending}
                    onChange={(event) => onSwitch?.(driver, 'is_active', event.target.checked)}
                  />
                }
                label={t('drivers.switch.isActive')}
              />
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={driver.is_active_for_owner}
                    disabled={!onSwitch || switchPending}
                    onChange={(event) => onSwitch?.(driver, 'is_active_for_owner', event.target.checked)}
                  />
                }
                label={t('drivers.switch.isActiveForOwner')}
              />
            </Box>
            <InviteButton kind="driver" person={driver} />
            <LoadHistory driverId={driver.id} />
          </Box>
        </>
      )}
    </Drawer>
  );
}

function DriverFacts({ driver }: { driver: Driver }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const user = useCurrentUser();
  const canViewNumber = canViewPhoneNumber(user.role, user.company_instance, user.is_superuser);
  const phoneText = canViewNumber
    ? (driver.phone_number ?? t('vehicleCard.noPhone'))
    : t('vehicleCard.phoneHidden');
  return (
    <FactList>
      <Fact label={t('drivers.fields.phone')}>{phoneText}</Fact>
      <Fact label={t('drivers.fields.email')}>{driver.email ?? '—'}</Fact>
      <Fact label={t('drivers.columns.status')}>{lookupName(USER_STATUSES, driver.status, lang)}</Fact>
      <Fact label={t('drivers.fields.owner')}>
        {driver.owner ? [driver.owner.full_name, driver.owner.company_name].filter(Boolean).join(' · ') : '—'}
      </Fact>
      <Fact label={t('drivers.fields.car')}>{driver.car?.unit_id ?? '—'}</Fact>
      <Fact label={t('drivers.columns.license')}>
        {[driver.license_number, driver.license_state].filter(Boolean).join(' · ') || '—'}
        <ExpiryDate
          label={t('drivers.expires')}
          date={driver.license_expiry}
          state={driver.license_expiry_state}
        />
      </Fact>
    </FactList>
  );
}

function LoadHistory({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [page, setPage] = useState(1);
  const history = useDriverLoadHistory(driverId, page);
  const title = t('drivers.history.title');

  let body: ReactNode;
  if (history.isPending) body = <LoadingState />;
  else if (history.isError)
    body = <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data.results.length === 0)
    body = <EmptyState title={t('drivers.history.empty')} compact />;
  else
    body = (
      <>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.data.results.map((load) => (
            <HistoryRow key={load.id} load={load} lang={lang} />
          ))}
        </Box>
        {history.data.count > DRIVER_HISTORY_LIMIT && (
          <Pagination
            size="small"
            count={Math.ceil(history.data.count / DRIVER_HISTORY_LIMIT)}
            page={page}
            onChange={(_event, next) => setPage(next)}
            sx={{ mt: 1 }}
            getItemAriaLabel={(type, number) =>
              type === 'page'
                ? t('drivers.history.page', { page: number })
                : t(`unitsCommon.pageButton.${type}`)
            }
          />
        )}
      </>
    );

  return (
    <RecordSection title={history.data ? `${title} · ${history.data.count}` : title} label={title}>
      {body}
    </RecordSection>
  );
}

function HistoryRow({ load, lang }: { load: Load; lang: 'en' | 'ru' }) {
  const pickUp = load.points[0];
  const delivery = load.points[load.points.length - 1];
  return (
    <Box component="li" sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Link
          component={RouterLink}
          to={`/load/${loadStatusClass(load.status)}/${load.id}`}
          underline="hover"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        >
          {load.load_accounting_number_display ?? `#${load.id}`}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {loadStatusDisplayName(load.status, null, lang)}
        </Typography>
        <Typography variant="body2" sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
          {formatUsd(load.driver_price)}
        </Typography>
      </Box>
      <Typography variant="body2">
        {placeText(pickUp) || '—'} → {placeText(delivery) || '—'}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatDateTime(pickUp?.date ?? load.pick_up_datetime)}
      </Typography>
    </Box>
  );
}
