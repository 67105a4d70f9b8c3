import {
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorParams,
  type ErrorStatus,
  type ParamErrorCode,
  type PlainErrorCode,
} from '@comptoir/contracts';

/** Fields a problem carries beyond its code and detail (`lockedUntil`, `retryAfterSeconds`, `errors`). */
type Extra = Record<string, unknown>;

/** A code whose detail needs parameters, with them; then the problem's extra fields. */
type ParamArgs = { [C in ParamErrorCode]: [code: C, params: ErrorParams<C>, extra?: Extra] }[ParamErrorCode];

/**
 * An expected failure, named by its code. Services and the ledger throw it (`new AppError(code)`,
 * or `new AppError(code, params)` when the French detail needs facts of the case); its status and
 * detail come from the catalogue (`ERROR_CATALOGUE` in contracts), never from the throw site. The
 * HTTP layer turns it into RFC 9457 problem JSON. Anything else becomes a 500 without details.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly detail: string;
  readonly extra: Extra;

  constructor(code: PlainErrorCode, extra?: Extra);
  constructor(...args: ParamArgs);
  constructor(...args: [ErrorCode, unknown?, Extra?]) {
    const [code] = args;
    const entry = ERROR_CATALOGUE[code];
    const fixed = typeof entry.detail === 'string';
    const extra = (fixed ? args[1] : args[2]) ?? {};
    const detail =
      typeof entry.detail === 'string'
        ? entry.detail
        : (entry.detail as (params: unknown) => string)(args[1]);
    super(detail);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.detail = detail;
    this.extra = extra as Extra;
  }
}
