import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Owner } from '@app/domain/units/units.schema';
import { ContactButtons } from '@/components/contact/contact-buttons';
import { CardList, ListTable } from '@/components/lists/list-table';
import { formatDate } from '@/lib/format';
import { InviteButton } from './invite-button';

type OwnersTableProps = {
  owners: readonly Owner[];
  label: string;
  /** Set when the user may edit owners. */
  onEdit?: (owner: Owner) => void;
  onWageVisible?: (owner: Owner, value: boolean) => void;
  pendingId: number | null;
};

/**
 * The vehicle owners: name and company, contacts (the phone only for those who may see numbers), how many
 * drivers and vehicles each has, the wage visibility switch (sent through the owner update call), and the
 * row's actions: Send invitation for every role that may invite (dispatchers too, who may not edit owners)
 * and the edit for those who may edit.
 */
export function OwnersTable({ owners, label, onEdit, onWageVisible, pendingId }: OwnersTableProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      label={label}
      minWidth={820}
      endPadding={1}
      columns={
        <>
          <TableCell>{t('owners.columns.name')}</TableCell>
          <TableCell>{t('owners.columns.company')}</TableCell>
          <TableCell>{t('owners.columns.contacts')}</TableCell>
          <TableCell align="right">{t('owners.columns.drivers')}</TableCell>
          <TableCell align="right">{t('owners.columns.vehicles')}</TableCell>
          <TableCell align="center">{t('owners.columns.wageVisible')}</TableCell>
          <TableCell>{t('owners.columns.since')}</TableCell>
          <TableCell />
        </>
      }
    >
      {owners.map((owner) => (
        <TableRow key={owner.id} hover sx={{ opacity: owner.is_active ? 1 : 0.6 }}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <div>{owner.full_name}</div>
            {!owner.is_active && (
              <Typography variant="caption" color="text.secondary">
                {t('owners.inactive')}
              </Typography>
            )}
          </TableCell>
          <TableCell>{owner.company_name ?? '—'}</TableCell>
          <TableCell>
            <div>{owner.phone_number ?? ''}</div>
            <Typography variant="caption" color="text.secondary">
              {owner.email ?? ''}
            </Typography>
          </TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {owner.drivers_count}
          </TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {owner.vehicles_count}
          </TableCell>
          <TableCell align="center">
            <Tooltip title={t('owners.wageVisibleHint')}>
              <Box component="span">
                <Switch
                  size="small"
                  checked={owner.is_wage_visible}
                  disabled={!onWageVisible || pendingId === owner.id}
                  onChange={(event) => onWageVisible?.(owner, event.target.checked)}
                  slotProps={{
                    input: { 'aria-label': t('owners.wageVisibleFor', { name: owner.full_name }) },
                  }}
                />
              </Box>
            </Tooltip>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(owner.created_date)}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <ContactButtons target={{ kind: 'owner', id: owner.id }} label={owner.full_name} />
            <InviteButton kind="owner" person={owner} look="icon" />
            {onEdit && (
              <Tooltip title={t('owners.edit.open')}>
                <IconButton
                  aria-label={t('owners.edit.openFor', { name: owner.full_name })}
                  onClick={() => onEdit(owner)}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** The owners on a phone: one line each, with the invitation and the edit when allowed. */
export function OwnerCardList({
  owners,
  label,
  onEdit,
}: Pick<OwnersTableProps, 'owners' | 'label' | 'onEdit'>) {
  const { t } = useTranslation();
  return (
    <CardList label={label}>
      {owners.map((owner) => (
        <Box
          component="li"
          key={owner.id}
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            display: 'flex',
            alignItems: 'center',
            px: 2,
            py: 1.25,
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle2">{owner.full_name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                owner.company_name,
                owner.phone_number,
                t('owners.counts', { drivers: owner.drivers_count, vehicles: owner.vehicles_count }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <ContactButtons target={{ kind: 'owner', id: owner.id }} label={owner.full_name} />
          <InviteButton kind="owner" person={owner} look="icon" />
          {onEdit && (
            <IconButton
              aria-label={t('owners.edit.openFor', { name: owner.full_name })}
              onClick={() => onEdit(owner)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </CardList>
  );
}
