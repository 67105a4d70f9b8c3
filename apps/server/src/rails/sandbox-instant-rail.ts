import { setTimeout as sleep } from 'node:timers/promises';
import type { InstantOutcome, InstantPayment, InstantRail, InstantStatus } from './instant-rail.ts';
import { sandboxPayee } from './sandbox-ibans.ts';

/**
 * The sandbox's instant scheme: the other bank answers after a short delay as `sandbox-ibans.ts`
 * says (settle, AC04, AC01) and the timeout IBAN never answers; any other IBAN settles. Its answers
 * are known in advance, so `status` gives the same outcome after a restart (the timeout IBAN stays
 * unknown: the scheme never heard back from that bank).
 */
export function sandboxInstantRail(options: { delayMs?: number } = {}): InstantRail {
  const delayMs = options.delayMs ?? 150;
  const outcomeOf = (payment: InstantPayment): InstantOutcome | null => {
    const payee = sandboxPayee(payment.payeeIban);
    if (!payee || payee.instant.outcome === 'settle') return { outcome: 'settled' };
    if (payee.instant.outcome === 'reject')
      return { outcome: 'rejected', reasonCode: payee.instant.reasonCode };
    return null;
  };
  return {
    async send(payment) {
      const outcome = outcomeOf(payment);
      // The silent bank: the promise never settles; the caller's timeout decides.
      if (!outcome) return new Promise<never>(() => undefined);
      await sleep(delayMs);
      return outcome;
    },
    status(payment): Promise<InstantStatus> {
      return Promise.resolve(outcomeOf(payment) ?? { outcome: 'unknown' });
    },
  };
}
