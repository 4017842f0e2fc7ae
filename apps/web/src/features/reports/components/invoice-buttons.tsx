import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useDownloadInvoice } from '../api/download-reports';
import { useReportFailure } from './report-messages';
import { SendReportDialog } from './send-report-dialog';

export type InvoiceButtonsProps = {
  /** The load of accounting the invoice bills. */
  loadId: number;
  /** The accounting broker's e-mail address, the default recipient. */
  brokerEmail?: string | null;
};

/** The invoice to the load's broker (rate confirmation and proof of delivery attached): download or e-mail. */
export function InvoiceButtons({ loadId, brokerEmail }: InvoiceButtonsProps) {
  const { t } = useTranslation();
  const failure = useReportFailure();
  const download = useDownloadInvoice(failure);
  const [sending, setSending] = useState(false);
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="outlined"
        startIcon={download.isPending ? <CircularProgress size={16} /> : <ReceiptLongOutlined />}
        disabled={download.isPending}
        onClick={() => download.mutate(loadId)}
      >
        {t('reports.invoicePdf')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<EmailOutlined />} onClick={() => setSending(true)}>
        {t('reports.sendInvoice')}
      </Button>
      <SendReportDialog
        open={sending}
        onClose={() => setSending(false)}
        kind="invoice"
        ids={[loadId]}
        defaultRecipient={brokerEmail}
      />
    </Stack>
  );
}
