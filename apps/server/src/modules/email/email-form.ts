import { EMAIL_MESSAGES, MAX_EMAIL_ATTACHMENT_BYTES } from '@app/domain/email/email.rules';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError, payloadTooLarge, refuse } from '../../http/errors';
import { isUploadedFile, MALFORMED_FORM_MESSAGE, type UploadedFile } from '../../http/multipart';

/** The form field of the files of a message (the spec's `attachments`); several files may share it. */
export const ATTACHMENTS_FIELD = 'attachments';
/** At most this many files in one message. */
export const MAX_EMAIL_ATTACHMENTS = 20;

function tooLarge(): HttpError {
  return refuse('email_attachment_too_large', EMAIL_MESSAGES.attachmentTooLarge, {
    [ATTACHMENTS_FIELD]: [EMAIL_MESSAGES.attachmentTooLarge],
  });
}

/**
 * Reads a multipart message into the body before validation: its text fields, and every file as one of
 * `attachments`, 25,000,000 bytes in all at most (413 with the e-mail's own code beyond, without reading
 * the rest). A JSON body is left as it is.
 */
export async function readEmailForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  const attachments: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_EMAIL_ATTACHMENT_BYTES } })) {
      if (part.type === 'field') {
        // `attachments` are files; a text field of that name (an empty list some clients send) is no file.
        if (part.fieldname !== ATTACHMENTS_FIELD)
          body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      total += data.length;
      if (total > MAX_EMAIL_ATTACHMENT_BYTES) throw tooLarge();
      attachments.push({ data, filename: part.filename || 'attachment', mimetype: part.mimetype });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (statusCode === 413) throw payloadTooLarge('The form has too many parts or is too large.');
    throw badRequest(MALFORMED_FORM_MESSAGE);
  }
  if (attachments.length) body[ATTACHMENTS_FIELD] = attachments;
  (request as { body: unknown }).body = body;
}

/** The files of a message as the route's schema checks them. */
export const attachmentsSchema = z
  .array(
    z.custom<UploadedFile>(isUploadedFile, { error: 'Attach files with the form.' }).meta({
      type: 'string',
      format: 'binary',
      description: 'The files of the message: 25,000,000 bytes in all at most; no executables',
    }),
  )
  .max(MAX_EMAIL_ATTACHMENTS)
  .optional()
  .default([]);
