import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSent } from '@app/domain/email/email.schema';
import { http } from '@/lib/api';
import { EMAIL_API, invalidateEmailChat } from './email-query-keys';

/** What the compose widget sends: the spec's message fields, and what a new thread is about. */
export type EmailDraft = {
  /** The thread a reply goes to; none for a new thread. */
  chatId: number | null;
  /** A new thread: 1 bid, 2 load, 3 accounting, with the bid or load it is about. */
  type?: 1 | 2 | 3;
  bid?: number;
  load?: number;
  subject: string;
  references: string | null;
  in_reply_to: string | null;
  msg_html: string;
  msg_plain: string;
  to_emails: string[];
  attachments: File[];
};

/** The multipart body: the text fields, the recipients as one comma-separated field, the files. */
export function emailFormData(draft: EmailDraft, withThreadFields: boolean): FormData {
  const form = new FormData();
  if (withThreadFields) {
    if (draft.chatId !== null) form.append('chat', String(draft.chatId));
    if (draft.type !== undefined) form.append('type', String(draft.type));
    if (draft.bid !== undefined) form.append('bid', String(draft.bid));
    if (draft.load !== undefined) form.append('load', String(draft.load));
    form.append('subject', draft.subject);
  }
  if (draft.references) form.append('references', draft.references);
  if (draft.in_reply_to) form.append('in_reply_to', draft.in_reply_to);
  form.append('msg_html', draft.msg_html);
  form.append('msg_plain', draft.msg_plain);
  form.append('to_emails', draft.to_emails.join(','));
  for (const file of draft.attachments) form.append('attachments', file, file.name);
  return form;
}

/**
 * A reply in a thread: POST email/chats/{id}/send-message (references, in_reply_to, msg_html, msg_plain,
 * to_emails, attachments as form data). A new message: POST email/widget/send-message. Failures are
 * shown by the widget, which keeps the text. Under an Idempotency-Key a retried send is sent once.
 */
export function sendEmail(draft: EmailDraft, idempotencyKey?: string): Promise<EmailSent> {
  const options = {
    quietStatuses: [400, 403, 404, 409, 413, 422, 500, 502, 503],
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  };
  if (draft.chatId !== null) {
    return http.post<EmailSent>(
      `${EMAIL_API}/chats/${draft.chatId}/send-message`,
      emailFormData(draft, false),
      options,
    );
  }
  return http.post<EmailSent>(`${EMAIL_API}/widget/send-message`, emailFormData(draft, true), options);
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, idempotencyKey }: { draft: EmailDraft; idempotencyKey: string }) =>
      sendEmail(draft, idempotencyKey),
    onSuccess: (sent) => invalidateEmailChat(queryClient, sent.chat.id),
  });
}
