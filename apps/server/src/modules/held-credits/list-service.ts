import type {
  CustomerHeldCreditList,
  HeldCredit,
  HeldCreditList,
  HeldCreditsQuery,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { customerHeldCredits, heldCreditById, listHeldCredits } from './queries.ts';
import { customerHeldCreditView, heldCreditView } from './view.ts';

/** The « Virements retenus » queue: to decide, nearest deadline first; or decided, newest first. */
export async function listHeldCreditQueue(
  ctx: AppContext,
  status: HeldCreditsQuery['status'],
): Promise<HeldCreditList> {
  const now = ctx.clock.now();
  const rows = await listHeldCredits(ctx.db, status);
  return { items: rows.map((r) => heldCreditView(r, now)) };
}

export async function getHeldCredit(ctx: AppContext, idParam: string): Promise<HeldCredit> {
  const row = await heldCreditById(ctx.db, uuidOrNotFound(idParam, 'held_credit_not_found'));
  if (!row) throw new AppError('held_credit_not_found');
  return heldCreditView(row, ctx.clock.now());
}

/** How long a decided credit stays in the customer's list. */
const DECIDED_SHOWN_MS = 30 * 24 * 60 * 60 * 1000;

/** The customer's own: being verified, or decided in the last 30 days (theirs only). */
export async function listCustomerHeldCredits(
  ctx: AppContext,
  customerId: string,
): Promise<CustomerHeldCreditList> {
  const since = new Date(ctx.clock.now().getTime() - DECIDED_SHOWN_MS);
  const rows = await customerHeldCredits(ctx.db, customerId, since);
  return { items: rows.map(customerHeldCreditView) };
}
