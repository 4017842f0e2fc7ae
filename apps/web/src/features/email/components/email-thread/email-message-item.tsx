import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import type { EmailMessage } from '@app/domain/email/email.schema';
import { htmlToPlain, truncateFileName, truncateReplyPreview } from '@app/domain/email/email.rules';
import { formatDateTime } from '@/lib/format';
import { downloadEmailAttachment } from '../../api/email-attachment';
import { fileSizeText } from '../email-widget/attachments-list';
import { sanitizeEmailHtml } from './sanitize-email-html';

/** A message's text in one line: the plain part, else the HTML's text. */
export function messagePlainText(message: Pick<EmailMessage, 'plain' | 'html'>): string {
  return message.plain.trim() || htmlToPlain(message.html);
}

/**
 * Who wrote it: the colleague's name for an outgoing message (the address it left from, often the company's
 * inbound one, is in the tooltip), the broker's address otherwise.
 */
function senderText(message: EmailMessage): string {
  const name = message.user ? `${message.user.first_name} ${message.user.last_name}`.trim() : '';
  if (message.direction === 'out' && name) return name;
  return message.broker_from ?? message.from;
}

/** A file of the message: a click downloads it; a failed download says so on the chip. */
function AttachmentChip({ file }: { file: EmailMessage['attachments'][number] }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={failed ? 'error' : 'default'}
      icon={<AttachFileOutlined />}
      title={failed ? t('email.thread.downloadFailed') : file.name}
      aria-label={t('email.thread.download', { name: file.name })}
      label={`${truncateFileName(file.name)} · ${fileSizeText(file.size)}`}
      onClick={() => {
        setFailed(false);
        downloadEmailAttachment(file).catch(() => setFailed(true));
      }}
    />
  );
}

type EmailMessageItemProps = {
  message: EmailMessage;
  expanded: boolean;
  onToggle: () => void;
  onReply: () => void;
};

/**
 * One message of a thread: who wrote it, to whom, when (Eastern time), and its text. A folded message shows
 * a 70-character preview; an open one its HTML, sanitised, or its plain text as written.
 */
export function EmailMessageItem({ message, expanded, onToggle, onReply }: EmailMessageItemProps) {
  const { t } = useTranslation();
  const plain = messagePlainText(message);
  const safeHtml = useMemo(
    () => (expanded && message.html.trim() ? sanitizeEmailHtml(message.html) : null),
    [expanded, message.html],
  );
  const incoming = message.direction === 'in';

  return (
    <Box
      component="article"
      aria-label={t('email.thread.messageFrom', { from: senderText(message) })}
      data-direction={message.direction}
      sx={{
        border: 1,
        borderColor: incoming && !message.is_read ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: incoming ? 'background.paper' : 'action.hover',
      }}
    >
      <Box
        component="header"
        onClick={onToggle}
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'baseline',
          px: 1.25,
          pt: 1,
          cursor: 'pointer',
          flexWrap: 'wrap',
        }}
      >
        <Typography
          variant="subtitle2"
          title={message.from}
          sx={{ overflowWrap: 'anywhere', flex: 1, minWidth: 160 }}
        >
          {senderText(message)}
        </Typography>
        {message.delivery === 'failed' && (
          <Chip size="small" color="error" label={t('email.thread.failed')} />
        )}
        {message.delivery === 'kept' && (
          <Chip
            size="small"
            variant="outlined"
            label={t('email.thread.kept')}
            title={t('email.thread.keptHint')}
          />
        )}
        <Typography variant="caption" color="text.secondary" component="time" dateTime={message.sent_at}>
          {formatDateTime(message.sent_at)}
        </Typography>
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ px: 1.25, display: 'block', overflowWrap: 'anywhere' }}
      >
        {t('email.thread.to', { to: message.to_emails.join(', ') })}
        {message.cc.length > 0 && ` · ${t('email.thread.cc', { cc: message.cc.join(', ') })}`}
      </Typography>
      {expanded ? (
        <Box sx={{ px: 1.25, py: 1 }}>
          {safeHtml !== null ? (
            <Box
              className="email-html"
              sx={{
                fontSize: '0.8125rem',
                lineHeight: 1.5,
                overflowWrap: 'anywhere',
                overflowX: 'auto',
                '& img': { maxWidth: '100%', height: 'auto' },
                '& table': { maxWidth: '100%' },
                '& p': { my: 0.5 },
                '& blockquote': {
                  borderLeft: 3,
                  borderColor: 'divider',
                  ml: 0,
                  pl: 1,
                  color: 'text.secondary',
                },
              }}
              // Sanitised by DOMPurify and checked again: no scripts, handlers, styles, forms or frames.
              dangerouslySetInnerHTML={{ __html: safeHtml }}
            />
          ) : (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {plain}
            </Typography>
          )}
          {message.attachments.length > 0 && (
            <Box
              component="ul"
              aria-label={t('email.compose.attachments')}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, mt: 1, p: 0, listStyle: 'none' }}
            >
              {message.attachments.map((file) => (
                <li key={file.id}>
                  <AttachmentChip file={file} />
                </li>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
            <Button size="small" startIcon={<ReplyOutlined />} onClick={onReply}>
              {t('email.thread.reply')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Typography
          variant="body2"
          color="text.secondary"
          onClick={onToggle}
          sx={{ px: 1.25, pb: 1, pt: 0.25, cursor: 'pointer' }}
        >
          {truncateReplyPreview(plain.replace(/\s+/g, ' '), 'other')}
        </Typography>
      )}
    </Box>
  );
}
