import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, payloadTooLarge } from './errors';

export type UploadedFile = { data: Buffer; filename: string; mimetype: string };

export type MultipartForm = {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
};

export const MALFORMED_FORM_MESSAGE =
  'The form could not be read: the multipart/form-data body is malformed or incomplete.';

/**
 * Reads a whole multipart form: text fields as strings, files into memory (the caller sets the size
 * limit; a larger file answers 413 naming the field). A body that is not a well-formed form (no or a
 * wrong boundary, a broken part header, cut short) answers 400: the parser's own errors are not ours.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      try {
        const data = await part.toBuffer();
        form.files[part.fieldname] = { data, filename: part.filename, mimetype: part.mimetype };
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const message = `The file must be at most ${formatMegabytes(maxFileBytes)}.`;
          throw payloadTooLarge(message, { [part.fieldname]: [message] });
        }
        throw error;
      }
    }
  } catch (error) {
    throw asFormError(error);
  }
  return form;
}

/** The answer to an error met while reading a form: ours as they are, limits as 413, the rest as 400. */
function asFormError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (statusCode === 413) return payloadTooLarge('The form has too many parts or is too large.');
  return badRequest(MALFORMED_FORM_MESSAGE);
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as UploadedFile).data) &&
    typeof (value as UploadedFile).filename === 'string'
  );
}
