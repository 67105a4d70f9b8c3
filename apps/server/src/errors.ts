import type { ErrorCode, ErrorStatus } from '@comptoir/contracts';

/**
 * An expected failure with a French explanation. Services and the ledger throw it; the HTTP layer
 * turns it into RFC 9457 problem JSON. Anything else becomes a 500 without details. The status must
 * be the code's own (`ERROR_STATUS` in contracts), which the compiler checks.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly detail: string;
  readonly extra: Record<string, unknown>;

  constructor(...[code, status, detail, extra = {}]: [...CodeAndStatus, string, Record<string, unknown>?]) {
    super(detail);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.detail = detail;
    this.extra = extra;
  }
}

/** Every code paired with its own status (and no other). */
type CodeAndStatus = { [C in ErrorCode]: [code: C, status: ErrorStatus<C>] }[ErrorCode];

export const notFound = (detail = 'Ressource introuvable.') => new AppError('not_found', 404, detail);
export const forbidden = (detail = 'Accès refusé.') => new AppError('forbidden', 403, detail);
export const unauthenticated = (detail = 'Veuillez vous connecter.') =>
  new AppError('unauthenticated', 401, detail);
export const validation = (detail: string) => new AppError('validation_failed', 400, detail);
