import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Over the app's own map while no base map is drawn yet: loading, or why it failed with a retry. */
export function MapLoadingOverlay({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        // The markers under a loading base map are already there to click.
        pointerEvents: failed ? 'auto' : 'none',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: 'text.secondary',
      }}
    >
      {failed ? (
        <>
          <Typography variant="body2" role="alert">
            {t('map.loadFailed')}
          </Typography>
          <Button size="small" variant="outlined" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </>
      ) : (
        <Box role="progressbar" aria-label={t('map.loading')} sx={{ display: 'flex', gap: 1 }}>
          <CircularProgress size={16} thickness={5} />
          <Typography variant="body2">{t('map.loading')}</Typography>
        </Box>
      )}
    </Box>
  );
}
