import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useDownloadPaySheet } from '../api/download-reports';
import { useReportFailure } from './report-messages';
import { SendReportDialog } from './send-report-dialog';

export type PaySheetButtonsProps = {
  /** The owner's payment of the week (type owner). */
  paymentId: number;
  /** The owner's e-mail address, the default recipient. */
  ownerEmail?: string | null;
};

/** The pay sheet of an owner's week: download the PDF, or e-mail it. */
export function PaySheetButtons({ paymentId, ownerEmail }: PaySheetButtonsProps) {
  const { t } = useTranslation();
  const failure = useReportFailure();
  const download = useDownloadPaySheet(failure);
  const [sending, setSending] = useState(false);
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="outlined"
        startIcon={download.isPending ? <CircularProgress size={16} /> : <PictureAsPdfOutlined />}
        disabled={download.isPending}
        onClick={() => download.mutate(paymentId)}
      >
        {t('reports.paySheetPdf')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<EmailOutlined />} onClick={() => setSending(true)}>
        {t('reports.sendPaySheet')}
      </Button>
      <SendReportDialog
        open={sending}
        onClose={() => setSending(false)}
        kind="paysheet"
        ids={[paymentId]}
        defaultRecipient={ownerEmail}
      />
    </Stack>
  );
}
