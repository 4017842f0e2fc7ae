import { useRef, useState } from 'react';
import { htmlToPlain, normalizeRecipients } from '@app/domain/email/email.rules';
import { isApiError } from '@/lib/api-error';
import type { EmailComposeRequest } from '@/lib/email-compose';
import { useSendEmail } from '../../api/send-email-message';
import type { EmailDraft } from '../../api/send-email-message';
import { addAttachments, type RefusedFile } from './attachments-list';

/**
 * The widget's draft: recipients, subject, text, files, and the sending flag. A failed send keeps all of
 * it and resets the flag, with the failure to show; a sent one calls onSent. A send that never reached an
 * answer (the connection dropped) keeps its Idempotency-Key, so sending the same draft again cannot mail
 * the broker twice; an answer of the server, or a changed draft, takes a new key.
 */
export function useEmailDraft(request: EmailComposeRequest, onSent: () => void) {
  const [recipients, setRecipients] = useState(() => normalizeRecipients(request.to));
  const [subject, setSubject] = useState(request.subject);
  const [html, setHtml] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // A new number remounts the editor empty (the footer's delete).
  const [editorKey, setEditorKey] = useState(0);
  const send = useSendEmail();
  const attempt = useRef<{ key: string; draft: string } | null>(null);

  const attach = (picked: readonly File[]) => {
    const result = addAttachments(files, picked);
    setFiles(result.accepted);
    setRefused(result.refused);
  };

  const removeFile = (file: File) => {
    setFiles((current) => current.filter((item) => item !== file));
    setRefused([]);
  };

  /** The footer's delete: the text and the files go, the recipients and the topic stay. */
  const clear = () => {
    setHtml('');
    setFiles([]);
    setRefused([]);
    setError(null);
    setEditorKey((key) => key + 1);
  };

  const submit = async () => {
    if (sending || recipients.length === 0) return;
    const body = withoutEmptyEdgeParagraphs(html);
    const draft: EmailDraft = {
      chatId: request.chatId,
      type: request.type,
      bid: request.bid,
      load: request.load,
      subject: subject.trim(),
      references: request.references ?? null,
      in_reply_to: request.in_reply_to ?? null,
      msg_html: body,
      msg_plain: htmlToPlain(body),
      to_emails: recipients,
      attachments: files,
    };
    const signature = JSON.stringify({
      ...draft,
      attachments: files.map((file) => [file.name, file.size, file.lastModified]),
    });
    if (attempt.current?.draft !== signature)
      attempt.current = { key: crypto.randomUUID(), draft: signature };
    setSending(true);
    setError(null);
    try {
      await send.mutateAsync({ draft, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setSending(false);
      onSent();
    } catch (failure) {
      if (isApiError(failure) && failure.status !== undefined) attempt.current = null;
      // The spec: a failed send is only logged and the sending flags are reset; the draft stays as typed.
      console.error('E-mail send failed', failure);
      setSending(false);
      setError(failure);
    }
  };

  return {
    recipients,
    setRecipients,
    subject,
    setSubject,
    html,
    setHtml,
    files,
    refused,
    attach,
    removeFile,
    clear,
    editorKey,
    sending,
    error,
    clearError: () => setError(null),
    submit,
  };
}

// Empty paragraphs the editor leaves before or after the text (a click into an empty editor, an Enter at
// the end) would reach the broker as blank lines.
const EMPTY_EDGE_PARAGRAPHS = /^(?:<p>(?:<br\s*\/?>)?<\/p>)+|(?:<p>(?:<br\s*\/?>)?<\/p>)+$/g;

/** The editor's HTML without empty paragraphs at its start and end. */
export function withoutEmptyEdgeParagraphs(html: string): string {
  return html.replace(EMPTY_EDGE_PARAGRAPHS, '');
}
