import { z } from 'zod';

// The error body of every API answer that is not a success:
// { "detail": "...", "code": "...", "fields": { "name": ["message"] } }.

export const ERROR_CODES = [
  'bad_request',
  'validation_error',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'too_many_requests',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each error code is sent with. */
export const HTTP_STATUS_BY_ERROR_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal_error: 500,
};

// `code` is a plain string so that a client keeps working when the server adds a code.
export const apiErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Field messages of a failed zod parse, keyed by the dotted path ('points.0.state'); '' for the root. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
