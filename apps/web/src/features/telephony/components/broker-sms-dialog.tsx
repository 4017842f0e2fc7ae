import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PanelBroker } from '@app/domain/telephony/telephony-panel.rules';
import { LoadingState } from '@/components/loading-state';
import { makeCall, makeDirectCall } from '../api/make-call';
import { CALL_WINDOW_NAME, useTelephony } from './telephony-provider';

/**
 * A broker's SMS goes through the company's external system: the dialogue shows whom it goes to and the
 * load's text to copy, and Send opens the system's SMS window (its chat_url); the panel returns home
 * 500 ms after.
 */
export function BrokerSmsDialog() {
  const { t } = useTranslation();
  const { state, dispatch } = useTelephony();
  const { broker, smsDialogOpen } = state;
  const close = () => dispatch({ type: 'closeSmsDialog' });
  return (
    <Dialog open={smsDialogOpen && broker !== null} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{t('telephony.brokerSms', { name: broker?.full_name ?? '' })}</DialogTitle>
      {smsDialogOpen && broker && <BrokerSmsForm key={state.updateTime} broker={broker} onClose={close} />}
    </Dialog>
  );
}

function BrokerSmsForm({ broker, onClose }: { broker: PanelBroker; onClose: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, messageSent } = useTelephony();
  const [text, setText] = useState(state.copyLoadInfo ?? '');
  const [failed, setFailed] = useState(false);
  const smsUrl = state.contactUrls?.sms;

  useEffect(() => {
    const urls = broker.phone_number
      ? makeDirectCall({ phone_number: broker.phone_number, full_name: broker.full_name })
      : broker.id !== null
        ? makeCall('broker', broker.id)
        : Promise.reject(new Error('no number'));
    let current = true;
    urls.then(
      (answer) =>
        current && dispatch({ type: 'contactUrlsLoaded', call: answer.call_url, sms: answer.chat_url }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [broker, dispatch]);

  const send = () => {
    if (!smsUrl) return;
    void navigator.clipboard?.writeText(text).catch(() => undefined);
    window.open(smsUrl, CALL_WINDOW_NAME, 'popup,width=420,height=680');
    onClose();
    messageSent();
  };

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        {broker.company_name && (
          <Typography variant="body2" color="text.secondary">
            {broker.company_name}
          </Typography>
        )}
        <TextField
          label={t('telephony.message')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          helperText={t('telephony.messageCopied')}
        />
        {failed ? (
          <Alert severity="warning">{t('telephony.noSmsAddress')}</Alert>
        ) : smsUrl === undefined ? (
          <LoadingState />
        ) : smsUrl === null ? (
          <Alert severity="info">{t('telephony.noSmsAddress')}</Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!smsUrl} onClick={send}>
          {t('telephony.send')}
        </Button>
      </DialogActions>
    </>
  );
}
