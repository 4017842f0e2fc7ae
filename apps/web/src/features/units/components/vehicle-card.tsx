import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CallOutlined from '@mui/icons-material/CallOutlined';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import { equipmentDisplay, lookupName, LOCATION_STATUSES } from '@app/domain/common/lookups';
import type { Vehicle, VehicleDriver } from '@app/domain/units/units.schema';
import { canViewPhoneNumber, isUnitNotActive, locationAgeLabel } from '@app/domain/units/vehicle.rules';
import { ContactButtons } from '@/components/contact/contact-buttons';
import { requestContact, type ContactIntent } from '@/components/contact/contact-request';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Fact, FactList, RecordSection } from '@/components/lists/record-facts';
import { LoadingState } from '@/components/loading-state';
import { currentLang } from '@/i18n/i18n';
import { errorStatus } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { formatDateTime } from '@/lib/format';
import { useVehicle } from '../api/vehicle-detail';
import { InviteButton } from './invite-button';
import { LocationDialog } from './location-dialog';
import { TrackingText, ExpiryDate, NotActiveChip, VehicleStatusChip } from './vehicle-chips';
import { currentDriver, fullAddress, personName, vehicleTypeName } from './vehicle-display';
import { VehicleEditDialog } from './vehicle-edit-dialog';
import { canEditVehicleDetails, canOperateVehicles } from './units-permissions';
import { useNow } from './use-now';

export const VEHICLE_CARD_WIDTH = 400;

type VehicleCardProps = { vehicleId: number | null; onClose: () => void };

/**
 * A vehicle's card, opened from the vehicles table and from the maps: its status, where it is and where it
 * will be free, the driver with the phone number (only for those who may see numbers: managers, or all
 * users when the company shows them), the owner and dispatcher, and its specification. Call, SMS and chat
 * open the right-hand panel for the driver or the owner. The driver and the owner are sent
 * their invitations to the driver page from here: dispatchers, who send most of them, see neither the
 * drivers nor the owners page.
 */
export function VehicleCard({ vehicleId, onClose }: VehicleCardProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const vehicle = useVehicle(vehicleId);

  let body: ReactNode;
  if (vehicleId === null) body = null;
  else if (vehicle.isPending) body = <LoadingState />;
  else if (vehicle.isError)
    body =
      errorStatus(vehicle.error) === 404 ? (
        <EmptyState title={t('vehicleCard.notFound')} compact />
      ) : (
        <ErrorState error={vehicle.error} onRetry={() => void vehicle.refetch()} />
      );
  else body = <CardBody vehicle={vehicle.data} />;

  return (
    <Drawer
      anchor="right"
      open={vehicleId !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': vehicle.data
            ? t('vehicleCard.title', { unit: vehicle.data.unit_id })
            : t('vehicleCard.titleLoading'),
          sx: { width: phone ? '100%' : VEHICLE_CARD_WIDTH },
        },
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="h2" component="h2" sx={{ flex: 1 }}>
          {vehicle.data
            ? t('vehicleCard.title', { unit: vehicle.data.unit_id })
            : t('vehicleCard.titleLoading')}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>{body}</Box>
    </Drawer>
  );
}

