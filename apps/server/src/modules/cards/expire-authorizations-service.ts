import { CARD_AUTHORIZATION_EXPIRY_DAYS } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { voidEntry } from '../../ledger/index.ts';
import { publishCard } from '../../events/index.ts';
import { authorizationActivity } from './activity-view.ts';
import { claimStaleAuthorizations, markExpired } from './authorization-queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Releases approvals not cleared within 7 days (a job, every minute, on any number of instances):
 * each batch claims the oldest ones `FOR UPDATE SKIP LOCKED`, voids their reservations (available
 * balance back), marks them `expired` and tells the customer. Returns how many expired.
 *
 * Locks: this job takes the authorisation row, then the account (inside `voidEntry`), but not the
 * card row — and that cannot deadlock with the card writers' order (card → authorisation →
 * account): a cycle would need someone holding the account while waiting for an authorisation row,
 * or holding an authorisation row while waiting for its card, and nobody does either (an
 * authorisation takes card then account and never waits on another authorisation row; a clearing
 * takes the account last). A clearing waiting on a row this job holds sees it `expired` once the job
 * commits and answers 409; a row a clearing holds is skipped here and looked at again next run.
 */
export async function expireCardAuthorizations(ctx: AppContext, batchSize = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const stale = await claimStaleAuthorizations(
        q,
        new Date(now.getTime() - CARD_AUTHORIZATION_EXPIRY_DAYS * DAY_MS),
        batchSize,
      );
      // Accounts in ascending id order, as every ledger writer locks them: two instances voiding
      // batches that touch the same accounts cannot wait on each other in a cycle.
      stale.sort((a, b) => (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0));
      for (const auth of stale) {
        if (auth.entry_id !== null) await voidEntry(q, auth.entry_id, now);
        const row = await markExpired(q, auth.id, now);
        if (row.customer_id && row.card_id) {
          await publishCard(q, row.customer_id, {
            cardId: row.card_id,
            activity: authorizationActivity(row),
          });
        }
      }
      return stale.length;
    });
    total += count;
    if (count < batchSize) return total;
  }
}
