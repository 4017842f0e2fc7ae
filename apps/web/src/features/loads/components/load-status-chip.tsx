import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { Load } from '@app/domain/loads/loads.schema';
import { currentLang } from '@/i18n/i18n';
import { statusText, statusTone } from './load-display';

/** The load's status display name in the user's language, coloured by where the load is in its life. */
export function LoadStatusChip({ load }: { load: Pick<Load, 'status' | 'points'> }) {
  useTranslation();
  const tone = statusTone(load.status);
  return (
    <Chip
      label={statusText(load, currentLang())}
      color={tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 500, maxWidth: '100%', ...(tone !== 'default' && { opacity: 0.92 }) }}
    />
  );
}

export function BlacklistedChip() {
  const { t } = useTranslation();
  return <Chip label={t('loads.blacklisted')} color="error" sx={{ height: 18, fontSize: '0.6875rem' }} />;
}
