import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, HTTP_STATUS_BY_ERROR_CODE, apiErrorSchema, fieldErrors } from './errors';

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
  it('map each code to the HTTP status of the conventions', () => {
    expect(HTTP_STATUS_BY_ERROR_CODE).toEqual({
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
    expect(Object.keys(HTTP_STATUS_BY_ERROR_CODE)).toEqual([...ERROR_CODES]);
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
