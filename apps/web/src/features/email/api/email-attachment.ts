import type { EmailAttachment } from '@app/domain/email/email.schema';
import { downloadChatFile } from '@/components/chat/chat-file';
import { EMAIL_API } from './email-query-keys';

/** Where a file of a received or sent message is downloaded (signed in, as chat files are). */
export function emailAttachmentPath(id: number): string {
  return `${EMAIL_API}/attachments/${id}/download`;
}

/** GET email/attachments/{id}/download, saved through the browser's download under the file's name. */
export function downloadEmailAttachment(file: Pick<EmailAttachment, 'id' | 'name'>): Promise<void> {
  return downloadChatFile({ name: file.name, path: emailAttachmentPath(file.id) });
}
