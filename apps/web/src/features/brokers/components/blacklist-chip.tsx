import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import BlockOutlined from '@mui/icons-material/BlockOutlined';

/** Marks a blacklisted broker; the reason shows on hover. */
export function BlacklistChip({ reason }: { reason?: string | null }) {
  const { t } = useTranslation();
  return (
    <Chip
      icon={<BlockOutlined />}
      label={t('brokers.blacklist.chip')}
      color="error"
      title={reason ?? undefined}
      sx={{ height: 20, fontSize: '0.6875rem', '& .MuiChip-icon': { fontSize: 14 } }}
    />
  );
}
