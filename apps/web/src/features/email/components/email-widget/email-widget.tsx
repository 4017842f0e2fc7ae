import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import TextFormatOutlined from '@mui/icons-material/TextFormatOutlined';
import { truncateReplyPreview, truncateTopic } from '@app/domain/email/email.rules';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { useMessageText } from '@/components/error-messages/error-messages';
import type { EmailComposeRequest } from '@/lib/email-compose';
import { toastSuccess } from '@/lib/messages';
import { EMAIL_MESSAGE_KEYS } from '../email-messages';
import { AttachmentsList } from './attachments-list';
import { RecipientsInput } from './recipients-input';
import { RichTextEditor } from './rich-text-editor';
import { useEmailDraft } from './use-email-draft';

type EmailWidgetProps = { request: EmailComposeRequest; onClose: () => void };

/**
 * The compose widget of the global dialogs: a header with the topic, collapse and close; the recipients as
 * chips; the subject of a new thread; the message replied to; the rich-text editor; the attachments; a
 * footer with delete, attach, the text-format toggle, the size hint and Send (which needs a recipient).
 * On the dashboard (/) it sits at the left in the brand colour, elsewhere at the right in grey; on a phone
 * it takes the width of the screen.
 */
export function EmailWidget({ request, onClose }: EmailWidgetProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const onHome = useLocation().pathname === '/';
  const [collapsed, setCollapsed] = useState(false);
  const [showToolbar, setShowToolbar] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const messageText = useMessageText(EMAIL_MESSAGE_KEYS);
  const draft = useEmailDraft(request, () => {
    toastSuccess('email.compose.sent');
    onClose();
  });
  const topic = draft.subject.trim() || t('email.compose.newMessage');
  const canSend = draft.recipients.length > 0 && !draft.sending;

  return (
    <Paper
      role="dialog"
      aria-label={t('email.compose.label')}
      data-variant={onHome ? 'home' : 'page'}
      elevation={8}
      sx={{
        position: 'fixed',
        zIndex: theme.zIndex.modal - 1,
        bottom: 0,
        ...(isPhone ? { left: 0, right: 0 } : onHome ? { left: 88, width: 560 } : { right: 24, width: 520 }),
        maxHeight: isPhone ? '85vh' : 'min(640px, calc(100vh - 72px))',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: onHome ? '12px 12px 0 0' : '8px 8px 0 0',
        border: onHome ? 2 : 1,
        borderColor: onHome ? 'primary.main' : 'divider',
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 1.5,
          pr: 0.5,
          minHeight: 40,
          bgcolor: onHome ? 'primary.main' : 'grey.800',
          color: onHome ? 'primary.contrastText' : 'common.white',
          cursor: 'pointer',
        }}
        onClick={() => setCollapsed((value) => !value)}
      >
        <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1 }} title={topic}>
          {truncateTopic(topic)}
        </Typography>
        <Tooltip title={t(collapsed ? 'email.compose.expand' : 'email.compose.collapse')}>
          <IconButton
            size="small"
            color="inherit"
            aria-label={t(collapsed ? 'email.compose.expand' : 'email.compose.collapse')}
            aria-expanded={!collapsed}
            onClick={(event) => {
              event.stopPropagation();
              setCollapsed((value) => !value);
            }}
          >
            {collapsed ? <ExpandLessOutlined fontSize="small" /> : <ExpandMoreOutlined fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('email.compose.close')}>
          <IconButton
            size="small"
            color="inherit"
            aria-label={t('email.compose.close')}
            onClick={(event) => {
              event.stopPropagation();
              onClose();
            }}
          >
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>

      <Box sx={{ display: collapsed ? 'none' : 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
        <RecipientsInput value={draft.recipients} onChange={draft.setRecipients} disabled={draft.sending} />
        {request.chatId === null && (
          <InputBase
            value={draft.subject}
            onChange={(event) => draft.setSubject(event.target.value)}
            disabled={draft.sending}
            placeholder={t('email.compose.subject')}
            inputProps={{ 'aria-label': t('email.compose.subject'), maxLength: 500 }}
            sx={{ px: 1.5, py: 0.5, fontSize: '0.875rem', borderBottom: 1, borderColor: 'divider' }}
          />
        )}
        {request.replyPreview && (
          <Typography
            variant="caption"
            color="text.secondary"
            title={request.replyPreview}
            sx={{ px: 1.5, pt: 0.75, display: 'block', fontStyle: 'italic' }}
          >
            {t('email.compose.replyTo', { text: truncateReplyPreview(request.replyPreview, 'widget') })}
          </Typography>
        )}
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', overflowY: 'auto' }}>
          <RichTextEditor
            key={draft.editorKey}
            initialHtml={draft.html}
            onChange={draft.setHtml}
            showToolbar={showToolbar}
            label={t('email.compose.message')}
            minHeight={isPhone ? 96 : 160}
          />
        </Box>
        <AttachmentsList
          files={draft.files}
          refused={draft.refused}
          onRemove={draft.removeFile}
          disabled={draft.sending}
        />
        {draft.error !== null && (
          <Box sx={{ px: 1.5, pb: 0.5 }}>
            <ErrorAlert error={draft.error} messageText={messageText} onClose={draft.clearError} />
          </Box>
        )}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1,
            py: 0.75,
            borderTop: 1,
            borderColor: 'divider',
            bgcolor: onHome ? 'action.hover' : 'background.paper',
          }}
        >
          <Tooltip title={t('email.compose.delete')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('email.compose.delete')}
                disabled={draft.sending}
                onClick={draft.clear}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('email.compose.attach')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('email.compose.attach')}
                disabled={draft.sending}
                onClick={() => fileInput.current?.click()}
              >
                <AttachFileOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="email-attach-input"
            onChange={(event) => {
              draft.attach([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <Tooltip title={t('email.compose.textFormat')}>
            <IconButton
              size="small"
              aria-label={t('email.compose.textFormat')}
              aria-pressed={showToolbar}
              color={showToolbar ? 'primary' : 'default'}
              onClick={() => setShowToolbar((value) => !value)}
            >
              <TextFormatOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1, ml: 0.5 }}>
            {t('email.compose.maxSize')}
          </Typography>
          <Tooltip title={draft.recipients.length === 0 ? t('email.messages.recipientRequired') : ''}>
            <span>
              <Button
                variant="contained"
                size="small"
                disabled={!canSend}
                onClick={() => void draft.submit()}
                endIcon={draft.sending ? <CircularProgress size={14} color="inherit" /> : <SendOutlined />}
              >
                {t('email.compose.send')}
              </Button>
            </span>
          </Tooltip>
        </Box>
      </Box>
    </Paper>
  );
}
