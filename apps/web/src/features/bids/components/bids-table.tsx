import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { Proposition } from '@app/domain/bids/bids.schema';
import {
  CardList,
  ListTable,
  OPENABLE_CARD_SX,
  OpenableRow,
  onOpenableCardKeyDown,
} from '@/components/lists/list-table';
import { formatDateTime, formatUsd } from '@/lib/format';
import {
  bidLoadNumber,
  BidStatusChip,
  BrokerRatingChip,
  DeliveryText,
  etaText,
  firstPickUpOf,
  fullName,
  lastDeliveryOf,
  placeOf,
} from './bid-display';

type BidsTableProps = {
  bids: readonly Proposition[];
  label: string;
  onOpen: (bid: Proposition) => void;
};

const NUMBER_SX = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The rows of a bids list. A row opens its bid on click or Enter; the arrow keys, Home and End move
 * between rows. Pick-up and delivery share one column (place over Eastern time) so that the prices, the
 * e-mail's fate and the status stay in view at 1280 px.
 */
export function BidsTable({ bids, label, onOpen }: BidsTableProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      label={label}
      minWidth={960}
      columns={
        <>
          <TableCell>{t('bids.columns.load')}</TableCell>
          <TableCell>{t('bids.columns.route')}</TableCell>
          <TableCell>{t('bids.columns.unit')}</TableCell>
          <TableCell>{t('bids.columns.dispatcher')}</TableCell>
          <TableCell>{t('bids.columns.broker')}</TableCell>
          {/* Short headers: the broker price over the driver price, the deadhead over the ETA, the sending
              time over what became of the e-mail, so that the status stays in view at 1280 px. */}
          <TableCell align="right">{t('bids.columns.prices')}</TableCell>
          <TableCell align="right">{t('bids.columns.milesOutEta')}</TableCell>
          <TableCell>{t('bids.columns.sent')}</TableCell>
          <TableCell>{t('bids.columns.status')}</TableCell>
        </>
      }
    >
      {bids.map((bid) => {
        const pickUp = firstPickUpOf(bid.load.points);
        const delivery = lastDeliveryOf(bid.load.points);
        return (
          <OpenableRow key={bid.id} onOpen={() => onOpen(bid)} data-bid-id={bid.id}>
            <TableCell sx={{ ...NUMBER_SX, fontWeight: 600 }}>{bidLoadNumber(bid.load)}</TableCell>
            <TableCell sx={{ minWidth: 190 }}>
              <div>
                {placeOf(pickUp)} → {placeOf(delivery)}
              </div>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(pickUp?.date)}
                {bid.load.miles !== null && ` · ${t('bids.miles', { miles: bid.load.miles })}`}
              </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <div>{bid.vehicle.unit_id ?? '—'}</div>
              <Typography variant="caption" color="text.secondary">
                {bid.driver?.full_name ?? t('bids.noDriver')}
              </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{fullName(bid.dispatcher) || '—'}</TableCell>
            <TableCell sx={{ maxWidth: 170 }}>
              <Box
                title={bid.load.broker_company?.name}
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {bid.load.broker_company?.name ?? '—'}
              </Box>
              {bid.load.broker_company && <BrokerRatingChip rating={bid.load.broker_company.rating} />}
            </TableCell>
            <TableCell align="right" sx={NUMBER_SX}>
              <Box component="span" title={t('bids.fields.price')} sx={{ display: 'block', fontWeight: 600 }}>
                {formatUsd(bid.price)}
              </Box>
              <Typography variant="caption" color="text.secondary" title={t('bids.fields.driver_price')}>
                {bid.driver_price === null ? '—' : formatUsd(bid.driver_price)}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={NUMBER_SX}>
              <div>
                {bid.miles_out === null ? '—' : t('bids.miles', { miles: Math.round(bid.miles_out) })}
              </div>
              <Typography variant="caption" color="text.secondary">
                {etaText(bid.eta, t)}
              </Typography>
            </TableCell>
            <TableCell sx={NUMBER_SX}>
              <div>{formatDateTime(bid.sent_at)}</div>
              <DeliveryText delivery={bid.delivery} />
            </TableCell>
            <TableCell>
              <BidStatusChip bid={bid} />
            </TableCell>
          </OpenableRow>
        );
      })}
    </ListTable>
  );
}

/** The bids on a phone: one card each, the load, the route, the unit, the price and the status. */
export function BidsCardList({ bids, label, onOpen }: BidsTableProps) {
  const { t } = useTranslation();
  return (
    <CardList label={label}>
      {bids.map((bid) => (
        <li key={bid.id}>
          <Paper
            square
            elevation={0}
            role="button"
            tabIndex={0}
            aria-label={t('bids.cardLabel', { number: bidLoadNumber(bid.load) })}
            onClick={() => onOpen(bid)}
            onKeyDown={(event) => onOpenableCardKeyDown(event, () => onOpen(bid))}
            sx={{ ...OPENABLE_CARD_SX, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, ...NUMBER_SX }}>{bidLoadNumber(bid.load)}</Typography>
              <BidStatusChip bid={bid} />
              <Typography sx={{ ml: 'auto', fontWeight: 600, ...NUMBER_SX }}>
                {formatUsd(bid.price)}
              </Typography>
            </Box>
            <Typography variant="body2">
              {placeOf(firstPickUpOf(bid.load.points))} → {placeOf(lastDeliveryOf(bid.load.points))}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {[bid.vehicle.unit_id, bid.driver?.full_name, bid.load.broker_company?.name]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('bids.sentAt', { time: formatDateTime(bid.sent_at) })}
            </Typography>
          </Paper>
        </li>
      ))}
    </CardList>
  );
}
