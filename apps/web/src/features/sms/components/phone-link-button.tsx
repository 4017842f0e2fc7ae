import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import { refusalText } from '@/components/error-messages/error-messages';
import { fetchCounterpartLink } from '../api/counterpart-link';

// 'Phone link': opens, in a new window, the page where a person plays the driver's or owner's phone of this
// chat with the local SMS provider (the demo works end to end without a real provider). The window opens
// at once, while the click still counts for the browser, and goes to the page when its address is known.

export function PhoneLinkButton({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    const popup = window.open('', '_blank');
    setBusy(true);
    try {
      const { url } = await fetchCounterpartLink(chatId);
      if (popup) popup.location.href = url;
      else window.open(url, '_blank');
    } catch (failure) {
      popup?.close();
      setError(refusalText(failure) ?? t('sms.phoneLinkFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tooltip describeChild title={t('sms.phoneLinkHint')}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PhoneIphoneOutlined sx={{ fontSize: 16 }} />}
          loading={busy}
          onClick={() => void open()}
        >
          {t('sms.phoneLink')}
        </Button>
      </Tooltip>
      <Snackbar open={error !== null} autoHideDuration={6000} onClose={() => setError(null)}>
        <Alert severity="warning" onClose={() => setError(null)} sx={{ maxWidth: 420 }}>
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
