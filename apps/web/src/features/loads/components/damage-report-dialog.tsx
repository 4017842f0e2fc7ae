import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  DAMAGE_DESCRIPTION_MAX_LENGTH,
  DAMAGE_REPORT_MESSAGES,
  damageReportCreateSchema,
} from '@app/domain/loads/damage-report.schema';
import type { DamageReport, DamageReportCreateInput } from '@app/domain/loads/damage-report.schema';
import { http } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { LOADS_API } from '../api/load-query-keys';
import { ActionError } from './action-error';
import { useLoadMessageText } from './load-messages';

/**
 * POST loads/{id}/damage-report {description}. The same Idempotency-Key for every attempt of one dialog,
 * so that a retry after a lost answer never reports (and notifies) twice. Silent: the dialog shows a
 * refusal itself.
 */
export function reportLoadDamage(
  loadId: number,
  body: DamageReportCreateInput,
  idempotencyKey: string,
): Promise<DamageReport> {
  return http.post<DamageReport>(`${LOADS_API}/${loadId}/damage-report`, body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

const MESSAGE_KEYS: Record<string, string> = {
  [DAMAGE_REPORT_MESSAGES.required]: 'loads.damage.messages.required',
  [DAMAGE_REPORT_MESSAGES.tooLong]: 'loads.damage.messages.tooLong',
};

type DamageReportDialogProps = {
  loadId: number;
  /** The load's number as the page shows it. */
  loadNumber: string;
  onClose: () => void;
};

/**
 * Report damage on a load: a description (required, at most 2,000 characters), checked as it is typed
 * once Report has been pressed. The load's dispatcher, its team leads and the managers are notified; on
 * success the dialog closes with a toast, on a refusal it stays open with the text kept.
 */
export function DamageReportDialog({ loadId, loadNumber, onClose }: DamageReportDialogProps) {
  const { t } = useTranslation();
  const loadMessage = useLoadMessageText();
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const message = (text: string) => {
    const key = MESSAGE_KEYS[text];
    return key ? t(key, { max: DAMAGE_DESCRIPTION_MAX_LENGTH }) : loadMessage(text);
  };
  const checked = damageReportCreateSchema.safeParse({ description });
  const ownError = checked.success ? undefined : checked.error.issues[0]?.message;
  const serverError = isApiError(error) ? error.fields.description?.[0] : undefined;
  const fieldError =
    submitted && ownError ? message(ownError) : serverError ? message(serverError) : undefined;
  const length = description.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.success || pending) return;
    setPending(true);
    setError(null);
    try {
      await reportLoadDamage(loadId, checked.data, idempotencyKey);
      toastSuccess('loads.damage.reported');
      onClose();
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      onClose={pending ? undefined : onClose}
      aria-labelledby="damage-report-title"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="damage-report-title">{t('loads.damage.title', { number: loadNumber })}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <DialogContentText variant="body2">{t('loads.damage.hint')}</DialogContentText>
            <TextField
              label={t('loads.damage.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              required
              autoFocus
              multiline
              minRows={4}
              maxRows={12}
              error={Boolean(fieldError)}
              helperText={
                fieldError ?? t('loads.damage.count', { count: length, max: DAMAGE_DESCRIPTION_MAX_LENGTH })
              }
            />
            {/* A refusal that is not about the description (the load was deleted, the role changed). */}
            {!serverError && <ActionError error={error} />}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('loads.actions.back')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={pending}>
            {t('loads.damage.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
