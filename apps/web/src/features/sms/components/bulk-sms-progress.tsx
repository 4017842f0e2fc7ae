import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SMS_MESSAGES } from '@app/domain/sms/sms.rules';
import type { SmsBulkProgress as Progress } from '@app/domain/sms/sms.schema';
import { useBulkProgress } from '../api/bulk-progress';

/** A bulk sending under way or done: how many sent and failed of how many, and who was not reached. */
export function BulkSmsProgress({ started }: { started: Progress }) {
  const { t } = useTranslation();
  const progress = useBulkProgress(started).data ?? started;
  const tried = progress.sent + progress.failed;
  const percent = progress.requested === 0 ? 100 : Math.round((tried / progress.requested) * 100);
  const done = progress.state === 'done';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-live="polite">
      <Typography variant="subtitle2">{done ? t('sms.bulk.done') : t('sms.bulk.sending')}</Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('sms.bulk.progressLabel')}
        color={progress.failed > 0 ? 'warning' : 'primary'}
      />
      <Typography variant="body2" data-testid="bulk-progress">
        {t('sms.bulk.progress', {
          sent: progress.sent,
          requested: progress.requested,
          failed: progress.failed,
        })}
      </Typography>
      {done && progress.failed === 0 && <Alert severity="success">{t('sms.bulk.allSent')}</Alert>}
      {progress.failures.length > 0 && (
        <Table size="small" aria-label={t('sms.bulk.failures')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('sms.bulk.recipient')}</TableCell>
              <TableCell>{t('sms.bulk.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {progress.failures.map((failure, index) => (
              <TableRow key={`${failure.driver_id ?? ''}-${failure.owner_id ?? ''}-${index}`}>
                <TableCell>{failure.full_name}</TableCell>
                <TableCell>
                  {failure.reason === SMS_MESSAGES.noPhoneNumber ? t('sms.bulk.noPhone') : failure.reason}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
