import { z } from 'zod';

/** Stable machine codes of every error the API returns (RFC 9457 `code` extension). */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'csrf_header_missing',
  'not_found',
  'invalid_credentials',
  'account_locked',
  'rate_limited',
  'session_expired',
  'second_factor_required',
  'invalid_second_factor',
  'sca_required',
  'idempotency_conflict',
  'idempotency_key_required',
  'insufficient_funds',
  'account_not_open',
  'invalid_token',
  'weak_password',
  'wrong_password',
  'email_taken',
  'unsupported_media_type',
  'payload_too_large',
  'conflict',
  'internal_error',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(ERROR_CODES),
    instance: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    retryAfterSeconds: z.number().int().optional(),
    lockedUntil: z.string().optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;

/** Header every mutating request must carry (CSRF defence, SPEC §10). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'comptoir';
