import { apiErrorSchema } from '@app/domain/common/errors';
import { z } from 'zod';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;

/** The error answers a route documents, each with the API's error body. */
export function errorResponses(
  ...statuses: ErrorStatus[]
): Partial<Record<ErrorStatus, typeof apiErrorSchema>> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}

/** A confirmation with a message, e.g. `{ detail: 'Successfully logged out.' }`. */
export const detailSchema = z.object({ detail: z.string() });
