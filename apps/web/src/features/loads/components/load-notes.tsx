import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { EmptyState } from '@/components/empty-state';
import { Section } from './section';

/** The load's note and its notes thread; ?dir=notes opens the page here. */
export function LoadNotes({ note, highlighted }: { note: string | null; highlighted: boolean }) {
  const { t } = useTranslation();
  return (
    <Section id="notes" title={t('loads.notes.title')} highlighted={highlighted}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('loads.notes.loadNote')}
        </Typography>
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note || '—'}
        </Typography>
        <Box sx={{ borderTop: 1, borderColor: 'divider', mt: 1 }}>
          <EmptyState
            compact
            icon={<ForumOutlined />}
            title={t('loads.notes.empty')}
            description={t('loads.notes.emptyHint')}
          />
        </Box>
      </Box>
    </Section>
  );
}
