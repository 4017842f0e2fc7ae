import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { IntakeKeyCreated } from '@app/domain/loadboard/intake.schema';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/messages';
import {
  INTAKE_ENDPOINT_PATH,
  useIntakeKeyStatus,
  useRemoveIntakeKey,
  useRotateIntakeKey,
} from '../api/intake-key';
import { SettingsSection } from './settings-section';

/**
 * The load intake key of the company settings page: outside load boards and scripts post loads to the
 * company's board with it (POST loadboard/intake, header X-Intake-Key). It is stored hashed, so it is shown
 * once, right after it is generated; generating another one stops the one before at once, which is why the
 * page asks first. Turning it off refuses every posting until a new key is generated.
 */
export function IntakeKeySection() {
  const { t } = useTranslation();
  const status = useIntakeKeyStatus();
  const rotate = useRotateIntakeKey();
  const remove = useRemoveIntakeKey();
  const [created, setCreated] = useState<IntakeKeyCreated | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'remove' | null>(null);

  const generate = () =>
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer);
        setConfirming(null);
      },
    });
  const turnOff = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        setConfirming(null);
        toastSuccess('loadIntake.turnedOff');
      },
    });
  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      toastSuccess('loadIntake.copied');
    } catch {
      toastError('loadIntake.copyFailed');
    }
  };

  return (
    <SettingsSection
      title={t('loadIntake.title')}
      description={t('loadIntake.description', { path: INTAKE_ENDPOINT_PATH })}
    >
      {status.isPending ? (
        <LoadingState />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <Typography variant="body2" data-testid="intake-key-status">
            {status.data.has_key && status.data.created_at
              ? t('loadIntake.activeSince', { at: formatDateTime(status.data.created_at) })
              : t('loadIntake.none')}
          </Typography>
          {created && (
            <Alert severity="warning" role="status">
              <Stack spacing={1}>
                <span>{t('loadIntake.shownOnce')}</span>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    size="small"
                    fullWidth
                    label={t('loadIntake.keyLabel')}
                    value={created.key}
                    slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
                    onFocus={(event) => event.target.select()}
                  />
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<ContentCopyIcon fontSize="small" />}
                    onClick={() => void copy(created.key)}
                  >
                    {t('loadIntake.copy')}
                  </Button>
                </Stack>
              </Stack>
            </Alert>
          )}
          {confirming && (
            <Alert
              severity="warning"
              action={
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    color="inherit"
                    onClick={confirming === 'rotate' ? generate : turnOff}
                    disabled={rotate.isPending || remove.isPending}
                  >
                    {confirming === 'rotate' ? t('loadIntake.confirmRotate') : t('loadIntake.confirmRemove')}
                  </Button>
                  <Button size="small" color="inherit" onClick={() => setConfirming(null)}>
                    {t('loadIntake.cancel')}
                  </Button>
                </Stack>
              }
            >
              {confirming === 'rotate' ? t('loadIntake.rotateWarning') : t('loadIntake.removeWarning')}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              size="small"
              disabled={rotate.isPending || confirming !== null}
              onClick={() => (status.data.has_key ? setConfirming('rotate') : generate())}
            >
              {status.data.has_key ? t('loadIntake.rotate') : t('loadIntake.generate')}
            </Button>
            {status.data.has_key && (
              <Button
                variant="text"
                size="small"
                color="error"
                disabled={remove.isPending || confirming !== null}
                onClick={() => setConfirming('remove')}
              >
                {t('loadIntake.remove')}
              </Button>
            )}
          </Stack>
        </>
      )}
    </SettingsSection>
  );
}
