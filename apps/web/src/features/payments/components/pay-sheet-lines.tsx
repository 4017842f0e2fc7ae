import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PayItemLine, PaySheetLoad } from '@app/domain/accounting/payments.schema';
import { LOAD_STATUSES, lookupName } from '@app/domain/common/lookups';
import { formatDate } from '@/lib/format';
import type { PayType } from '../api/payments-query-keys';
import { usd } from './pay-format';

// The lines of a pay sheet: each load with its route, delivery day, rate and pay, under it its incentives
// and the pay items that name it; then the week's other pay items.

const place = (point: PaySheetLoad['pick_up']) => (point ? `${point.city}, ${point.state}` : '–');
const NUMBER_SX = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function ItemRow({ label, reason, amount }: { label: string; reason: string; amount: number }) {
  return (
    <TableRow sx={{ '& td': { borderBottom: 0, py: 0.25, color: 'text.secondary' } }}>
      <TableCell />
      <TableCell colSpan={3}>
        <Typography variant="caption">
          {label}
          {reason ? ` · ${reason}` : ''}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={NUMBER_SX}>
        <Typography variant="caption">{usd(amount)}</Typography>
      </TableCell>
    </TableRow>
  );
}

export function PaySheetLoads({ type, loads }: { type: PayType; loads: PaySheetLoad[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  return (
    <Table size="small" aria-label={t('payments.sheet.loads')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('payments.sheet.load')}</TableCell>
          <TableCell>{t('payments.sheet.route')}</TableCell>
          <TableCell align="right">{t('payments.sheet.rate')}</TableCell>
          <TableCell align="right">
            {t(type === 'owner' ? 'payments.sheet.driverPrice' : 'payments.sheet.pay')}
          </TableCell>
          <TableCell align="right">{t('payments.sheet.total')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {loads.map((load) => (
          <Fragment key={load.id}>
            <TableRow sx={{ '& td': { verticalAlign: 'top' } }}>
              <TableCell>
                <Typography variant="body2">
                  {load.load_accounting_number_display ?? `#${load.id}`}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {lookupName(LOAD_STATUSES, load.status, lang)}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">
                  {place(load.pick_up)} → {place(load.delivery)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[formatDate(load.delivery?.date), load.driver?.full_name, load.car?.unit_id]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={NUMBER_SX}>
                {usd(load.broker_price)}
              </TableCell>
              <TableCell align="right" sx={NUMBER_SX}>
                {usd(type === 'owner' ? load.driver_price : load.pay)}
                {type === 'owner' && load.pay !== load.driver_price && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('payments.sheet.paysNothing')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ ...NUMBER_SX, fontWeight: 600 }}>
                {usd(load.total)}
              </TableCell>
            </TableRow>
            {load.incentives.map((incentive) => (
              <ItemRow
                key={`i${incentive.id}`}
                label={t(`payments.sheet.incentive.${incentive.type}`, {
                  person: t(`payments.sheet.person.${incentive.person_type}`),
                })}
                reason={incentive.reason}
                amount={incentive.amount}
              />
            ))}
            {load.items.map((item) => (
              <ItemRow
                key={`p${item.id}`}
                label={t(`payments.items.${item.kind}`)}
                reason={item.reason}
                amount={item.amount}
              />
            ))}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}

export function PaySheetOtherItems({ items }: { items: PayItemLine[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Table size="small" aria-label={t('payments.sheet.otherItems')}>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell>
              <Typography variant="body2">{t(`payments.items.${item.kind}`)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[item.load_accounting_number_display, item.reason].filter(Boolean).join(' · ')}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={NUMBER_SX}>
              {usd(item.amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
