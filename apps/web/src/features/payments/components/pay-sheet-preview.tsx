import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { PayType } from '../api/payments-query-keys';
import { usePayWeek, type PayWeekAnswer } from '../api/pay-week';
import { formatWeekDays, paymentStatusName, usd } from './pay-format';
import { PaySheetLoads, PaySheetOtherItems } from './pay-sheet-lines';
import { PayTermsText } from './pay-terms-text';

export type PaySheet = PayWeekAnswer<PayType>;

/** What the page puts on the preview beside its own buttons (the reports' PDF and e-mail). */
export type PaySheetActions = (sheet: PaySheet) => ReactNode;

type PaySheetPreviewProps = {
  type: PayType;
  /** The payment (the person's week) to show; nothing chosen yet when null. */
  paymentId: number | null;
  /** Accounting roles: pay items and terms. */
  canManage: boolean;
  onAddItem: (sheet: PaySheet) => void;
  onTerms: (sheet: PaySheet) => void;
  actions?: PaySheetActions;
};

function TotalLine({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant={strong ? 'subtitle2' : 'body2'}>{label}</Typography>
      <Typography variant={strong ? 'subtitle2' : 'body2'} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {usd(amount)}
      </Typography>
    </Box>
  );
}

/** The pay sheet of the chosen week beside the list: its loads, incentives, pay items and totals. */
export function PaySheetPreview({
  type,
  paymentId,
  canManage,
  onAddItem,
  onTerms,
  actions,
}: PaySheetPreviewProps) {
  const { t } = useTranslation();
  const sheet = usePayWeek(type, paymentId);
  const frame = (children: ReactNode) => (
    <Paper variant="outlined" component="section" aria-label={t('payments.sheet.title')} sx={{ p: 2 }}>
      {children}
    </Paper>
  );
  if (paymentId === null)
    return frame(
      <EmptyState
        icon={<ReceiptLongOutlined />}
        title={t('payments.sheet.none')}
        description={t('payments.sheet.noneHint')}
      />,
    );
  if (sheet.isPending) return frame(<LoadingState />);
  if (sheet.isError) return frame(<ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} />);
  const data = sheet.data;
  const [name, detail] =
    data.type === 'owner'
      ? [data.owner.full_name, data.owner.company_name]
      : [data.dispatcher.full_name, data.dispatcher.team?.name ?? null];

  return frame(
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box>
        <Typography variant="h3" component="h2">
          {name}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('payments.week.short', { week: data.week, year: data.year })} ·{' '}
          {formatWeekDays(data.week_start, data.week_end)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={paymentStatusName(data.status)} />
          {data.is_closed && <Chip size="small" color="warning" label={t('payments.sheet.closed')} />}
          {data.type === 'dispatcher' && (
            <Chip size="small" variant="outlined" label={<PayTermsText terms={data.terms} />} />
          )}
        </Box>
      </Box>
      {data.loads.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payments.sheet.noLoads')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <PaySheetLoads type={type} loads={data.loads} />
        </Box>
      )}
      {data.other_items.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('payments.sheet.otherItems')}</Typography>
          <PaySheetOtherItems items={data.other_items} />
        </Box>
      )}
      <Divider />
      <Box
        sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}
        aria-label={t('payments.sheet.totals')}
        role="group"
      >
        <TotalLine
          label={t(type === 'owner' ? 'payments.columns.driverPay' : 'payments.columns.loadPay')}
          amount={data.load_pay}
        />
        <TotalLine label={t('payments.columns.bonuses')} amount={data.bonuses} />
        <TotalLine label={t('payments.columns.fines')} amount={-data.fines} />
        <TotalLine label={t('payments.columns.items')} amount={data.items} />
        <TotalLine label={t('payments.sheet.total')} amount={data.amount} strong />
      </Box>
      {data.is_closed && data.computed_total !== data.amount && (
        <Alert severity="info">{t('payments.sheet.frozen', { amount: usd(data.computed_total) })}</Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canManage && (
          <Button size="small" variant="outlined" startIcon={<AddOutlined />} onClick={() => onAddItem(data)}>
            {t('payments.item.add')}
          </Button>
        )}
        {canManage && data.type === 'dispatcher' && (
          <Button size="small" variant="outlined" startIcon={<TuneOutlined />} onClick={() => onTerms(data)}>
            {t('payments.terms.edit')}
          </Button>
        )}
        {actions?.(data)}
      </Box>
    </Box>,
  );
}
