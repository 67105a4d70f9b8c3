import type { AppContext } from '../../context.ts';
import { customerAccount } from '../../ledger/index.ts';
import { TIMEOUT_REASON_CODE } from '../../rails/reason-codes.ts';
import { finishInstant, paymentOf } from './instant-service.ts';
import { claimStuckInstant, customerName } from './queries.ts';

/**
 * Recovery of instant transfers to other banks left `pending` by a crash between the reservation
 * and the rail's answer: once twice the rail's timeout has passed, asks the rail what became of the
 * payment and books or releases it; a payment the scheme knows nothing of (never received, or its
 * bank never answered) is released as unanswered — the scheme refuses it on its own timeout too.
 */
export async function recoverInstantTransfers(
  ctx: AppContext,
  options: { max?: number } = {},
): Promise<number> {
  const max = options.max ?? 100;
  let handled = 0;
  while (handled < max) {
    const done = await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const t = await claimStuckInstant(
        q,
        new Date(now.getTime() - 2 * ctx.config.instantRailTimeoutMs),
        now,
      );
      if (!t) return false;
      const account = await customerAccount(q, t.customer_id, t.account_id);
      const payer = await customerName(q, t.customer_id);
      const name = [payer?.first_name, payer?.last_name].filter(Boolean).join(' ') || account.name;
      const status = await ctx.rails.instant.status(paymentOf(t, { name, iban: account.iban }));
      await finishInstant(
        ctx,
        q,
        t.id,
        status.outcome === 'unknown' ? { outcome: 'rejected', reasonCode: TIMEOUT_REASON_CODE } : status,
      );
      return true;
    });
    if (!done) break;
    handled++;
  }
  return handled;
}
