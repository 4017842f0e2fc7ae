import { useTranslation } from 'react-i18next';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AGEING_BUCKETS } from '@app/domain/accounting/ageing.rules';
import type { AgeingAmountsOut, BrokerAgeingRow } from '@app/domain/accounting/broker-payments.schema';
import { ListTable } from '@/components/lists/list-table';
import { formatUsd } from '@/lib/format';

function Amounts({ amounts, strong }: { amounts: AgeingAmountsOut; strong?: boolean }) {
  return (
    <>
      {AGEING_BUCKETS.map((bucket) => (
        <TableCell
          key={bucket}
          align="right"
          sx={{
            fontVariantNumeric: 'tabular-nums',
            fontWeight: strong ? 700 : undefined,
            color: bucket !== 'current' && amounts[bucket] > 0 ? 'error.main' : undefined,
          }}
        >
          {formatUsd(amounts[bucket])}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatUsd(amounts.total)}
      </TableCell>
    </>
  );
}

/**
 * What each broker owes by days past due (current, 1-30, 31-60, 61-90, over 90), how many invoices are
 * unpaid and how fast it pays, with the totals of every broker listed in the last row.
 */
export function AgeingTable({
  rows,
  totals,
  label,
}: {
  rows: readonly BrokerAgeingRow[];
  totals: AgeingAmountsOut;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      label={label}
      minWidth={960}
      columns={
        <>
          <TableCell>{t('accounting.columns.broker')}</TableCell>
          {AGEING_BUCKETS.map((bucket) => (
            <TableCell key={bucket} align="right">
              {t(`accounting.ageing.${bucket}`)}
            </TableCell>
          ))}
          <TableCell align="right">{t('accounting.ageing.total')}</TableCell>
          <TableCell align="right">{t('accounting.ageing.invoices')}</TableCell>
          <TableCell align="right">{t('accounting.ageing.daysToPay')}</TableCell>
        </>
      }
    >
      {rows.map((row) => (
        <TableRow key={row.broker_company.id} hover>
          <TableCell>
            {row.broker_company.name}
            {row.broker_company.mc_number && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {`MC ${row.broker_company.mc_number}`}
              </Typography>
            )}
          </TableCell>
          <Amounts amounts={row.amounts} />
          <TableCell align="right">{row.unpaid_invoices}</TableCell>
          <TableCell align="right">
            {row.average_days_to_pay === null
              ? '—'
              : t('accounting.ageing.days', { count: row.average_days_to_pay, paid: row.paid_invoices })}
          </TableCell>
        </TableRow>
      ))}
      <TableRow>
        <TableCell sx={{ fontWeight: 700 }}>{t('accounting.ageing.allBrokers')}</TableCell>
        <Amounts amounts={totals} strong />
        <TableCell colSpan={2} />
      </TableRow>
    </ListTable>
  );
}
