// Error codes thrown here: statements_busy, statements_in_preparation.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

/** Statements one customer may have in the making at once, and all customers together (per process). */
export const STATEMENT_BUILDS = { perCustomer: 2, total: 4 } as const;

interface Builds {
  total: number;
  byCustomer: Map<string, number>;
}

const buildsOf = new WeakMap<AppContext, Builds>();

/**
 * Takes a place for one statement build, or refuses with 429 in French when the customer already
 * has `perCustomer` being made (or the server `total`). Returns the function that gives it back.
 */
export function takeStatementBuild(ctx: AppContext, customerId: string): () => void {
  let builds = buildsOf.get(ctx);
  if (!builds) {
    builds = { total: 0, byCustomer: new Map() };
    buildsOf.set(ctx, builds);
  }
  const mine = builds.byCustomer.get(customerId) ?? 0;
  if (mine >= STATEMENT_BUILDS.perCustomer)
    throw new AppError('statements_in_preparation', { retryAfterSeconds: 5 });
  if (builds.total >= STATEMENT_BUILDS.total) throw new AppError('statements_busy', { retryAfterSeconds: 5 });
  builds.total += 1;
  builds.byCustomer.set(customerId, mine + 1);
  let given = false;
  const state = builds;
  return () => {
    if (given) return;
    given = true;
    state.total -= 1;
    const left = (state.byCustomer.get(customerId) ?? 1) - 1;
    if (left > 0) state.byCustomer.set(customerId, left);
    else state.byCustomer.delete(customerId);
  };
}
