import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function LoadingState({ label, fullPage = false }: { label?: string; fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={label ?? t('common.loading')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        py: 6,
        minHeight: fullPage ? '100vh' : undefined,
        color: 'text.secondary',
      }}
    >
      <CircularProgress size={18} thickness={5} />
      <Typography variant="body2">{label ?? t('common.loading')}</Typography>
    </Box>
  );
}
