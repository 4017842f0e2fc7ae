import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMcNumber } from '@app/domain/brokers/brokers.rules';
import { blacklistUpdateSchema } from '@app/domain/brokers/brokers.schema';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toastSuccess } from '@/lib/messages';
import { useUpdateBlacklist } from '../api/update-broker-company';
import { BrokerDialog } from './broker-dialog';
import { BrokerError } from './broker-error';
import { useBrokerMessageText } from './broker-messages';
import { BrokerPicker } from './broker-picker';

const REASON_MAX = 500;

type BlacklistFormProps = {
  /** The broker; null lets the user pick one off the blacklist first. */
  broker: BrokerCompany | null;
  onSaved?: (broker: BrokerCompany) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/**
 * Puts a broker on the blacklist with the reason (the reason is required: the next dispatcher must know why
 * its loads are marked), or takes it off, which clears the reason.
 */
export function BlacklistForm({ broker: given, onSaved, onCancel, autoFocus }: BlacklistFormProps) {
  const { t } = useTranslation();
  const messageText = useBrokerMessageText();
  const update = useUpdateBlacklist();
  const [picked, setPicked] = useState<BrokerCompany | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const broker = given ?? picked;
  const removing = broker?.in_blacklist === true;

  const submit = async () => {
    if (!broker) return;
    const body = { in_blacklist: !removing, blacklist_reason: removing ? null : reason };
    const parsed = blacklistUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setReasonError(messageText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: broker.id, body });
      toastSuccess();
      setReason('');
      setPicked(null);
      onSaved?.(saved);
    } catch (error) {
      const serverReason = isApiError(error) ? error.fields.blacklist_reason?.[0] : undefined;
      if (serverReason) setReasonError(messageText(serverReason));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t(removing ? 'brokers.blacklist.removeLabel' : 'brokers.blacklist.addLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {!given && (
        <BrokerPicker
          label={t('brokers.blacklist.broker')}
          value={picked}
          onChange={setPicked}
          inBlacklist={false}
          autoFocus={autoFocus}
        />
      )}
      {removing && broker ? (
        <Alert severity="error" icon={false}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {broker.blacklisted_at
              ? t('brokers.blacklist.since', { when: formatDateTime(broker.blacklisted_at) })
              : t('brokers.blacklist.chip')}
          </Typography>
          {broker.blacklist_reason && <Typography variant="body2">{broker.blacklist_reason}</Typography>}
        </Alert>
      ) : (
        <TextField
          label={t('brokers.blacklist.reason')}
          value={reason}
          required
          autoFocus={autoFocus && Boolean(given)}
          disabled={!broker}
          onChange={(event) => {
            setReason(event.target.value.slice(0, REASON_MAX));
            setReasonError(null);
          }}
          multiline
          minRows={2}
          maxRows={5}
          error={Boolean(reasonError)}
          helperText={reasonError ?? t('brokers.blacklist.reasonHint')}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
      )}
      <BrokerError
        error={isApiError(update.error) && update.error.fields.blacklist_reason ? null : update.error}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={update.isPending}>
            {t('brokers.actions.cancel')}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          color={removing ? 'primary' : 'error'}
          disabled={!broker}
          loading={update.isPending}
        >
          {t(removing ? 'brokers.blacklist.remove' : 'brokers.blacklist.add')}
        </Button>
      </Box>
    </Box>
  );
}

/** The blacklist of one broker, or (without a broker) adding any broker to it. */
export function BlacklistDialog({ broker, onClose }: { broker: BrokerCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  const title = !broker
    ? t('brokers.blacklist.addTitleAny')
    : broker.in_blacklist
      ? t('brokers.blacklist.removeTitle', { name: broker.name })
      : t('brokers.blacklist.addTitle', { name: broker.name });
  return (
    <BrokerDialog title={title} subtitle={formatMcNumber(broker?.mc_number) || undefined} onClose={onClose}>
      <BlacklistForm broker={broker} onSaved={onClose} onCancel={onClose} autoFocus />
    </BrokerDialog>
  );
}
