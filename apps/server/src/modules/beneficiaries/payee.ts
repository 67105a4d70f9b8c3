// Error codes thrown here: bic_invalid, iban_invalid.
import { isBic, isIban, isOwnBankIban, normalizeIban } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

/** A payee's IBAN as the customer typed it, checked (country format and mod-97) and in electronic form. */
export function payeeIban(typed: string): string {
  const iban = normalizeIban(typed);
  if (!iban || !isIban(iban)) throw new AppError('iban_invalid');
  return iban;
}

/** Whether this IBAN is an account of this bank (its own country and bank code). */
export const isInternalIban = (ctx: AppContext, iban: string): boolean =>
  isOwnBankIban(iban, ctx.config.institution);

/**
 * The BIC stored with a payee: this bank's own for its IBANs (whatever was typed), else the typed
 * one checked (optional: a SEPA payment needs only the IBAN).
 */
export function payeeBic(ctx: AppContext, iban: string, typed: string | undefined): string | null {
  if (isInternalIban(ctx, iban)) return ctx.config.institution.bic;
  const bic = typed?.replace(/\s+/g, '').toUpperCase() ?? '';
  if (!bic) return null;
  if (!isBic(bic)) throw new AppError('bic_invalid');
  return bic;
}
