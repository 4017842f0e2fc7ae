import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { isLoadFromBlacklistedBroker } from '@app/domain/brokers/brokers.rules';
import { parseLoadNumber } from '@app/domain/loads/load-number.rules';
import type { Load, LoadPoint } from '@app/domain/loads/loads.schema';
import { CardList, FOCUS_RING_SX, ListTable, OpenableRow } from '@/components/lists/list-table';
import { formatDateTime, formatUsd } from '@/lib/format';
import type { LoadList } from '../api/load-query-keys';
import { brokerText, firstPickUp, lastDelivery, loadNumberText, personName, placeText } from './load-display';
import { BlacklistedChip, LoadStatusChip } from './load-status-chip';

export function loadPagePath(list: LoadList, id: number): string {
  return `/load/${list}/${id}`;
}

/** A load of a blacklisted broker stands out in a list: a red edge and a faint red wash. */
function blacklistedRowSx(load: Load, shape: 'row' | 'card' = 'row') {
  if (!isLoadFromBlacklistedBroker(load)) return {};
  const edge = (theme: Theme) => `inset 3px 0 0 ${theme.palette.error.main}`;
  return {
    bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.04),
    ...(shape === 'row' ? { '& td:first-of-type': { boxShadow: edge } } : { boxShadow: edge }),
  };
}

type LoadsTableProps = {
  list: LoadList;
  loads: readonly Load[];
  label: string;
  onOpen: (load: Load) => void;
  /** The list's search text: a load found by its id rather than its number says so. */
  search?: string;
};

/** True when the search is a load number that this load matched by its id, not by the number it shows. */
function foundById(load: Load, search: string | undefined): boolean {
  const number = search ? parseLoadNumber(search) : null;
  return number !== null && number.id === load.id && load.load_accounting_number !== number.accountingNumber;
}

/**
 * The rows of a load list. A row opens its load on click or Enter; the arrow keys, Home and End move
 * between rows. The columns are kept narrow (the broker's name is cut with its full name on hover) so
 * that the prices stay in view at 1280 px beside the compact right-hand panel.
 */
export function LoadsTable({ list, loads, label, onOpen, search }: LoadsTableProps) {
  const { t } = useTranslation();

  return (
    <ListTable
      label={label}
      minWidth={900}
      columns={
        <>
          <TableCell>{t('loads.columns.number')}</TableCell>
          <TableCell>{t('loads.columns.status')}</TableCell>
          <TableCell>{t('loads.columns.pickUp')}</TableCell>
          <TableCell>{t('loads.columns.delivery')}</TableCell>
          <TableCell>{t('loads.columns.broker')}</TableCell>
          <TableCell>{t('loads.columns.driverAndUnit')}</TableCell>
          <TableCell>{t('loads.columns.dispatcher')}</TableCell>
          <TableCell align="right">{t('loads.columns.miles')}</TableCell>
          {/* Short header: the broker price over the driver price, each named in its title. */}
          <TableCell align="right">{t('loads.columns.prices')}</TableCell>
        </>
      }
    >
      {loads.map((load) => (
        <OpenableRow
          key={load.id}
          onOpen={() => onOpen(load)}
          data-blacklisted={isLoadFromBlacklistedBroker(load) || undefined}
          sx={blacklistedRowSx(load)}
        >
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <Link
              component={RouterLink}
              to={loadPagePath(list, load.id)}
              tabIndex={-1}
              underline="hover"
              sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
              onClick={(event) => event.stopPropagation()}
            >
              {loadNumberText(load)}
            </Link>
            {foundById(load, search) && (
              <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
                {t('loads.list.foundById', { id: load.id })}
              </Typography>
            )}
            {load.rateconf_ref && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {load.rateconf_ref}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            <LoadStatusChip load={load} />
          </TableCell>
          <TableCell>
            <PointCell point={firstPickUp(load)} fallbackDate={load.pick_up_datetime} />
          </TableCell>
          <TableCell>
            <PointCell point={lastDelivery(load)} fallbackDate={load.delivery_datetime} />
          </TableCell>
          <TableCell sx={{ maxWidth: 150 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
              <Box
                component="span"
                title={brokerText(load)}
                sx={{
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  maxWidth: '100%',
                }}
              >
                {brokerText(load)}
              </Box>
              {isLoadFromBlacklistedBroker(load) && <BlacklistedChip />}
            </Box>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <div>{load.driver?.full_name ?? '—'}</div>
            {load.car && (
              <Typography variant="caption" color="text.secondary">
                {load.car.unit_id}
              </Typography>
            )}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{personName(load.dispatcher) || '—'}</TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {load.miles ?? '—'}
          </TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            <div title={t('loads.columns.brokerPrice')}>{formatUsd(load.broker_price)}</div>
            <Typography variant="caption" color="text.secondary" title={t('loads.columns.driverPrice')}>
              {formatUsd(load.driver_price)}
            </Typography>
          </TableCell>
        </OpenableRow>
      ))}
    </ListTable>
  );
}

function PointCell({ point, fallbackDate }: { point: LoadPoint | undefined; fallbackDate: string | null }) {
  const date = point?.date ?? fallbackDate;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <div>{placeText(point) || '—'}</div>
      {date && (
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatDateTime(date)}
        </Typography>
      )}
    </Box>
  );
}

/** The loads of a list on a phone: one card per load, each a link to its page. */
export function LoadsCardList({ list, loads, label, search }: Omit<LoadsTableProps, 'onOpen'>) {
  const { t } = useTranslation();
  return (
    <CardList label={label}>
      {loads.map((load) => {
        const pickUp = firstPickUp(load);
        const delivery = lastDelivery(load);
        return (
          <Box
            component="li"
            key={load.id}
            data-blacklisted={isLoadFromBlacklistedBroker(load) || undefined}
            sx={{ borderBottom: 1, borderColor: 'divider', ...blacklistedRowSx(load, 'card') }}
          >
            <Link
              component={RouterLink}
              to={loadPagePath(list, load.id)}
              underline="none"
              color="inherit"
              sx={{
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
                px: 2,
                py: 1.25,
                '&:hover': { bgcolor: 'action.hover' },
                ...FOCUS_RING_SX,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography
                  variant="subtitle2"
                  sx={{ color: 'primary.main', fontVariantNumeric: 'tabular-nums' }}
                >
                  {loadNumberText(load)}
                </Typography>
                {foundById(load, search) && (
                  <Typography variant="caption" color="warning.main">
                    {t('loads.list.foundById', { id: load.id })}
                  </Typography>
                )}
                <LoadStatusChip load={load} />
                <Typography variant="subtitle2" sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
                  {formatUsd(load.broker_price)}
                </Typography>
              </Box>
              <Typography variant="body1">
                {placeText(pickUp) || '—'} → {placeText(delivery) || '—'}
                {load.miles !== null && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' · '}
                    {t('loads.list.miles', { miles: load.miles })}
                  </Typography>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(pickUp?.date ?? load.pick_up_datetime)} →{' '}
                {formatDateTime(delivery?.date ?? load.delivery_datetime)}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                <Typography variant="body2">{brokerText(load)}</Typography>
                {isLoadFromBlacklistedBroker(load) && <BlacklistedChip />}
                {(load.driver || load.car) && (
                  <Typography variant="body2" color="text.secondary">
                    · {[load.driver?.full_name, load.car?.unit_id].filter(Boolean).join(', ')}
                  </Typography>
                )}
              </Box>
            </Link>
          </Box>
        );
      })}
    </CardList>
  );
}
