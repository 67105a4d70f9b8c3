import { randomBytes } from 'node:crypto';
import { cents } from '@comptoir/core';
import { loadConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/types.ts';
import { hashPassword } from '../crypto/password.ts';
import { glAccount, postEntry } from '../ledger/index.ts';
import { createCustomerWithHash } from '../modules/customers/index.ts';
import { openMainAccount } from '../modules/accounts/index.ts';
import { cardSecrets } from '../modules/cards/index.ts';
import { issueCard } from '../modules/cards/index.ts';
import { setBenchCardLimits } from './card-queries.ts';

export interface BenchCard {
  pan: string;
  cvv: string;
  expiry: string;
}

const FUNDING = 100_000_000n; // one million euros each: one-cent payments never run out

/**
 * `count` active customers, each with a funded main account and a card issued by the product's own
 * service under `masterKey` (the server's), limits at their maximum; returns the cards' details.
 */
export async function prepareCards(db: Db, masterKey: Buffer, count: number): Promise<BenchCard[]> {
  const ctx = {
    config: loadConfig({ ...process.env, SANDBOX: 'true' }),
    clock: systemClock,
    db,
    masterKey,
  } as AppContext;
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const clearing = await glAccount(db, 'gl:sepa-clearing');
  const secrets = cardSecrets(masterKey);
  const cards = new Array<BenchCard>(count);
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; i < count; i += 8) {
        cards[i] = await db.tx(async (q) => {
          const row = await createCustomerWithHash(q, {
            email: `bench-card-${i}-${randomBytes(4).toString('hex')}@bench.test`,
            passwordHash,
            status: 'pending_review',
            firstName: 'Client',
            lastName: `Carte ${i}`,
          });
          const account = await openMainAccount(ctx, q, row.id);
          await postEntry(q, {
            kind: 'transfer',
            legs: [
              { accountId: clearing.id, amount: cents(-FUNDING) },
              { accountId: account.id, amount: cents(FUNDING) },
            ],
            description: 'Virement SEPA reçu',
            at: ctx.clock.now(),
          });
          const card = await issueCard(ctx, q, {
            customerId: row.id,
            accountId: account.id,
            firstName: 'Client',
            lastName: `Carte ${i}`,
          });
          await setBenchCardLimits(q, card.id);
          const { pan, cvv } = secrets.open(card.id, {
            panSealed: card.pan_sealed,
            cvvSealed: card.cvv_sealed,
          });
          const [year, month] = card.expires_month.split('-');
          return { pan, cvv, expiry: `${month}/${year!.slice(2)}` };
        });
      }
    }),
  );
  return cards;
}
