import type { Beneficiary, CreateBeneficiaryRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from '../sca/require-sca.ts';
import { toBeneficiary } from './beneficiary-json.ts';
import { isInternalIban, payeeBic, payeeIban } from './payee.ts';
import { verifyPayee } from './payee-verification-service.ts';
import { insertBeneficiary } from './queries.ts';

export const MISMATCH_NOT_CONFIRMED =
  'Le nom ne correspond pas au titulaire du compte. Confirmez explicitement pour ajouter ce bénéficiaire malgré tout.';

/**
 * Adds a beneficiary (SPEC §5): IBAN and BIC checked, Verification of Payee run again here (the
 * browser's answer is never trusted) and stored with it; a name that does not match needs the
 * customer's explicit confirmation. Strong authentication bound to the IBAN is consumed in the
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
  if (internal && verification.result === 'not_possible') {
    throw new AppError('validation_failed', 400, 'Aucun compte ouvert ne correspond à cet IBAN.');
  }
  if (verification.result === 'no_match' && request.confirmedMismatch !== true) {
    throw new AppError('conflict', 409, MISMATCH_NOT_CONFIRMED);
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
