import type { MyAdviser } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { adviserOf } from './adviser-queries.ts';

/**
 * The customer's adviser (docs/product/profile-and-security.md#profil): name, e-mail and phone — the operator's own
 * phone, or the institution's when the operator has none. Null when no active adviser is assigned.
 */
export async function myAdviser(ctx: AppContext, customerId: string): Promise<MyAdviser> {
  const row = await adviserOf(ctx.db, customerId);
  if (!row) return { adviser: null };
  return { adviser: { name: row.name, email: row.email, phone: row.phone ?? ctx.config.institution.phone } };
}
