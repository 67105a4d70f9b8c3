// Error codes thrown here: factor_not_found.
import type { RenameScaFactorRequest, ScaFactor } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { renameFactor as rename } from './factor-queries.ts';
import { toFactor } from './factor-view.ts';

/** `PATCH /api/sca/factors/{id}`: renames one of the customer's factors (another's id → 404). */
export async function renameFactor(
  ctx: AppContext,
  customerId: string,
  factorId: string,
  input: RenameScaFactorRequest,
): Promise<ScaFactor> {
  const row = await rename(ctx.db, customerId, factorId, input.name);
  if (!row) throw new AppError('factor_not_found');
  return toFactor(row);
}
