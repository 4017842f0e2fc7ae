import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { EmptyState } from '@/components/empty-state';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t('notFound.title')}
        description={t('notFound.text')}
        action={
          <Button component={RouterLink} to="/" variant="outlined">
            {t('shell.goToStart')}
          </Button>
        }
      />
    </Paper>
  );
}
