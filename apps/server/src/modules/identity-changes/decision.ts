// Error codes thrown here: identity_change_not_found, identity_change_not_pending.
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { identityChangeDecidedMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerContact } from '../customers/index.ts';
import { identityChangeById, type IdentityChangeRow } from './queries.ts';

/**
 * Locks a request for a decision: only a pending one can be accepted or rejected, so two operators
 * deciding at once get one success and one 409.
 */
export async function lockPendingRequest(q: Queryable, id: string): Promise<IdentityChangeRow> {
  const row = await identityChangeById(q, id, { forUpdate: true });
  if (!row) throw new AppError('identity_change_not_found');
  if (row.status !== 'pending') throw new AppError('identity_change_not_pending');
  return row;
}

/**
 * The audit trail of a request (requested, decided) names the fields asked for, never their values
 * or the document: those stay on the request row, which anonymisation deletes, while the audit log
 * is append-only and keeps who changed which fields when.
 */
export function askedFields(row: IdentityChangeRow): string[] {
  const asked = {
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: row.birth_date,
    taxCountry: row.tax_country,
  };
  return Object.entries(asked)
    .filter(([, value]) => value !== null)
    .map(([field]) => field);
}

/** Tells the customer the decision (outbox, in the decision's transaction). */
export async function mailDecision(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  decision: { accepted: boolean; reason: string | null },
): Promise<void> {
  const customer = await findCustomerContact(q, customerId);
  if (!customer) return;
  await ctx.outbox.enqueue(
    q,
    identityChangeDecidedMail(mailBrand(ctx.config), {
      to: customer.email,
      firstName: customer.first_name,
      ...decision,
    }),
  );
}
