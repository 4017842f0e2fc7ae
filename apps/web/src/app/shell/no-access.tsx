import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { EmptyState } from '@/components/empty-state';

/** Shown instead of a page that the user's role does not include. */
export function NoAccess({ homePath }: { homePath: string | null }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      <EmptyState
        icon={<LockOutlined />}
        title={t('shell.noAccessTitle')}
        description={t('shell.noAccessText')}
        action={
          homePath ? (
            <Button component={RouterLink} to={homePath} variant="outlined">
              {t('shell.goToStart')}
            </Button>
          ) : undefined
        }
      />
    </Paper>
  );
}
