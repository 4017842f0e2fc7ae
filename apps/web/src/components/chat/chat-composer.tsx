import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import { COMPOSER_MAX_HEIGHT_PX, isComposerSendKey } from '@app/domain/chats/chat-list.rules';
import { ComposerAttachments } from './composer-attachments';

// The composer of every chat (group, notes, SMS): Enter sends; Ctrl, Shift, Alt or Meta plus Enter makes a
// new line. It grows with the text up to 100 px, then scrolls. Files are attached with a preview. A send
// that fails keeps the text and the files and turns the send icon red until the next try.

export type ComposerMessage = { content: string; files: File[] };

type ChatComposerProps = {
  /** Sends the message; a rejection marks the send failed (the caller says nothing more). */
  onSend: (message: ComposerMessage) => Promise<unknown>;
  placeholder: string;
  /** The text box's accessible name. */
  label: string;
  disabled?: boolean;
  /** The file types offered by the picker (an accept attribute); every file when left out. */
  accept?: string;
  /** At most this many files a message. */
  maxFiles?: number;
};

export function ChatComposer({
  onSend,
  placeholder,
  label,
  disabled = false,
  accept,
  maxFiles = 10,
}: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const empty = text.trim() === '' && files.length === 0;
  const canSend = !disabled && !sending && !empty;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setFailed(false);
    try {
      await onSend({ content: text.trim(), files });
      setText('');
      setFiles([]);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A key that composes a character (an input method) is not a send.
    if (event.nativeEvent.isComposing || !isComposerSendKey(event)) return;
    event.preventDefault();
    void send();
  };

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    setFiles((current) => [...current, ...Array.from(list)].slice(0, maxFiles));
    setFailed(false);
  };

  const sendLabel = failed ? t('chat.sendFailed') : t('chat.send');
  return (
    <Box
      sx={{ borderTop: 1, borderColor: 'divider', px: 1, pt: 0.75, pb: 0.75, bgcolor: 'background.default' }}
    >
      <ComposerAttachments
        files={files}
        disabled={sending}
        onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
      />
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={accept}
          data-testid="chat-file-input"
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <Tooltip title={t('chat.attach')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('chat.attach')}
              disabled={disabled || sending || files.length >= maxFiles}
              onClick={() => picker.current?.click()}
            >
              <AttachFileOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <InputBase
          inputRef={input}
          multiline
          fullWidth
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            setFailed(false);
          }}
          onKeyDown={onKeyDown}
          slotProps={{ input: { 'aria-label': label } }}
          sx={{
            flex: 1,
            px: 1.25,
            py: 0.75,
            fontSize: '0.875rem',
            border: 1,
            borderColor: failed ? 'error.main' : 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
            '&.Mui-focused': { borderColor: failed ? 'error.main' : 'primary.main' },
            // Grows with the text up to 100 px, then scrolls.
            '& textarea': { maxHeight: COMPOSER_MAX_HEIGHT_PX, overflowY: 'auto !important' },
          }}
        />
        <Tooltip title={sendLabel}>
          <span>
            <IconButton
              aria-label={sendLabel}
              data-failed={failed}
              color={failed ? 'error' : 'primary'}
              disabled={!canSend}
              onClick={() => void send()}
              sx={failed ? { color: 'error.main' } : undefined}
            >
              <SendRounded fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
