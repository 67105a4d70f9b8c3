import { matchPayeeName } from '@comptoir/core';
import type { PayeeVerification, PayeeVerificationRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { payeeVerificationRail } from '../../rails/payee-verification.ts';
import { holderOfIban } from './holder-queries.ts';
import { isInternalIban, payeeIban } from './payee.ts';

/**
 * Verification of Payee (docs/product/transfers.md#beneficiaries): for an IBAN of this bank the typed name is compared with the real
 * holder's; for another bank the rail answers. Only `close_match` gives the holder's name (so the
 * customer can correct a typo); `no_match` gives none. An IBAN of this bank that no account has
 * cannot be verified; one whose account is closed cannot either, and says so (`account_closed`, as a
 * payee's bank may in the scheme) — nothing more, not the holder's name.
 */
export async function verifyPayee(
  ctx: AppContext,
  request: PayeeVerificationRequest,
): Promise<PayeeVerification> {
  const iban = payeeIban(request.iban);
  if (!isInternalIban(ctx, iban)) return payeeVerificationRail(ctx.config).verifyPayee(iban, request.name);
  const holder = await holderOfIban(ctx.db, iban);
  if (!holder) return { result: 'not_possible' };
  if (holder === 'closed') return { result: 'not_possible', reason: 'account_closed' };
  const holderName = `${holder.firstName} ${holder.lastName}`.trim();
  const result = matchPayeeName(request.name, holderName);
  return result === 'close_match' ? { result, holderName } : { result };
}
