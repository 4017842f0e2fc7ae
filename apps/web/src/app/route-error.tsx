import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { ErrorState } from '@/components/error-state';

/** A page that failed to render: say so and offer a reload instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <ErrorState
      fullPage
      error={error}
      actions={
        <Button variant="outlined" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
