import type { ApiError, ErrorCode } from '@app/domain/common/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, NON_FIELD_ERRORS, type ErrorFields } from './errors';
import { noteRefusal } from './request-log';

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'too_many_requests',
};

// PostgreSQL error classes that mean the input was bad or raced with another change, never a bug of ours.
const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_SERIALIZATION_FAILURES = new Set(['40001', '40P01']);
const PG_DATA_EXCEPTION_CLASS = '22';

type ErrorReply = { status: number; body: ApiError; headers?: Record<string, string> };

/**
 * Answers every error with `{ detail, code, fields }`: request validation becomes 400 naming each field,
 * the statuses of the API conventions keep their codes, and anything unexpected is a logged 500 whose
 * body reveals nothing.
 */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const answer = toErrorReply(error);
  // A failure is logged with its error; a refusal goes on the request's line (request-log.ts).
  if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
  else noteRefusal(request, answer.body.code, answer.body.detail);
  if (answer.headers) void reply.headers(answer.headers);
  return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

export function notFoundBody(): ApiError {
  return { detail: 'Not found.', code: 'not_found' };
}

/**
 * The messages of a validation failure by field path. A field may be named like a property every object
 * inherits ("valueOf", "__proto__"), so the map has no prototype.
 */
function fieldsOf(issues: readonly { instancePath: string; message?: string }[]): ErrorFields {
  const fields: ErrorFields = Object.create(null) as ErrorFields;
  for (const issue of issues) {
    const key = issue.instancePath.split('/').filter(Boolean).join('.') || NON_FIELD_ERRORS;
    (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

function toErrorReply(error: FastifyError): ErrorReply {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: withFields({ detail: error.message, code: error.code }, error.fields),
      headers: error.headers,
    };
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldsOf(error.validation);
    const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
    return { status: 400, body: { detail: first, code: 'validation_error', fields } };
  }

  if (error.validation) {
    return {
      status: 400,
      body: { detail: error.message, code: 'validation_error', fields: fieldsOf(error.validation) },
    };
  }

  if (isResponseSerializationError(error) && error.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
    return internalError();
  }

  const pgCode = postgresErrorCode(error);
  if (pgCode !== undefined) {
    if (pgCode === PG_UNIQUE_VIOLATION) {
      return {
        status: 409,
        body: { detail: 'A record with these values already exists.', code: 'conflict' },
      };
    }
    if (pgCode === PG_FOREIGN_KEY_VIOLATION) {
      return {
        status: 409,
        body: { detail: 'A related record does not exist or is still in use.', code: 'conflict' },
      };
    }
    if (PG_SERIALIZATION_FAILURES.has(pgCode)) {
      return {
        status: 409,
        body: { detail: 'The record changed at the same time; try again.', code: 'conflict' },
      };
    }
    if (pgCode.startsWith(PG_DATA_EXCEPTION_CLASS)) {
      return { status: 400, body: { detail: 'A value is out of range or malformed.', code: 'bad_request' } };
    }
    return internalError();
  }

  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { detail: clientErrorDetail(error, status), code: CODE_BY_STATUS[status] ?? 'bad_request' },
    };
  }
  return internalError();
}

function internalError(): ErrorReply {
  return { status: 500, body: { detail: 'Internal server error.', code: 'internal_error' } };
}

function withFields(body: ApiError, fields: ErrorFields | undefined): ApiError {
  return fields && Object.keys(fields).length > 0 ? { ...body, fields } : body;
}

function clientErrorDetail(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_BAD_URL':
      return 'The address of the request is not valid (a % must be followed by two hexadecimal digits).';
    default:
      if (status === 429) return 'Too many requests; try again later.';
      return error.message || 'Bad request.';
  }
}

/** The SQLSTATE of a pg or PGlite error, when it is one. */
function postgresErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
  return undefined;
}
