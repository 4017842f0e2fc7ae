import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { DriverBid } from '@app/domain/bids/driver-bids.schema';
import { CardList, ListTable } from '@/components/lists/list-table';
import { formatDateTime, formatUsd } from '@/lib/format';
import { bidLoadNumber } from './bid-display';

type UnitBidsProps = { bids: readonly DriverBid[]; label: string };

const STATE_COLOR = { pending: 'info', won: 'success', lost: 'default', rejected: 'warning' } as const;

const NUMBER_SX = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A pending bid opens the board load with that driver's bid selected, as a notification's link does. */
function boardLink(bid: DriverBid): string {
  const driver = bid.driver ? `?active_driver=${bid.driver.id}` : '';
  return `/loadboard/${bid.load_id}${driver}`;
}

/** The load as the other bids lists name it: its number padded to 6 digits, or #id while it has none. */
function LoadCell({ bid }: { bid: DriverBid }) {
  const number = bidLoadNumber({ id: bid.load_id, load_accounting_number: bid.load_accounting_number });
  return bid.state === 'pending' ? (
    <Link component={RouterLink} to={boardLink(bid)} sx={{ fontWeight: 600 }}>
      {number}
    </Link>
  ) : (
    <Box component="span" sx={{ fontWeight: 600 }}>
      {number}
    </Box>
  );
}

export function UnitBidStateChip({ bid }: { bid: DriverBid }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATE_COLOR[bid.state]} label={t(`bids.unitState.${bid.state}`)} />;
}

/** The drivers' and owners' bids: who bid on which load for how much, when, and what became of it. */
export function UnitBidsTable({ bids, label }: UnitBidsProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      label={label}
      minWidth={900}
      columns={
        <>
          <TableCell>{t('bids.columns.load')}</TableCell>
          <TableCell>{t('bids.columns.unit')}</TableCell>
          <TableCell>{t('bids.columns.bidder')}</TableCell>
          <TableCell align="right">{t('bids.columns.driverPrice')}</TableCell>
          <TableCell>{t('bids.columns.eta')}</TableCell>
          <TableCell>{t('bids.columns.placed')}</TableCell>
          <TableCell>{t('bids.columns.status')}</TableCell>
          <TableCell>{t('bids.columns.reason')}</TableCell>
        </>
      }
    >
      {bids.map((bid) => (
        <TableRow key={bid.id} hover sx={{ '& td': { verticalAlign: 'top' } }}>
          <TableCell sx={NUMBER_SX}>
            <LoadCell bid={bid} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <div>{bid.vehicle?.unit_id ?? '—'}</div>
            <Typography variant="caption" color="text.secondary">
              {bid.driver?.full_name ?? t('bids.noDriver')}
            </Typography>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <div>{bid.bidder?.full_name ?? '—'}</div>
            <Typography variant="caption" color="text.secondary">
              {t(`bids.section.kind.${bid.kind}`)}
            </Typography>
          </TableCell>
          <TableCell align="right" sx={{ ...NUMBER_SX, fontWeight: 600 }}>
            {formatUsd(bid.price)}
          </TableCell>
          <TableCell sx={NUMBER_SX}>{bid.eta_at ? formatDateTime(bid.eta_at) : '—'}</TableCell>
          <TableCell sx={NUMBER_SX}>{formatDateTime(bid.placed_at)}</TableCell>
          <TableCell>
            <UnitBidStateChip bid={bid} />
          </TableCell>
          <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{bid.rejected_reason ?? ''}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

export function UnitBidsCardList({ bids, label }: UnitBidsProps) {
  const { t } = useTranslation();
  return (
    <CardList label={label}>
      {bids.map((bid) => (
        <li key={bid.id}>
          <Paper square elevation={0} sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <LoadCell bid={bid} />
              <UnitBidStateChip bid={bid} />
              <Typography sx={{ ml: 'auto', fontWeight: 600, ...NUMBER_SX }}>
                {formatUsd(bid.price)}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {[bid.vehicle?.unit_id, bid.bidder?.full_name, formatDateTime(bid.placed_at)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {bid.rejected_reason && (
              <Typography variant="caption" component="div">
                {t('bids.columns.reason')}: {bid.rejected_reason}
              </Typography>
            )}
          </Paper>
        </li>
      ))}
    </CardList>
  );
}
