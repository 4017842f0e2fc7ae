import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import type { BrokerDashboard, LoadFigures } from '@app/domain/dashboard/dashboard.schema';
import { ErrorState } from '@/components/error-state';
import { ListFetchingBar } from '@/components/lists/list-page';
import { LoadingState } from '@/components/loading-state';
import type { QueryParams } from '@/lib/http-client';
import { formatUsd } from '@/lib/format';
import { useBrokerDashboard } from '../api/broker-company';
import {
  daysToPayText,
  formatCount,
  formatDay,
  formatDayRange,
  formatMonth,
  ratePerMileText,
} from './dashboard-format';
import { LazyTrendChart } from './lazy-trend-chart';
import { SummaryLink } from './summary-link';

/** The figures compared with the period before, in the order shown. */
const TREND_FIGURES = ['loads', 'gross', 'margin', 'miles', 'rate_per_mile'] as const;

function figureText(name: (typeof TREND_FIGURES)[number], figures: LoadFigures, t: TFunction): string {
  if (name === 'rate_per_mile') return ratePerMileText(figures.rate_per_mile, t);
  if (name === 'gross' || name === 'margin') return formatUsd(figures[name]);
  return formatCount(figures[name]);
}

/** The change against the period before: '+12.5%', '−3%', 'new' from nothing, '—' when neither has any. */
export function changeText(now: number | null, before: number | null, t: TFunction): string {
  if (now === null || before === null || (now === 0 && before === 0)) return '—';
  if (before === 0) return t('dashboard.brokers.new');
  const percent = Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${formatCount(Math.abs(percent))}%`;
}

function BrokerHistory({ broker, t }: { broker: BrokerDashboard; t: TFunction }) {
  const { figures, previous } = broker;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Table aria-label={t('dashboard.brokers.trend')}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">{formatDayRange(broker.period)}</TableCell>
            <TableCell align="right">{formatDayRange(previous)}</TableCell>
            <TableCell align="right">{t('dashboard.brokers.change')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {TREND_FIGURES.map((name) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row">
                {t(`dashboard.figures.${name}`)}
              </TableCell>
              <TableCell align="right">{figureText(name, figures, t)}</TableCell>
              <TableCell align="right">{figureText(name, previous.figures, t)}</TableCell>
              <TableCell align="right">{changeText(figures[name], previous.figures[name], t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, columnGap: 2, m: 0 }}
      >
        {(
          [
            [t('dashboard.brokers.averageDaysToPay'), daysToPayText(broker.average_days_to_pay, t)],
            [t('dashboard.brokers.paidInvoices'), formatCount(broker.paid_invoices)],
            [t('dashboard.brokers.firstLoad'), formatDay(broker.first_load_date) || '—'],
            [t('dashboard.brokers.lastLoad'), formatDay(broker.last_load_date) || '—'],
          ] as const
        ).map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('dashboard.brokers.history')}
        </Typography>
        <LazyTrendChart
          title={t('dashboard.brokers.history')}
          height={180}
          points={broker.months.map((month) => ({ ...month, label: formatMonth(month.month) }))}
        />
        <Table aria-label={t('dashboard.brokers.months')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard.columns.month')}</TableCell>
              <TableCell align="right">{t('dashboard.columns.loads')}</TableCell>
              <TableCell align="right">{t('dashboard.money.gross')}</TableCell>
              <TableCell align="right">{t('dashboard.money.margin')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...broker.months].reverse().map((month) => (
              <TableRow key={month.month}>
                <TableCell>{formatMonth(month.month)}</TableCell>
                <TableCell align="right">{formatCount(month.loads)}</TableCell>
                <TableCell align="right">{formatUsd(month.gross)}</TableCell>
                <TableCell align="right">{formatUsd(month.margin)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

type BrokerDrawerProps = { id: number; filters: QueryParams; onClose: () => void };

/**
 * One broker's history (broker-company/{id}/) in a panel at the right, the whole screen on a phone: the
 * period against the one before, days to pay, first and last load, and twelve months of loads and money.
 */
export function BrokerDrawer({ id, filters, onClose }: BrokerDrawerProps) {
  const { t } = useTranslation();
  const broker = useBrokerDashboard(id, filters);
  const name = broker.data?.broker_company.name ?? t('dashboard.brokers.broker');
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 520 } }, role: 'dialog', 'aria-label': name },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
            {name}
          </Typography>
          {broker.data?.broker_company.mc_number && (
            <Typography variant="caption" color="text.secondary">
              MC {broker.data.broker_company.mc_number}
            </Typography>
          )}
        </Box>
        <SummaryLink to="/partners/">{t('dashboard.brokers.partners')}</SummaryLink>
        <IconButton size="small" aria-label={t('common.close')} onClick={onClose}>
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Box>
      <ListFetchingBar show={broker.isFetching && !broker.isPending} />
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2 }}>
        {broker.data ? (
          <BrokerHistory broker={broker.data} t={t} />
        ) : broker.isError ? (
          <ErrorState error={broker.error} onRetry={() => void broker.refetch()} />
        ) : (
          <LoadingState />
        )}
      </Box>
    </Drawer>
  );
}
