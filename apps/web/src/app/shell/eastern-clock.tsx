import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';

function clockText(): string {
  return `${formatDateTime(Date.now())} ET`;
}

/** The current US Eastern time, e.g. '03:04pm 11/21/2026 ET'. */
export function EasternClock() {
  const { t } = useTranslation();
  const [text, setText] = useState(clockText);
  useEffect(() => {
    // Checked every second, re-rendered only when the minute changes.
    const timer = window.setInterval(() => setText(clockText()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Typography
      variant="body2"
      title={t('shell.easternTime')}
      sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
}
