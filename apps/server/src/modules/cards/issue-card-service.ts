import { randomInt, randomUUID } from 'node:crypto';
import { generateCvv, generatePan } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { cardSecrets } from './card-secrets.ts';
import { expireOutdatedCards, insertCard, type CardRow } from './queries.ts';

export interface CardHolder {
  customerId: string;
  /** The account the card debits: the customer's main account. */
  accountId: bigint;
  firstName: string;
  lastName: string;
}

const firstOfMonth = (year: number, monthIndex: number): string =>
  new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10);

/**
 * Issues a virtual debit card inside the caller's transaction (account approval, « Créer une carte »,
 * the demo): a 16-digit Luhn-valid PAN in the configured BIN, unique (another number is drawn if its
 * fingerprint is taken), a 3-digit CVV, valid from the issue month (UTC) to the same month 3 years
 * later, holder from the verified identity. The PAN and CVV leave this function only sealed; the
 * caller makes sure the customer has no active card (`cards_one_active` refuses a second one).
 */
export async function issueCard(ctx: AppContext, q: Queryable, holder: CardHolder): Promise<CardRow> {
  const now = ctx.clock.now();
  await expireOutdatedCards(q, holder.customerId, now);
  const secrets = cardSecrets(ctx.masterKey);
  const validFrom = firstOfMonth(now.getUTCFullYear(), now.getUTCMonth());
  const expiresMonth = firstOfMonth(now.getUTCFullYear() + 3, now.getUTCMonth());
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = randomUUID();
    const pan = generatePan(ctx.config.cardBin, randomInt);
    const cvv = generateCvv(randomInt);
    const card = await insertCard(q, {
      id,
      customerId: holder.customerId,
      accountId: holder.accountId,
      ...secrets.seal(id, { pan, cvv }),
      panFingerprint: secrets.fingerprint(pan),
      cvvMac: secrets.cvvMac(pan, cvv),
      last4: pan.slice(-4),
      holderFirstName: holder.firstName,
      holderLastName: holder.lastName,
      validFrom,
      expiresMonth,
      now,
    });
    if (card) return card;
  }
  throw new Error('could not allocate a card number');
}
