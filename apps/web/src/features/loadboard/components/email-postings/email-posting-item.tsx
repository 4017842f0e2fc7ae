import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EmailPosting } from '@app/domain/loadboard/email-postings.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { useDismissEmailPosting } from '../../api/email-postings';
import { useEmailPostingMessageText } from './email-posting-messages';
import { EmailPostingForm } from './email-posting-form';
import { readLines } from './email-posting-read';

/** One posting e-mail of the review list: what was read, what is missing, the mail, post and dismiss. */
export function EmailPostingItem({ posting }: { posting: EmailPosting }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [completing, setCompleting] = useState(false);
  const [showMail, setShowMail] = useState(false);
  const dismiss = useDismissEmailPosting();
  const messageText = useEmailPostingMessageText();
  const lines = readLines(posting.read, lang);
  const field = (name: string) => t(`emailPostings.fields.${name}`);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={posting.subject || t('emailPostings.noSubject')}
      sx={{ p: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {posting.subject || t('emailPostings.noSubject')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('emailPostings.received', { at: formatDateTime(posting.received_at, lang) })}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {posting.from_name ? `${posting.from_name} <${posting.from_address}>` : posting.from_address}
      </Typography>

      {lines.length > 0 && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            columnGap: 1.5,
            rowGap: 0.25,
            my: 1,
            '& dd': { m: 0 },
          }}
        >
          {lines.map(([name, text]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {field(name)}
              </Typography>
              <Typography component="dd" variant="body2">
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
      )}

      {posting.unread_fields.length > 0 && (
        <Box sx={{ my: 1 }}>
          <Typography variant="caption" color="warning.main" sx={{ fontWeight: 600 }}>
            {t('emailPostings.notRead')}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {posting.unread_fields.map((unread) => (
              <Chip
                key={unread.field}
                size="small"
                color="warning"
                variant="outlined"
                label={unread.text ? `${field(unread.field)}: ${unread.text}` : field(unread.field)}
                sx={{ maxWidth: '100%' }}
              />
            ))}
          </Stack>
        </Box>
      )}

      <Button size="small" onClick={() => setShowMail((shown) => !shown)} sx={{ px: 0.5 }}>
        {showMail ? t('emailPostings.hideMail') : t('emailPostings.showMail')}
      </Button>
      <Collapse in={showMail} unmountOnExit>
        <Box
          component="pre"
          sx={{
            m: 0,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            maxHeight: 240,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            font: 'inherit',
            fontSize: 12,
          }}
        >
          {posting.text}
        </Box>
      </Collapse>

      {dismiss.isError && (
        <ErrorAlert error={dismiss.error} messageText={messageText} onClose={() => dismiss.reset()} />
      )}
      {completing ? (
        <EmailPostingForm posting={posting} onCancel={() => setCompleting(false)} />
      ) : (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
          <Button
            size="small"
            color="inherit"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(posting.id)}
          >
            {t('emailPostings.dismiss')}
          </Button>
          <Button size="small" variant="contained" onClick={() => setCompleting(true)}>
            {t('emailPostings.complete')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
