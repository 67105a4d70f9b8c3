import type { ScaFactor } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { activeFactors } from './factor-queries.ts';
import { toFactor } from './factor-view.ts';

/** `GET /api/sca/factors`: the customer's active second factors, oldest first. */
export async function listFactors(ctx: AppContext, customerId: string): Promise<ScaFactor[]> {
  return (await activeFactors(ctx.db, customerId)).map(toFactor);
}
