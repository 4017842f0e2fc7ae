import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  GENERAL_ERROR_CODES,
  HTTP_STATUS_BY_ERROR_CODE,
  apiErrorSchema,
  fieldErrors,
  isErrorCode,
} from './errors';

describe('API errors', () => {
  it('have a body of detail, code and optional fields', () => {
    expect(apiErrorSchema.parse({ detail: 'Not found.', code: 'not_found' })).toEqual({
      detail: 'Not found.',
      code: 'not_found',
    });
    const withFields = {
      detail: 'Invalid input.',
      code: 'validation_error',
      fields: { email: ['Email is required'] },
    };
    expect(apiErrorSchema.parse(withFields)).toEqual(withFields);
    expect(apiErrorSchema.safeParse({ code: 'not_found' }).success).toBe(false);
  });
  it('map each general code to the HTTP status of the conventions', () => {
    const general = Object.fromEntries(
      GENERAL_ERROR_CODES.map((code) => [code, HTTP_STATUS_BY_ERROR_CODE[code]]),
    );
    expect(general).toEqual({
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
    });
    expect(ERROR_CODES).toEqual(Object.keys(HTTP_STATUS_BY_ERROR_CODE));
  });
  it('give each refusal a snake_case code of its own with a client-error status', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(isErrorCode(code)).toBe(true);
    }
    const refusals = ERROR_CODES.filter((code) => !(GENERAL_ERROR_CODES as readonly string[]).includes(code));
    expect(refusals).toContain('mc_number_taken');
    for (const code of refusals) {
      expect([400, 403, 404, 409, 413, 422, 429]).toContain(HTTP_STATUS_BY_ERROR_CODE[code]);
    }
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('rate_confirmation')).toBe(false);
  });
  it('list the messages of a failed parse by field path', () => {
    const schema = z.object({
      email: z.string().min(1, 'Email is required'),
      points: z.array(z.object({ state: z.string() })),
    });
    const result = schema.safeParse({ email: '', points: [{ state: 1 }] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      email: ['Email is required'],
      'points.0.state': ['Invalid input: expected string, received number'],
    });
  });
});
