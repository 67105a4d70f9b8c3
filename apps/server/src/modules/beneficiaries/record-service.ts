import type { Queryable } from '../../db/types.ts';
import { insertBeneficiary, type BeneficiaryRow } from './queries.ts';

export type { BeneficiaryRow };

/**
 * Records a beneficiary whose checks were made elsewhere, in the caller's transaction: a
 * benchmark's or a test's payees, which skip Verification of Payee and strong authentication.
 * A customer adds one through `addBeneficiary` (add-service.ts).
 */
export function recordCheckedBeneficiary(
  q: Queryable,
  beneficiary: Omit<BeneficiaryRow, 'id' | 'created_at'>,
): Promise<BeneficiaryRow> {
  return insertBeneficiary(q, beneficiary);
}
