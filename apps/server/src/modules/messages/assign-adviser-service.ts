// Error codes thrown here: adviser_invalid, customer_not_found.
import { isUuid } from '@comptoir/core';
import type { AdviserOptions, AssignAdviserRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { customerIdParam } from '../../http/params.ts';
import { activeOperator, activeOperators, setAdviser } from './adviser-queries.ts';
import { messageCustomer } from './queries.ts';

/** Assigns (or removes, with null) a customer's adviser: an active operator; audited. */
export async function assignAdviser(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  body: AssignAdviserRequest,
): Promise<AdviserOptions> {
  const customerId = customerIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await messageCustomer(q, customerId, { forUpdate: true });
    if (!customer) throw new AppError('customer_not_found');
    let adviserId: string | null = null;
    if (body.operatorId !== null) {
      const adviser = isUuid(body.operatorId) ? await activeOperator(q, body.operatorId.toLowerCase()) : null;
      if (!adviser) throw new AppError('adviser_invalid');
      adviserId = adviser.id;
    }
    await setAdviser(q, customerId, adviserId);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.adviser_assigned',
      details: { adviserId, previousAdviserId: customer.adviser_id },
      at: now,
    });
    return optionsOf(await activeOperators(q), adviserId);
  });
}

/** Who can be chosen as adviser, and the customer's current one (any operator role may read it). */
export async function adviserOptions(ctx: AppContext, id: string): Promise<AdviserOptions> {
  const customerId = customerIdParam(id);
  const customer = await messageCustomer(ctx.db, customerId);
  if (!customer) throw new AppError('customer_not_found');
  return optionsOf(await activeOperators(ctx.db), customer.adviser_id);
}

const optionsOf = (rows: { id: string; name: string; email: string }[], currentId: string | null) => ({
  items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email })),
  currentId,
});
