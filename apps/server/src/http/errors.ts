import { HTTP_STATUS_BY_ERROR_CODE, type ErrorCode } from '@app/domain/common/errors';

export type ErrorFields = Record<string, string[]>;

/**
 * An error that answers with the API's error body `{ detail, code, fields }`. Services throw these; the
 * error handler turns them into the response.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: ErrorFields | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    detail: string,
    options: { fields?: ErrorFields; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

/** The key of messages that belong to the request as a whole rather than to one field. */
export const NON_FIELD_ERRORS = 'non_field_errors';

export function badRequest(detail: string, fields?: ErrorFields): HttpError {
  return new HttpError(400, 'bad_request', detail, { fields });
}

/** 400 naming each field and its messages; the detail repeats the first message. */
export function validationError(fields: ErrorFields): HttpError {
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0] ?? 'Invalid input.';
  return new HttpError(400, 'validation_error', first, { fields });
}

/** 400 for one field. */
export function fieldError(field: string, message: string): HttpError {
  return validationError({ [field]: [message] });
}

export function unauthorized(detail = 'Authentication credentials were not provided.'): HttpError {
  return new HttpError(401, 'unauthorized', detail);
}

export function tokenExpired(detail = 'The token has expired.'): HttpError {
  return new HttpError(401, 'token_expired', detail);
}

export function forbidden(detail = 'You do not have permission to perform this action.'): HttpError {
  return new HttpError(403, 'forbidden', detail);
}

/** 404 both for what does not exist and for what another company owns: never reveal which. */
export function notFound(detail = 'Not found.'): HttpError {
  return new HttpError(404, 'not_found', detail);
}

export function conflict(detail: string): HttpError {
  return new HttpError(409, 'conflict', detail);
}

export function payloadTooLarge(detail: string, fields?: ErrorFields): HttpError {
  return new HttpError(413, 'payload_too_large', detail, { fields });
}

export function tooManyRequests(detail: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'too_many_requests', detail, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/**
 * A refusal with its own code (packages/domain common/errors.ts), sent with that code's status and the
 * spec's text as `detail`; values the message carries (documents, unit IDs) go in `fields`.
 */
export function refuse(code: ErrorCode, detail: string, fields?: ErrorFields): HttpError {
  return new HttpError(HTTP_STATUS_BY_ERROR_CODE[code], code, detail, { fields });
}
