import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { BrokerPaymentRow } from '@app/domain/accounting/broker-payments.schema';
import { ListTable, OpenableRow } from '@/components/lists/list-table';
import { formatUsd } from '@/lib/format';
import { accountingStatusText, paymentStatusText, personName, weekText } from './accounting-format';
import { InvoiceCell, PlaceCell } from './accounting-loads-table';

type BrokerPaymentsTableProps = {
  payments: readonly BrokerPaymentRow[];
  label: string;
  onOpen: (payment: BrokerPaymentRow) => void;
  selection: { ids: ReadonlySet<number>; onToggle: (ids: number[], checked: boolean) => void };
};

/**
 * The rows of a brokers' payments list: the broker, the load, the week, the payment's status, its money
 * (broker price, quick pay, what the carrier receives) and its invoice. A row opens its load's income page.
 */
export function BrokerPaymentsTable({ payments, label, onOpen, selection }: BrokerPaymentsTableProps) {
  const { t } = useTranslation();
  const ids = payments.map((payment) => payment.id);
  const all = ids.length > 0 && ids.every((id) => selection.ids.has(id));
  const some = ids.some((id) => selection.ids.has(id));
  return (
    <ListTable
      label={label}
      minWidth={1080}
      columns={
        <>
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={all}
              indeterminate={some && !all}
              onChange={(event) => selection.onToggle(ids, event.target.checked)}
              slotProps={{ input: { 'aria-label': t('accounting.bulk.selectPage') } }}
            />
          </TableCell>
          <TableCell>{t('accounting.columns.broker')}</TableCell>
          <TableCell>{t('accounting.columns.load')}</TableCell>
          <TableCell>{t('accounting.columns.statuses')}</TableCell>
          <TableCell>{t('accounting.columns.pickUp')}</TableCell>
          <TableCell>{t('accounting.columns.delivery')}</TableCell>
          <TableCell>{t('accounting.columns.people')}</TableCell>
          <TableCell align="right">{t('accounting.columns.brokerPrice')}</TableCell>
          <TableCell align="right">{t('accounting.columns.quickpay')}</TableCell>
          <TableCell align="right">{t('accounting.columns.income')}</TableCell>
          <TableCell>{t('accounting.columns.invoice')}</TableCell>
        </>
      }
    >
      {payments.map((payment) => {
        const number = payment.load.load_accounting_number_display ?? `#${payment.load.id}`;
        return (
          <OpenableRow key={payment.id} onOpen={() => onOpen(payment)} sx={{ '& td': { py: 0.75 } }}>
            <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
              <Checkbox
                size="small"
                checked={selection.ids.has(payment.id)}
                onChange={(event) => selection.onToggle([payment.id], event.target.checked)}
                slotProps={{ input: { 'aria-label': t('accounting.bulk.selectLoad', { number }) } }}
              />
            </TableCell>
            <TableCell sx={{ maxWidth: 170 }}>
              <Box
                component="span"
                sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {payment.broker_company?.name ?? ''}
              </Box>
              {payment.broker_company?.mc_number && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                >{`MC ${payment.broker_company.mc_number}`}</Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {number}
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {weekText(payment.week, payment.year)}
              </Typography>
              {payment.load.rateconf_ref && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {payment.load.rateconf_ref}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                {paymentStatusText(payment.status)}
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {accountingStatusText(payment.load.accounting_status)}
              </Typography>
            </TableCell>
            <TableCell>
              <PlaceCell place={payment.load.pick_up} />
            </TableCell>
            <TableCell>
              <PlaceCell place={payment.load.delivery} />
            </TableCell>
            <TableCell>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {payment.load.driver?.full_name ?? ''}
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {personName(payment.load.dispatcher)}
              </Typography>
            </TableCell>
            <TableCell align="right">{formatUsd(payment.amount)}</TableCell>
            <TableCell align="right">
              {payment.quickpay_percent === null
                ? ''
                : `${formatUsd(-payment.quickpay_deduction)} (${payment.quickpay_percent}%)`}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatUsd(payment.income)}
            </TableCell>
            <TableCell>
              <InvoiceCell payment={payment} />
            </TableCell>
          </OpenableRow>
        );
      })}
    </ListTable>
  );
}
