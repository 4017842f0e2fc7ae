import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckBoxOutlineBlankOutlined from '@mui/icons-material/CheckBoxOutlineBlankOutlined';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GpsFixedOutlined from '@mui/icons-material/GpsFixedOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { isOnLoad, selectableVehicleStatuses } from '@app/domain/units/location-dialog.rules';
import type { Vehicle } from '@app/domain/units/units.schema';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/messages';
import { useUpdateCanBidWhileOnLoad } from '../api/update-can-bid-while-on-load';
import { useUpdateLoadsAllowed } from '../api/update-loads-allowed';
import { useUpdateVehicleStatus } from '../api/update-vehicle-status';
import { canEditVehicleDetails, canOperateVehicles } from './units-permissions';
import { useErrorLines } from './units-messages';

export type VehicleDialog = 'location' | 'details' | 'tracking';

type VehicleActionsMenuProps = {
  vehicle: Vehicle;
  onOpenDialog: (dialog: VehicleDialog) => void;
  /** A refused quick change (a 409): the page shows it. */
  onError: (lines: string[]) => void;
};

/**
 * The unit's actions: the location dialog, the details, tracking, a quick status change, and the unit
 * switches of the spec (bids while On load, loads for the driver, loads for the owner).
 */
export function VehicleActionsMenu({ vehicle, onOpenDialog, onError }: VehicleActionsMenuProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const errorLines = useErrorLines();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const status = useUpdateVehicleStatus();
  const canBid = useUpdateCanBidWhileOnLoad();
  const loadsAllowed = useUpdateLoadsAllowed();
  const operate = canOperateVehicles(user);
  const editDetails = canEditVehicleDetails(user);
  const onLoad = isOnLoad(vehicle.status.id);
  const lang = currentLang();

  if (!operate && !editDetails) return null;

  const close = () => setAnchor(null);
  const open = (dialog: VehicleDialog) => {
    close();
    onOpenDialog(dialog);
  };
  const run = (action: Promise<unknown>) => {
    close();
    action.then(() => toastSuccess()).catch((error: unknown) => onError(errorLines(error)));
  };
  const check = (on: boolean) =>
    on ? <CheckBoxOutlined fontSize="small" /> : <CheckBoxOutlineBlankOutlined fontSize="small" />;

  return (
    <>
      <Tooltip title={t('vehicles.actions.menu')}>
        <IconButton
          aria-label={t('vehicles.actions.menuFor', { unit: vehicle.unit_id })}
          aria-haspopup="menu"
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
        >
          <MoreVertOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {operate && (
          <MenuItem onClick={() => open('location')}>
            <ListItemIcon>
              <PlaceOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('vehicles.actions.location')}</ListItemText>
          </MenuItem>
        )}
        {editDetails && (
          <MenuItem onClick={() => open('details')}>
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('vehicles.actions.details')}</ListItemText>
          </MenuItem>
        )}
        {operate && (
          <MenuItem onClick={() => open('tracking')}>
            <ListItemIcon>
              <GpsFixedOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('vehicles.actions.tracking')}</ListItemText>
          </MenuItem>
        )}
        {operate && <Divider />}
        {operate &&
          selectableVehicleStatuses.map((option) => (
            <MenuItem
              key={option.id}
              disabled={onLoad || vehicle.status.id === option.id}
              onClick={() => run(status.mutateAsync({ id: vehicle.id, status: option.id as 1 | 2 }))}
            >
              <ListItemText inset>{t('vehicles.actions.setStatus', { status: option[lang] })}</ListItemText>
            </MenuItem>
          ))}
        {operate && onLoad && (
          <MenuItem disabled dense>
            <ListItemText inset secondary={t('vehicles.actions.onLoadKeepsStatus')} />
          </MenuItem>
        )}
        {operate && <Divider />}
        {operate && (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={vehicle.can_bid_while_on_load}
            onClick={() =>
              run(
                canBid.mutateAsync({ id: vehicle.id, can_bid_while_on_load: !vehicle.can_bid_while_on_load }),
              )
            }
          >
            <ListItemIcon>{check(vehicle.can_bid_while_on_load)}</ListItemIcon>
            <ListItemText>{t('vehicles.actions.canBidWhileOnLoad')}</ListItemText>
          </MenuItem>
        )}
        {operate && (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={vehicle.loads_allowed_for_driver}
            onClick={() =>
              run(
                loadsAllowed.mutateAsync({
                  id: vehicle.id,
                  loads_allowed_for_driver: !vehicle.loads_allowed_for_driver,
                }),
              )
            }
          >
            <ListItemIcon>{check(vehicle.loads_allowed_for_driver)}</ListItemIcon>
            <ListItemText>{t('vehicles.actions.loadsForDriver')}</ListItemText>
          </MenuItem>
        )}
        {operate && (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={vehicle.loads_allowed_for_owner}
            onClick={() =>
              run(
                loadsAllowed.mutateAsync({
                  id: vehicle.id,
                  loads_allowed_for_owner: !vehicle.loads_allowed_for_owner,
                }),
              )
            }
          >
            <ListItemIcon>{check(vehicle.loads_allowed_for_owner)}</ListItemIcon>
            <ListItemText>{t('vehicles.actions.loadsForOwner')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
