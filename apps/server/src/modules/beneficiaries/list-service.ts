import type { Beneficiary } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { toBeneficiary } from './beneficiary-json.ts';
import { beneficiariesOf } from './queries.ts';

/** The acting customer's beneficiaries, newest first. */
export async function listBeneficiaries(ctx: AppContext, customerId: string): Promise<Beneficiary[]> {
  return (await beneficiariesOf(ctx.db, customerId)).map(toBeneficiary);
}
