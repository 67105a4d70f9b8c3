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
  'sca_locked',
  'sca_enrolment_required',
  'compliance_hold',
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

/** The one HTTP status of each code: a problem with a given code always answers with this status. */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  csrf_header_missing: 403,
  not_found: 404,
  invalid_credentials: 401,
  account_locked: 423,
  rate_limited: 429,
  session_expired: 401,
  second_factor_required: 401,
  invalid_second_factor: 401,
  sca_required: 401,
  sca_locked: 423,
  sca_enrolment_required: 403,
  compliance_hold: 409,
  idempotency_conflict: 409,
  idempotency_key_required: 400,
  insufficient_funds: 422,
  account_not_open: 409,
  invalid_token: 400,
  weak_password: 422,
  wrong_password: 403,
  email_taken: 409,
  unsupported_media_type: 415,
  payload_too_large: 413,
  conflict: 409,
  internal_error: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;
export type ErrorStatus<C extends ErrorCode = ErrorCode> = (typeof ERROR_STATUS)[C];

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
