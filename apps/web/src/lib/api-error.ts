import type { ErrorCode } from '@app/domain/common/errors';

/** A failed API call: the HTTP status (undefined when no answer came back) and the server's error body. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly detail: string;
  readonly code: string;
  readonly fields: Record<string, string[]>;

  constructor(init: {
    status: number | undefined;
    detail: string;
    code: string;
    fields?: Record<string, string[]>;
  }) {
    super(init.detail);
    this.name = 'ApiError';
    this.status = init.status;
    this.detail = init.detail;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The status of an ApiError, or undefined for anything else. */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

/**
 * Whether a request was refused with this code (common/errors.ts): how a screen decides what a refusal
 * means, never by its English text. The code is checked against the domain's list, so a typo fails to
 * compile.
 */
export function isRefusal(error: unknown, code: ErrorCode): error is ApiError {
  return isApiError(error) && error.code === code;
}
