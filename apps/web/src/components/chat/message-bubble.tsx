import { memo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { filePreviewKind } from '@app/domain/chats/chat-list.rules';
import { formatDateTime } from '@/lib/format';
import { ChatAvatar } from './chat-avatar';
import { downloadChatFile, useChatPicture } from './chat-file';
import { DocumentIcon } from './composer-attachments';

type ChatFile = { name: string; path: string };

/** A message as the chat view shows it, whatever its chat (group, notes, SMS). */
export type ChatMessageView = {
  id: number | string;
  content: string;
  files: readonly { name: string; path: string }[];
  created_date: string;
  author: { name: string; avatar: string | null };
  /** Written on this side (the signed-in user; in SMS the company): on the right. */
  own: boolean;
  /** Names the author of a message on the right too (a colleague's SMS). */
  showName?: boolean;
  /** A line under the text (an SMS's delivery), red when `noteIsError`. */
  note?: string | null;
  noteIsError?: boolean;
};

function MessagePicture({ file }: { file: ChatFile }) {
  const picture = useChatPicture(file.path);
  return (
    <ButtonBase
      onClick={() => void downloadChatFile(file).catch(() => undefined)}
      title={file.name}
      sx={{ borderRadius: 1, overflow: 'hidden', alignSelf: 'flex-start' }}
    >
      {picture.data ? (
        <Box
          component="img"
          src={picture.data}
          alt={file.name}
          sx={{ display: 'block', maxWidth: 220, maxHeight: 160, objectFit: 'cover' }}
        />
      ) : (
        <Box sx={{ width: 120, height: 80, bgcolor: 'action.hover' }} aria-label={file.name} role="img" />
      )}
    </ButtonBase>
  );
}

function MessageFiles({ files }: { files: ChatMessageView['files'] }) {
  if (files.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5 }}>
      {files.map((file) =>
        filePreviewKind(file.name) === 'image' ? (
          <MessagePicture key={file.path} file={file} />
        ) : (
          <Link
            key={file.path}
            component="button"
            type="button"
            underline="hover"
            onClick={() => void downloadChatFile(file).catch(() => undefined)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              fontSize: '0.8125rem',
              minWidth: 0,
              textAlign: 'left',
            }}
          >
            <DocumentIcon name={file.name} />
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {file.name}
            </Box>
          </Link>
        ),
      )}
    </Box>
  );
}

/** One message: the author's avatar and name (others' messages), the text, the files, the Eastern time. */
export const MessageBubble = memo(function MessageBubble({ message }: { message: ChatMessageView }) {
  const { own } = message;
  return (
    <Box
      component="li"
      data-message-id={message.id}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-end',
        flexDirection: own ? 'row-reverse' : 'row',
        px: 1.5,
        py: 0.5,
      }}
    >
      {!own && <ChatAvatar src={message.author.avatar} name={message.author.name} size={28} />}
      <Box
        sx={{
          maxWidth: 'min(75%, 560px)',
          minWidth: 0,
          px: 1.25,
          py: 0.75,
          borderRadius: 2,
          borderBottomRightRadius: own ? 4 : undefined,
          borderBottomLeftRadius: own ? undefined : 4,
          bgcolor: own ? 'primary.main' : 'background.paper',
          color: own ? 'primary.contrastText' : 'text.primary',
          border: own ? 0 : 1,
          borderColor: 'divider',
          '& a': own ? { color: 'inherit' } : undefined,
        }}
      >
        {(!own || message.showName) && (
          <Typography
            variant="caption"
            component="div"
            sx={{ fontWeight: 600, color: own ? 'inherit' : 'primary.main', opacity: own ? 0.85 : 1 }}
          >
            {message.author.name}
          </Typography>
        )}
        {message.content && (
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '0.8125rem' }}
          >
            {message.content}
          </Typography>
        )}
        <MessageFiles files={message.files} />
        <Typography
          variant="caption"
          component="div"
          sx={{ mt: 0.25, textAlign: 'right', fontSize: '0.6875rem', opacity: 0.75 }}
        >
          {formatDateTime(message.created_date)}
          {message.note && (
            <Box
              component="span"
              sx={{ ml: 0.75, fontWeight: message.noteIsError ? 600 : undefined }}
              color={message.noteIsError ? (own ? '#ffd6d6' : 'error.main') : undefined}
            >
              {message.note}
            </Box>
          )}
        </Typography>
      </Box>
    </Box>
  );
});
