import type { ErrorCode } from '@comptoir/contracts';
import { ERROR_CODES } from '@comptoir/contracts/client';

/** An RFC 9457 problem answered by the API (or a network failure, status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly lockedUntil: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    detail: string;
    lockedUntil?: string | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.detail);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.lockedUntil = init.lockedUntil;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

const fallbackCode = (status: number): ErrorCode => {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 422 || status === 400) return 'validation_failed';
  if (status === 429) return 'rate_limited';
  if (status === 503 || status === 0) return 'unavailable';
  return 'internal_error';
};

/**
 * Reads a problem document leniently: a field the server forgot must not hide the status,
 * so every field falls back to something sensible.
 */
export function problemToApiError(status: number, body: unknown, fallbackDetail: string): ApiError {
  const problem = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const detail =
    typeof problem.detail === 'string' && problem.detail.trim() ? problem.detail : fallbackDetail;
  return new ApiError({
    status,
    code: isErrorCode(problem.code) ? problem.code : fallbackCode(status),
    detail,
    lockedUntil: typeof problem.lockedUntil === 'string' ? problem.lockedUntil : undefined,
    retryAfterSeconds: typeof problem.retryAfterSeconds === 'number' ? problem.retryAfterSeconds : undefined,
  });
}