function CardBody({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const user = useCurrentUser();
  const now = useNow();
  const [dialog, setDialog] = useState<'location' | 'details' | null>(null);
  const canViewNumber = canViewPhoneNumber(user.role, user.company_instance, user.is_superuser);
  const driver = currentDriver(vehicle);
  const others = vehicle.drivers.filter((candidate) => candidate.id !== driver?.id);
  const dimensions = [vehicle.length, vehicle.width, vehicle.height].every((value) => value !== null)
    ? t('vehicleCard.dimensionsValue', {
        length: vehicle.length,
        width: vehicle.width,
        height: vehicle.height,
      })
    : '—';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <VehicleStatusChip status={vehicle.status.id} />
        <Typography variant="body2" color="text.secondary">
          {vehicleTypeName(vehicle.transport_type, lang)}
        </Typography>
        {isUnitNotActive(vehicle) && <NotActiveChip />}
      </Box>

      <RecordSection title={t('vehicleCard.location')}>
        {vehicle.location ? (
          <>
            <Typography variant="body1">{fullAddress(vehicle.location)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('vehicleCard.updated', {
                age: locationAgeLabel(vehicle.location.last_update_time, now, lang),
                name: personName(vehicle.location.updated_by) || '—',
              })}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('vehicles.noLocation')}
          </Typography>
        )}
        {vehicle.future_location && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('vehicleCard.planned')}
            </Typography>
            <Typography variant="body1">{fullAddress(vehicle.future_location)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('vehicles.availableFrom', { date: formatDateTime(vehicle.future_location.available_date) })}
            </Typography>
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('vehicleCard.locationType', {
            type: lookupName(LOCATION_STATUSES, vehicle.location_status, lang),
          })}
        </Typography>
        {canOperateVehicles(user) && (
          <Box>
            <Button size="small" startIcon={<PlaceOutlined />} onClick={() => setDialog('location')}>
              {t('vehicles.actions.location')}
            </Button>
          </Box>
        )}
      </RecordSection>

      <RecordSection title={t('vehicleCard.driver')}>
        {driver ? (
          <>
            <DriverContact driver={driver} canViewNumber={canViewNumber} />
            <InviteButton kind="driver" person={driver} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('vehicleCard.noDriver')}
          </Typography>
        )}
        {others.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('vehicleCard.otherDrivers', { names: others.map((other) => other.full_name).join(', ') })}
          </Typography>
        )}
      </RecordSection>

      <Divider />
      <FactList>
        <Fact label={t('vehicles.fields.owner')}>
          {vehicle.owner ? (
            // The card is where a dispatcher meets the owner (the owners page is not theirs): the
            // invitation to the driver page is sent from here.
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              {[vehicle.owner.full_name, vehicle.owner.company_name].filter(Boolean).join(' · ')}
              <InviteButton kind="owner" person={vehicle.owner} look="icon" />
              <ContactButtons
                target={{ kind: 'owner', id: vehicle.owner.id }}
                label={vehicle.owner.full_name}
              />
            </Box>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label={t('vehicles.fields.dispatcher')}>{personName(vehicle.dispatcher) || '—'}</Fact>
        <Fact label={t('vehicles.columns.tracking')}>
          <TrackingText vehicle={vehicle} now={now} />
        </Fact>
        <Fact label={t('vehicleCard.canBid')}>
          {vehicle.can_bid_while_on_load ? t('unitsCommon.yes') : t('unitsCommon.no')}
        </Fact>
        <Fact label={t('vehicleCard.model')}>
          {[vehicle.model, vehicle.year].filter((part) => part !== null && part !== '').join(', ') || '—'}
        </Fact>
        <Fact label={t('vehicleCard.dimensions')}>{dimensions}</Fact>
        <Fact label={t('vehicles.fields.payload')}>
          {vehicle.payload === null ? '—' : t('vehicleCard.payloadValue', { payload: vehicle.payload })}
        </Fact>
        <Fact label={t('vehicles.fields.vin')}>{vehicle.vin ?? '—'}</Fact>
        <Fact label={t('vehicles.fields.licensePlate')}>
          {[vehicle.license_plate, vehicle.license_state].filter(Boolean).join(' · ') || '—'}
        </Fact>
        <Fact label={t('vehicleCard.documents')}>
          <ExpiryDate
            label={t('vehicles.license')}
            date={vehicle.license_expiry}
            state={vehicle.license_expiry_state}
          />
          <ExpiryDate
            label={t('vehicles.insurance')}
            date={vehicle.insurance_expiry}
            state={vehicle.insurance_expiry_state}
          />
        </Fact>
        <Fact label={t('vehicles.fields.equipment')}>{equipmentDisplay(vehicle.equipment, lang)}</Fact>
      </FactList>
      {canEditVehicleDetails(user) && (
        <Box>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setDialog('details')}>
            {t('vehicles.actions.details')}
          </Button>
        </Box>
      )}
      {dialog === 'location' && <LocationDialog vehicle={vehicle} onClose={() => setDialog(null)} />}
      {dialog === 'details' && <VehicleEditDialog vehicle={vehicle} onClose={() => setDialog(null)} />}
    </Box>
  );
}

/**
 * The driver's name and number, with call, SMS and chat: each opens the right-hand panel's Connect for the
 * driver (and the owner) and starts what it names there.
 */
function DriverContact({ driver, canViewNumber }: { driver: VehicleDriver; canViewNumber: boolean }) {
  const { t } = useTranslation();
  const number = canViewNumber ? driver.phone_number : null;
  const contact = (intent: ContactIntent, label: string, icon: ReactNode) => (
    <Button
      size="small"
      variant="outlined"
      startIcon={icon}
      onClick={() => requestContact({ kind: 'driver', id: driver.id, intent })}
    >
      {label}
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <Box>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {driver.full_name}
        </Typography>
        {number ? (
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {number}
          </Typography>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {canViewNumber ? t('vehicleCard.noPhone') : t('vehicleCard.phoneHidden')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {contact('call', t('vehicleCard.call'), <CallOutlined fontSize="small" />)}
        {contact('sms', t('vehicleCard.sms'), <SmsOutlined fontSize="small" />)}
        {contact('chat', t('vehicleCard.chat'), <ChatBubbleOutlineOutlined fontSize="small" />)}
      </Box>
    </Box>
  );
}
