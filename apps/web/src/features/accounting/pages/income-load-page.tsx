import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import type { IncomeDetail } from '@app/domain/accounting/income.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { LoadPanelsSlot, LoadToolsSlot } from '@/components/accounting-extras/accounting-extras';
import { PageFrame } from '@/components/page-frame';
import { usePageTitle } from '@/components/page-title';
import { errorStatus } from '@/lib/api-error';
import { formatDate, formatUsd } from '@/lib/format';
import { useIncomeDetail } from '../api/income-detail';
import {
  accountingStatusText,
  payStatusText,
  paymentStatusText,
  weekText,
} from '../components/accounting-format';
import { AccountingStatusPanel } from '../components/accounting-status-panel';
import { IncomeLoadFacts } from '../components/income-load-facts';
import { InvoiceCell } from '../components/accounting-loads-table';
import { QuickpayEditor } from '../components/quickpay-editor';
import { INCOME_PATHS } from './accounting-loads-page';

type IncomeList = 'active' | 'completed';

/**
 * /accounting/income/{active|completed}/{id} (the notification links of the spec): a load of accounting
 * with its money, broker payment and quick pay, documents, route, people and history, and the move of its
 * accounting status. A link to the other income list shows the load where it is now.
 */
export function IncomeLoadPage({ list }: { list: IncomeList }) {
  const { loadId } = useParams();
  const id = Number(loadId);
  if (!Number.isInteger(id) || id <= 0) return <IncomeLoadNotFound list={list} />;
  return <IncomeLoadById key={id} list={list} id={id} />;
}

function IncomeLoadById({ list, id }: { list: IncomeList; id: number }) {
  const query = useIncomeDetail(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return <IncomeLoadNotFound list={list} />;
    return (
      <PageFrame>
        <Paper variant="outlined">
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Paper>
      </PageFrame>
    );
  }
  if (query.data.income_list !== list) {
    return <Navigate replace to={`/accounting/income/${query.data.income_list}/${id}`} />;
  }
  return <IncomeLoadView load={query.data} list={list} />;
}

function IncomeLoadNotFound({ list }: { list: IncomeList }) {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <Paper variant="outlined">
        <EmptyState
          icon={<SearchOffOutlined />}
          title={t('accounting.detail.notFound')}
          description={t('accounting.detail.notFoundHint')}
          action={
            <Button component={RouterLink} to={INCOME_PATHS[list]} variant="outlined">
              {t(`accounting.detail.backTo.${list}`)}
            </Button>
          }
        />
      </Paper>
    </PageFrame>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Money({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }} aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>
        {formatUsd(amount)}
      </Typography>
    </Box>
  );
}

function IncomeLoadView({ load, list }: { load: IncomeDetail; list: IncomeList }) {
  const { t } = useTranslation();
  const number = load.load_accounting_number_display ?? `#${load.id}`;
  usePageTitle(t('accounting.detail.title', { number }));
  const payment = load.payment;

  return (
    <PageFrame
      toolbar={
        <>
          <Button
            component={RouterLink}
            to={INCOME_PATHS[list]}
            startIcon={<ArrowBackOutlined />}
            color="inherit"
          >
            {t(`accounting.detail.backTo.${list}`)}
          </Button>
          <LoadToolsSlot loadId={load.id} />
        </>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2">{t('accounting.detail.title', { number })}</Typography>
        <Chip size="small" color="primary" label={accountingStatusText(load.accounting_status)} />
        <Chip size="small" variant="outlined" label={load.status_name} />
        <Chip size="small" variant="outlined" label={payStatusText(load.pay_status)} />
        <Typography variant="body2" color="text.secondary">
          {weekText(load.load_accounting_week, load.load_accounting_year)}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Section title={t('accounting.detail.money')}>
          <Money label={t('accounting.totals.brokerPrice')} amount={load.money.broker_price} />
          <Money label={t('accounting.totals.quickpay')} amount={-load.money.quickpay_deduction} />
          <Money label={t('accounting.totals.income')} amount={load.money.income} strong />
          <Money label={t('accounting.totals.driverPrice')} amount={-load.money.driver_price} />
          <Money label={t('accounting.detail.margin')} amount={load.money.margin} strong />
        </Section>
        <Section title={t('accounting.detail.payment')}>
          {payment ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography variant="body2">
                {t('accounting.detail.paymentStatus', { status: paymentStatusText(payment.status) })}
              </Typography>
              <Box>
                <InvoiceCell payment={payment} />
              </Box>
              {payment.paid_at && (
                <Typography variant="body2">
                  {t('accounting.detail.paidOn', { date: formatDate(payment.paid_at) })}
                </Typography>
              )}
              <QuickpayEditor key={String(payment.quickpay_percent)} payment={payment} />
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('accounting.columns.noPayment')}
            </Typography>
          )}
        </Section>
        <Section title={t('accounting.detail.accountingStatus')}>
          <AccountingStatusPanel load={load} />
        </Section>
      </Box>
      <LoadPanelsSlot loadId={load.id} />
      <IncomeLoadFacts load={load} />
    </PageFrame>
  );
}
