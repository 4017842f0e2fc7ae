import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import type { AccountingLoad, AccountingPlace, BrokerPayment } from '@app/domain/accounting/income.schema';
import { ListTable, OpenableRow } from '@/components/lists/list-table';
import { formatDateTime, formatUsd } from '@/lib/format';
import {
  accountingStatusText,
  formatDay,
  invoiceStatusText,
  paymentStatusText,
  payStatusText,
  personName,
  weekText,
} from './accounting-format';

/** The tiny caption under a cell's main text. */
function Caption({ children, color = 'text.secondary' }: { children: React.ReactNode; color?: string }) {
  return (
    <Typography variant="caption" color={color} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {children}
    </Typography>
  );
}

export function PlaceCell({ place }: { place: AccountingPlace | null }) {
  if (!place) return null;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${place.city}, ${place.state}`}</Box>
      {place.date && <Caption>{formatDateTime(place.date)}</Caption>}
    </>
  );
}

/**
 * The invoice of a broker payment: its status, whether it was sent to the broker and on what date, its due
 * date and how late it is.
 */
export function InvoiceCell({ payment }: { payment: BrokerPayment | null }) {
  const { t } = useTranslation();
  if (!payment) return <Caption>{t('accounting.columns.noPayment')}</Caption>;
  const late = payment.days_past_due !== null && payment.days_past_due > 0;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {invoiceStatusText(payment.invoice_status)}
      </Box>
      {payment.invoiced_at && payment.invoice_date ? (
        <Caption>{t('accounting.invoice.sent', { date: formatDay(payment.invoice_date) })}</Caption>
      ) : (
        // Worth a look only while the broker still owes it.
        payment.invoice_status === 1 && (
          <Caption color="warning.main">{t('accounting.invoice.notSent')}</Caption>
        )
      )}
      {payment.due_date && payment.invoice_status === 1 && (
        <Caption color={late ? 'error.main' : 'text.secondary'}>
          {late
            ? t('accounting.invoice.pastDue', { count: payment.days_past_due ?? 0 })
            : t('accounting.invoice.due', { date: formatDay(payment.due_date) })}
        </Caption>
      )}
    </>
  );
}

function DocumentMark({ present, label }: { present: boolean; label: string }) {
  const { t } = useTranslation();
  const Icon = present ? CheckCircleOutlined : RadioButtonUncheckedOutlined;
  return (
    <Tooltip
      title={`${label}: ${present ? t('accounting.documents.uploaded') : t('accounting.documents.missing')}`}
    >
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, mr: 0.5 }}>
        <Icon fontSize="inherit" color={present ? 'success' : 'disabled'} />
        <Typography variant="caption">{label}</Typography>
      </Box>
    </Tooltip>
  );
}

type AccountingLoadsTableProps = {
  loads: readonly AccountingLoad[];
  label: string;
  onOpen: (load: AccountingLoad) => void;
  /** The broker payments ticked for a bulk status change; no boxes without it. */
  selection?: { ids: ReadonlySet<number>; onToggle: (ids: number[], checked: boolean) => void };
};

/**
 * The rows of an accounting list of loads: the load and its week, its broker, the broker and driver prices and
 * its statuses first (what a 1280 px screen shows without scrolling), then what the carrier receives, the
 * quick pay deduction, the invoice, the route, the people and the completion documents. A row opens
 * its load on click or Enter; the box of a row ticks its broker payment for a bulk status change.
 */
export function AccountingLoadsTable({ loads, label, onOpen, selection }: AccountingLoadsTableProps) {
  const { t } = useTranslation();
  const payable = loads.flatMap((load) => (load.payment ? [load.payment.id] : []));
  const allTicked = payable.length > 0 && payable.every((id) => selection?.ids.has(id));
  const someTicked = payable.some((id) => selection?.ids.has(id));

  return (
    <ListTable
      label={label}
      minWidth={1120}
      columns={
        <>
          {selection && (
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={allTicked}
                indeterminate={someTicked && !allTicked}
                disabled={payable.length === 0}
                onChange={(event) => selection.onToggle(payable, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('accounting.bulk.selectPage') } }}
              />
            </TableCell>
          )}
          <TableCell>{t('accounting.columns.load')}</TableCell>
          <TableCell>{t('accounting.columns.broker')}</TableCell>
          <TableCell align="right">{t('accounting.columns.brokerPrice')}</TableCell>
          <TableCell align="right">{t('accounting.columns.driverPrice')}</TableCell>
          <TableCell>{t('accounting.columns.statuses')}</TableCell>
          <TableCell align="right">{t('accounting.columns.income')}</TableCell>
          <TableCell align="right">{t('accounting.columns.quickpay')}</TableCell>
          <TableCell>{t('accounting.columns.invoice')}</TableCell>
          <TableCell>{t('accounting.columns.pickUp')}</TableCell>
          <TableCell>{t('accounting.columns.delivery')}</TableCell>
          <TableCell>{t('accounting.columns.people')}</TableCell>
          <TableCell>{t('accounting.columns.documents')}</TableCell>
        </>
      }
    >
      {loads.map((load) => {
        const payment = load.payment;
        return (
          <OpenableRow key={load.id} onOpen={() => onOpen(load)} sx={{ '& td': { py: 0.75 } }}>
            {selection && (
              <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  size="small"
                  disabled={!payment}
                  checked={payment ? selection.ids.has(payment.id) : false}
                  onChange={(event) => payment && selection.onToggle([payment.id], event.target.checked)}
                  slotProps={{
                    input: { 'aria-label': t('accounting.bulk.selectLoad', { number: loadNumber(load) }) },
                  }}
                />
              </TableCell>
            )}
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {loadNumber(load)}
              </Box>
              {load.rateconf_ref && <Caption>{load.rateconf_ref}</Caption>}
              <Caption>{weekText(load.load_accounting_week, load.load_accounting_year)}</Caption>
            </TableCell>
            <TableCell sx={{ maxWidth: 150 }}>
              <Box
                component="span"
                title={load.broker_company?.name}
                sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {load.broker_company?.name ?? ''}
              </Box>
              {load.broker_company?.mc_number && <Caption>{`MC ${load.broker_company.mc_number}`}</Caption>}
            </TableCell>
            <TableCell align="right">{formatUsd(load.broker_price)}</TableCell>
            <TableCell align="right">{formatUsd(load.driver_price)}</TableCell>
            <TableCell>
              <Chip size="small" label={accountingStatusText(load.accounting_status)} sx={{ mb: 0.25 }} />
              <Caption>{load.status_name}</Caption>
              <Caption>{payStatusText(load.pay_status)}</Caption>
              {payment && <Caption>{paymentStatusText(payment.status)}</Caption>}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatUsd(payment ? payment.income : load.broker_price)}
            </TableCell>
            <TableCell align="right">
              {payment?.quickpay_percent !== null && payment?.quickpay_percent !== undefined ? (
                <>
                  {formatUsd(-payment.quickpay_deduction)}
                  <Caption>{`${payment.quickpay_percent}%`}</Caption>
                </>
              ) : (
                ''
              )}
            </TableCell>
            <TableCell>
              <InvoiceCell payment={payment} />
            </TableCell>
            <TableCell>
              <PlaceCell place={load.pick_up} />
            </TableCell>
            <TableCell>
              <PlaceCell place={load.delivery} />
            </TableCell>
            <TableCell>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {load.driver?.full_name ?? ''}
              </Box>
              {load.car && <Caption>{load.car.unit_id}</Caption>}
              {load.owner && <Caption>{t('accounting.columns.owner', { name: load.owner.name })}</Caption>}
              {load.dispatcher && <Caption>{personName(load.dispatcher)}</Caption>}
            </TableCell>
            <TableCell>
              <DocumentMark present={load.documents.rate_confirmation} label={t('accounting.documents.rc')} />
              <DocumentMark
                present={load.documents.proof_of_delivery}
                label={t('accounting.documents.pod')}
              />
            </TableCell>
          </OpenableRow>
        );
      })}
    </ListTable>
  );
}

export const loadNumber = (load: Pick<AccountingLoad, 'id' | 'load_accounting_number_display'>) =>
  load.load_accounting_number_display ?? `#${load.id}`;
