import type { ErrorCode, ErrorStatus } from '@comptoir/contracts';

/**
 * An expected failure with a French explanation. Services and the ledger throw it; the HTTP layer
 * turns it into RFC 9457 problem JSON. Anything else becomes a 500 without details. The status must
 * be the code's own (`ERROR_STATUS` in contracts), which the compiler checks.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    readonly status: ErrorStatus<C>,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const notFound = (detail = 'Ressource introuvable.') => new AppError('not_found', 404, detail);
export const forbidden = (detail = 'Accès refusé.') => new AppError('forbidden', 403, detail);
export const unauthenticated = (detail = 'Veuillez vous connecter.') =>
  new AppError('unauthenticated', 401, detail);
export const validation = (detail: string) => new AppError('validation_failed', 400, detail);
