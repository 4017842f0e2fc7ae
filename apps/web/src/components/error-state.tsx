import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { isApiError } from '@/lib/api-error';

type ErrorStateProps = {
  error: unknown;
  onRetry?: () => void;
  actions?: ReactNode;
  fullPage?: boolean;
};

/** A failed load: what happened in plain words and a way to try again. */
export function ErrorState({ error, onRetry, actions, fullPage = false }: ErrorStateProps) {
  const { t } = useTranslation();
  const detail = !isApiError(error)
    ? t('errors.unexpected')
    : error.status
      ? t('errors.httpCode', { status: error.status })
      : t('errors.unknownCode');
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        py: 6,
        px: 2,
        minHeight: fullPage ? '100vh' : undefined,
      }}
    >
      <ErrorOutlineOutlined color="error" />
      <Typography variant="subtitle2">{t('common.loadFailed')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        {onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
        {actions}
      </Box>
    </Box>
  );
}
