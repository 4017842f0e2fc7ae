import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import type { ReportSend, ReportSendKind, ReportSendResponse } from '@app/domain/accounting/reports.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { appEvents } from '@/lib/events';
import { toastSuccess } from '@/lib/messages';
import { useSendReports } from '../api/send-reports';
import { useReportMessageText } from './report-messages';

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses typed, separated by commas, semicolons or spaces; null when one is not an address. */
export function parseRecipients(text: string): string[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return parts.every((part) => ADDRESS.test(part)) ? parts : null;
}

export type SendReportDialogProps = {
  open: boolean;
  onClose: () => void;
  kind: ReportSendKind;
  /** Payment ids (pay sheets) or load ids (invoices); several for a bulk send. */
  ids: number[];
  /** The address used when none is typed (the owner's or the broker's), shown as a hint. */
  defaultRecipient?: string | null;
};

/**
 * E-mails pay sheets or invoices through the company's mail server: to the addresses typed, or else to
 * each owner's or broker's own. Shows what became of each; closes by itself when all went out.
 */
export function SendReportDialog({ open, onClose, kind, ids, defaultRecipient }: SendReportDialogProps) {
  const { t } = useTranslation();
  const send = useSendReports();
  const messageText = useReportMessageText();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [answer, setAnswer] = useState<ReportSendResponse | null>(null);
  const recipients = parseRecipients(text);
  const invalid = tried && recipients === null;

  const close = () => {
    setText('');
    setTried(false);
    setAnswer(null);
    send.reset();
    onClose();
  };

  const submit = () => {
    setTried(true);
    if (recipients === null) return;
    send.mutate(
      { kind, ids, to: recipients },
      {
        onSuccess: (result) => {
          if (result.failed === 0) {
            if (result.closed_weeks.length > 0) {
              const weeks = result.closed_weeks.map(({ week, year }) => `${week}/${year}`).join(', ');
              appEvents.emit('toast', {
                severity: 'success',
                messageKey: 'reports.send.sentAndClosed',
                values: { weeks },
              });
            } else
              toastSuccess(kind === 'paysheet' ? 'reports.send.sentPaySheets' : 'reports.send.sentInvoices');
            close();
          } else setAnswer(result);
        },
      },
    );
  };

  const hint =
    defaultRecipient && kind === 'paysheet'
      ? t('reports.send.defaultOwner', { address: defaultRecipient })
      : defaultRecipient
        ? t('reports.send.defaultBroker', { address: defaultRecipient })
        : t(kind === 'paysheet' ? 'reports.send.defaultOwnerUnknown' : 'reports.send.defaultBrokerUnknown');

  const resultLine = (result: ReportSend) =>
    result.state === 'sent'
      ? t('reports.send.sentTo', { to: result.to_email })
      : t(`reports.reasons.${result.reason ?? 'smtp_failed'}`, {
          to: result.to_email,
          error: result.error ?? '',
        });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="send-report-title">
      <DialogTitle id="send-report-title">
        {ids.length === 1
          ? t(kind === 'paysheet' ? 'reports.send.titlePaySheet' : 'reports.send.titleInvoice')
          : t(kind === 'paysheet' ? 'reports.send.titlePaySheets' : 'reports.send.titleInvoices', {
              count: ids.length,
            })}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('reports.send.to')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={invalid}
          helperText={invalid ? t('reports.send.toInvalid') : hint}
          disabled={send.isPending}
        />
        <ErrorAlert error={send.error} messageText={messageText} onClose={() => send.reset()} />
        {answer && (
          <Alert severity={answer.sent ? 'warning' : 'error'} sx={{ mt: 1 }}>
            {t('reports.send.summary', { sent: answer.sent, failed: answer.failed })}
            {answer.closed_weeks.length > 0 &&
              ` ${t('reports.send.weeksClosed', {
                weeks: answer.closed_weeks.map(({ week, year }) => `${week}/${year}`).join(', '),
              })}`}
            <List dense disablePadding>
              {answer.results.map((result) => (
                <ListItem key={result.id} disableGutters>
                  {resultLine(result)}
                </ListItem>
              ))}
            </List>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t(answer ? 'reports.send.close' : 'reports.send.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={send.isPending || ids.length === 0}>
          {send.isPending ? t('reports.send.sending') : t('reports.send.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
