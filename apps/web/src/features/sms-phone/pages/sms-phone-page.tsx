import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { isComposerSendKey } from '@app/domain/chats/chat-list.rules';
import type { SmsMessage } from '@app/domain/sms/sms.schema';
import { LoadingState } from '@/components/loading-state';
import { errorStatus } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useCounterpartReply, useCounterpartThread } from '../api/sms-phone';

/**
 * /sms-phone/{token}: the phone of a driver or owner, played by a person when the company's SMS provider is
 * the local one (the demo, a trial). It shows the texts of the chat as the phone has them — the company's
 * on the left, the phone's own on the right, newest last — and sends a reply, which the dispatcher's open
 * chat shows live. Phone width first; no sign-in: the link is the key.
 */
export function SmsPhonePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const thread = useCounterpartThread(token);

  let body;
  if (thread.isPending) body = <LoadingState />;
  else if (thread.isError)
    body = (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorStatus(thread.error) === 409 ? t('smsPhone.localOnly') : t('smsPhone.invalid')}
      </Alert>
    );
  else
    body = (
      <>
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="h1" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {thread.data.company_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('smsPhone.playing', { name: thread.data.full_name, phone: thread.data.phone_number })}
          </Typography>
        </Box>
        <MessageList messages={thread.data.messages.results} />
        <ReplyForm token={token} />
      </>
    );

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', bgcolor: 'background.default' }}
    >
      <Paper
        variant="outlined"
        component="main"
        aria-label={t('smsPhone.label')}
        sx={{ width: '100%', maxWidth: 480, minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
      >
        {body}
      </Paper>
    </Box>
  );
}

function MessageList({ messages }: { messages: SmsMessage[] }) {
  const { t } = useTranslation();
  if (messages.length === 0)
    return (
      <Typography color="text.secondary" sx={{ flex: 1, p: 2 }}>
        {t('smsPhone.empty')}
      </Typography>
    );
  return (
    <Box
      component="ol"
      aria-label={t('smsPhone.messages')}
      sx={{
        flex: 1,
        overflowY: 'auto',
        listStyle: 'none',
        m: 0,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {messages.map((message) => {
        // On the phone, what the company sent is incoming; the phone's own replies are outgoing.
        const mine = message.direction === 'in';
        return (
          <Box
            component="li"
            key={message.id}
            data-mine={mine}
            sx={{
              alignSelf: mine ? 'flex-end' : 'flex-start',
              maxWidth: '80%',
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: mine ? 'primary.main' : 'action.hover',
              color: mine ? 'primary.contrastText' : 'text.primary',
            }}
          >
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Typography>
            <Typography variant="caption" sx={{ opacity: 0.75 }}>
              {formatDateTime(message.created_date)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function ReplyForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reply = useCounterpartReply(token);
  const [text, setText] = useState('');

  const send = () => {
    const content = text.trim();
    if (content === '' || reply.isPending) return;
    reply.mutate(content, { onSuccess: () => setText('') });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (isComposerSendKey(event)) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      aria-label={t('smsPhone.reply')}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('smsPhone.placeholder')}
        multiline
        maxRows={4}
        fullWidth
        error={reply.isError}
        helperText={reply.isError ? t('smsPhone.failed') : undefined}
        slotProps={{ htmlInput: { 'aria-label': t('smsPhone.text') } }}
      />
      <IconButton
        type="submit"
        color={reply.isError ? 'error' : 'primary'}
        aria-label={t('smsPhone.send')}
        disabled={text.trim() === ''}
        loading={reply.isPending}
      >
        <SendOutlined />
      </IconButton>
    </Box>
  );
}
