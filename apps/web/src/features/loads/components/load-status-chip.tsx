import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { BLACKLISTED_BROKER_LABEL } from '@app/domain/brokers/brokers.rules';
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

/** The mark of a load whose broker is on the blacklist, in the domain's words, on every list and page. */
export function BlacklistedChip() {
  useTranslation();
  return (
    <Chip
      icon={<BlockOutlined />}
      label={BLACKLISTED_BROKER_LABEL[currentLang()]}
      color="error"
      sx={{ height: 18, fontSize: '0.6875rem', '& .MuiChip-icon': { fontSize: 12, ml: 0.5 } }}
    />
  );
}
