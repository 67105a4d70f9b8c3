import type { AppContext } from '../../context.ts';
import { announce } from './publish.ts';
import { eraseExpiredValues, expireDueChallenges } from './queries.ts';

/**
 * The expiry job (every 30 s, on any number of instances): challenges left unanswered past their 10
 * minutes are marked `expired` and the customer told (the approve and refuse buttons go away); a
 * sealed authentication value the merchant never read is erased once past its validity. Batches are
 * claimed `FOR UPDATE SKIP LOCKED`: a row a customer is answering right now is left for the next run
 * (and that answer, past the expiry, is refused anyway). Returns how many challenges expired.
 */
export async function expireCardAuthentications(ctx: AppContext, batchSize = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const expired = await expireDueChallenges(q, now, batchSize);
      for (const row of expired) await announce(q, row, now);
      return expired.length;
    });
    total += count;
    if (count < batchSize) break;
  }
  await ctx.db.tx((q) => eraseExpiredValues(q, ctx.clock.now()));
  return total;
}
