import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type {
  DispatcherPaymentRow,
  OwnerPaymentRow,
  PayTotals,
} from '@app/domain/accounting/payments.schema';
import { onOpenableRowKeyDown, OPENABLE_ROW_SX } from '@/components/lists/list-table';
import type { PayType } from '../api/payments-query-keys';
import { paymentStatusName, usd } from './pay-format';
import { PayTermsText } from './pay-terms-text';

export type PayRow = OwnerPaymentRow | DispatcherPaymentRow;

type PayTableProps = {
  type: PayType;
  label: string;
  rows: PayRow[];
  /** The sums of every payment the filters match (not only this page). */
  totals: PayTotals & { margin?: number };
  count: number;
  /** Rows may be ticked for a bulk change of status. */
  selectable: boolean;
  checked: ReadonlySet<number>;
  onCheck: (ids: number[], checked: boolean) => void;
  /** The row whose week the pay sheet preview shows. */
  openId: number | null;
  onOpen: (row: PayRow) => void;
};

const money = (amount: number) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
    {usd(amount)}
  </TableCell>
);

/** The person of a row: name and company (an owner), name and team (a dispatcher). */
function personCell(row: PayRow): ReactNode {
  const [name, detail] =
    row.type === 'owner'
      ? [row.owner.full_name, row.owner.company_name]
      : [row.dispatcher.full_name, row.dispatcher.team?.name ?? null];
  return (
    <TableCell>
      <Typography variant="body2">{name}</Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
    </TableCell>
  );
}

/**
 * The dense table of a pay list: each person's week with what it comes to, a total row of everything the
 * filters match, ticks for a bulk change of status; a row opens its week in the pay sheet preview.
 */
export function PayTable(props: PayTableProps) {
  const { type, label, rows, totals, count, selectable, checked, onCheck, openId, onOpen } = props;
  const { t } = useTranslation();
  const ids = rows.map((row) => row.id);
  const allChecked = ids.length > 0 && ids.every((id) => checked.has(id));
  const someChecked = ids.some((id) => checked.has(id));
  const dispatcher = type === 'dispatcher';
  const head = (key: string, align: 'left' | 'right' = 'right') => (
    <TableCell align={align}>{t(`payments.columns.${key}`)}</TableCell>
  );

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={label}
        sx={{ minWidth: dispatcher ? 1080 : 900, '& th': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={allChecked}
                  indeterminate={someChecked && !allChecked}
                  onChange={(event) => onCheck(ids, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('payments.bulk.selectPage') } }}
                />
              </TableCell>
            )}
            {head(dispatcher ? 'dispatcher' : 'owner', 'left')}
            {head('week', 'left')}
            {head('status', 'left')}
            {dispatcher && head('terms', 'left')}
            {head('loads')}
            {head('gross')}
            {dispatcher && head('margin')}
            {head(dispatcher ? 'loadPay' : 'driverPay')}
            {head('bonuses')}
            {head('fines')}
            {head('items')}
            {head('amount')}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              hover
              tabIndex={0}
              selected={row.id === openId}
              aria-selected={row.id === openId}
              onClick={() => onOpen(row)}
              onKeyDown={(event) => onOpenableRowKeyDown(event, () => onOpen(row))}
              sx={OPENABLE_ROW_SX}
            >
              {selectable && (
                <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    size="small"
                    checked={checked.has(row.id)}
                    onChange={(event) => onCheck([row.id], event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('payments.bulk.selectRow', { id: row.id }) } }}
                  />
                </TableCell>
              )}
              {personCell(row)}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t('payments.week.short', { week: row.week, year: row.year })}
                {row.is_closed && (
                  <Tooltip title={t('payments.sheet.closed')}>
                    <LockOutlined
                      sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }}
                      aria-label={t('payments.sheet.closed')}
                    />
                  </Tooltip>
                )}
              </TableCell>
              <TableCell>{paymentStatusName(row.status)}</TableCell>
              {row.type === 'dispatcher' && (
                <TableCell>
                  <PayTermsText terms={row.terms} />
                </TableCell>
              )}
              <TableCell align="right">{row.loads_count}</TableCell>
              {money(row.gross)}
              {row.type === 'dispatcher' && money(row.margin)}
              {money(row.load_pay)}
              {money(row.bonuses)}
              {/* 0 - fines, not -fines: no fines is $0.00, not -$0.00. */}
              {money(0 - row.fines)}
              {money(row.items)}
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {usd(row.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: 'inherit' } }}>
            <TableCell colSpan={(selectable ? 1 : 0) + (dispatcher ? 4 : 3)}>
              <Box component="span">{t('payments.totals.label', { count })}</Box>
            </TableCell>
            <TableCell align="right">{totals.loads_count}</TableCell>
            {money(totals.gross)}
            {dispatcher && money(totals.margin ?? 0)}
            {money(totals.load_pay)}
            {money(totals.bonuses)}
            {money(0 - totals.fines)}
            {money(totals.items)}
            {money(totals.amount)}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
