import { matchPayeeName } from '@comptoir/core';
import type { PayeeVerification, PayeeVerificationRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { payeeVerificationRail } from '../../rails/payee-verification.ts';
import { payeeReportedForFraud } from '../fraud-reports/index.ts';
import { holderOfIban } from './holder-queries.ts';
import { isInternalIban, payeeIban } from './payee.ts';

/**
 * Verification of Payee (docs/product/transfers.md#beneficiaries): for an IBAN of this bank the typed name is compared with the real
 * holder's; for another bank the rail answers. Only `close_match` gives the holder's name (so the
 * customer can correct a typo); `no_match` gives none. An IBAN of this bank that no account has
 * cannot be verified; one whose account is closed cannot either, and says so (`account_closed`, as a
 * payee's bank may in the scheme) — nothing more, not the holder's name. Whatever the bank, the
 * answer says whether the IBAN is flagged: reported for fraud by two customers (docs/fraud-reports.md).
 */
export async function verifyPayee(
  ctx: AppContext,
  request: PayeeVerificationRequest,
): Promise<PayeeVerification> {
  const iban = payeeIban(request.iban);
  const answer = await nameCheck(ctx, iban, request.name);
  return { ...answer, reportedForFraud: await payeeReportedForFraud(ctx.db, iban) };
}

/** The name check alone: this bank's holder, or the rail's answer for another bank. */
async function nameCheck(
  ctx: AppContext,
  iban: string,
  name: string,
): Promise<Omit<PayeeVerification, 'reportedForFraud'>> {
  if (!isInternalIban(ctx, iban)) return payeeVerificationRail(ctx.config).verifyPayee(iban, name);
  const holder = await holderOfIban(ctx.db, iban);
  if (!holder) return { result: 'not_possible' };
  if (holder === 'closed') return { result: 'not_possible', reason: 'account_closed' };
  const holderName = `${holder.firstName} ${holder.lastName}`.trim();
  const result = matchPayeeName(name, holderName);
  return result === 'close_match' ? { result, holderName } : { result };
}
