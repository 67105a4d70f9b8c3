// Error codes thrown here: beneficiary_not_found.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { deleteBeneficiary } from './queries.ts';

/** Deletes one of the acting customer's beneficiaries; another customer's id is a 404 like an unknown one. */
export async function removeBeneficiary(ctx: AppContext, customerId: string, id: string): Promise<void> {
  if (!(await deleteBeneficiary(ctx.db, customerId, id))) throw new AppError('beneficiary_not_found');
}
