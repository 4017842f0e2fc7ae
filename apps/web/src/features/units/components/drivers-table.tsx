import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lookupName, USER_STATUSES } from '@app/domain/common/lookups';
import type { Driver } from '@app/domain/units/units.schema';
import {
  CardList,
  ListTable,
  onOpenableCardKeyDown,
  OPENABLE_CARD_SX,
  OpenableRow,
} from '@/components/lists/list-table';
import { currentLang } from '@/i18n/i18n';
import { ExpiryDate } from './vehicle-chips';

export type DriverSwitch = 'is_active' | 'is_active_for_owner';

type DriversTableProps = {
  drivers: readonly Driver[];
  label: string;
  onOpen: (driver: Driver) => void;
  /** Set when the user may flip the switches. */
  onSwitch?: (driver: Driver, name: DriverSwitch, value: boolean) => void;
  /** The driver whose switch is being saved. */
  pendingId: number | null;
};

/**
 * The drivers: name and phone (the server leaves the number out for those who may not see it), owner and
 * unit, status, licence, and the two switches of the spec: the driver sees loads, and the owner sees loads
 * for this driver. A row opens the driver's card on click or Enter; the arrow keys, Home and End move
 * between rows.
 */
export function DriversTable({ drivers, label, onOpen, onSwitch, pendingId }: DriversTableProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <ListTable
      label={label}
      minWidth={900}
      endPadding={1}
      columns={
        <>
          <TableCell>{t('drivers.columns.name')}</TableCell>
          <TableCell>{t('drivers.columns.owner')}</TableCell>
          <TableCell>{t('drivers.columns.unit')}</TableCell>
          <TableCell>{t('drivers.columns.status')}</TableCell>
          <TableCell>{t('drivers.columns.license')}</TableCell>
          <TableCell align="center">{t('drivers.columns.isActive')}</TableCell>
          <TableCell align="center">{t('drivers.columns.isActiveForOwner')}</TableCell>
        </>
      }
    >
      {drivers.map((driver) => (
        <OpenableRow key={driver.id} aria-label={driver.full_name} onOpen={() => onOpen(driver)}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <div>{driver.full_name}</div>
            {(driver.phone_number || driver.email) && (
              <Typography variant="caption" color="text.secondary">
                {[driver.phone_number, driver.email].filter(Boolean).join(' · ')}
              </Typography>
            )}
          </TableCell>
          <TableCell>{driver.owner?.full_name ?? '—'}</TableCell>
          <TableCell>{driver.car?.unit_id ?? '—'}</TableCell>
          <TableCell>{lookupName(USER_STATUSES, driver.status, lang)}</TableCell>
          <TableCell>
            <ExpiryDate
              label={driver.license_number ?? t('drivers.columns.license')}
              date={driver.license_expiry}
              state={driver.license_expiry_state}
            />
          </TableCell>
          <SwitchCell
            label={t('drivers.switch.isActiveFor', { name: driver.full_name })}
            tooltip={t('drivers.switch.isActiveHint')}
            checked={driver.is_active}
            disabled={!onSwitch || pendingId === driver.id}
            onChange={(value) => onSwitch?.(driver, 'is_active', value)}
          />
          <SwitchCell
            label={t('drivers.switch.isActiveForOwnerFor', { name: driver.full_name })}
            tooltip={t('drivers.switch.isActiveForOwnerHint')}
            checked={driver.is_active_for_owner}
            disabled={!onSwitch || pendingId === driver.id}
            onChange={(value) => onSwitch?.(driver, 'is_active_for_owner', value)}
          />
        </OpenableRow>
      ))}
    </ListTable>
  );
}

type SwitchCellProps = {
  label: string;
  tooltip: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
};

function SwitchCell({ label, tooltip, checked, disabled, onChange }: SwitchCellProps) {
  return (
    <TableCell align="center" onClick={(event) => event.stopPropagation()}>
      <Tooltip title={tooltip}>
        <Box component="span">
          <Switch
            size="small"
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-label': label } }}
          />
        </Box>
      </Tooltip>
    </TableCell>
  );
}

/** The drivers on a phone: one line each; the switches are on the driver's card. */
export function DriverCardList({
  drivers,
  label,
  onOpen,
}: Pick<DriversTableProps, 'drivers' | 'label' | 'onOpen'>) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <CardList label={label}>
      {drivers.map((driver) => (
        <Box component="li" key={driver.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Box
            role="button"
            tabIndex={0}
            onClick={() => onOpen(driver)}
            onKeyDown={(event) => onOpenableCardKeyDown(event, () => onOpen(driver))}
            sx={{ px: 2, py: 1.25, ...OPENABLE_CARD_SX }}
          >
            <Typography variant="subtitle2">{driver.full_name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                driver.car?.unit_id,
                driver.owner?.full_name,
                lookupName(USER_STATUSES, driver.status, lang),
                driver.is_active ? null : t('drivers.notActive'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
        </Box>
      ))}
    </CardList>
  );
}
