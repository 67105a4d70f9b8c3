// Error codes thrown here: payee_account_closed, payee_account_not_found, payee_name_mismatch,
//   payee_reported_for_fraud.
import type { Beneficiary, CreateBeneficiaryRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from '../sca/index.ts';
import { toBeneficiary } from './beneficiary-json.ts';
import { isInternalIban, payeeBic, payeeIban } from './payee.ts';
import { verifyPayee } from './payee-verification-service.ts';
import { insertBeneficiary } from './queries.ts';

/**
 * Adds a beneficiary (docs/product/transfers.md#beneficiaries): IBAN and BIC checked, Verification of Payee run again here (the
 * browser's answer is never trusted) and stored with it; a name that does not match needs the
 * customer's explicit confirmation, and so does an IBAN reported for fraud by two customers (the
 * warning was shown; a flag alone refuses nothing for good). Strong authentication bound to the IBAN is consumed in the
 * transaction that saves it, so a refused or failed addition leaves the token unused.
 */
export async function addBeneficiary(
  ctx: AppContext,
  customerId: string,
  request: CreateBeneficiaryRequest,
  scaToken: string | undefined,
): Promise<Beneficiary> {
  const iban = payeeIban(request.iban);
  const bic = payeeBic(ctx, iban, request.bic);
  const internal = isInternalIban(ctx, iban);
  const verification = await verifyPayee(ctx, { iban, name: request.name });
  if (verification.reason === 'account_closed') throw new AppError('payee_account_closed');
  if (internal && verification.result === 'not_possible') {
    throw new AppError('payee_account_not_found');
  }
  if (verification.result === 'no_match' && request.confirmedMismatch !== true) {
    throw new AppError('payee_name_mismatch');
  }
  if (verification.reportedForFraud && request.acknowledgeFraudWarning !== true) {
    throw new AppError('payee_reported_for_fraud');
  }
  const row = await ctx.db.tx(async (q) => {
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: scaToken,
      action: 'beneficiary',
      details: { iban },
    });
    return insertBeneficiary(q, {
      customer_id: customerId,
      label: request.label ? request.label : null,
      name: request.name,
      iban,
      bic,
      internal,
      verification: verification.result,
    });
  });
  return toBeneficiary(row);
}
