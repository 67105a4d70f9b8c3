import { cents } from '@comptoir/core';
import type { AppContext } from '../context.ts';
import { glAccount, postEntry, type LedgerAccount } from '../ledger/index.ts';
import { createCustomer } from '../modules/customers/index.ts';
import { openMainAccount } from '../modules/accounts/index.ts';
import { cardSecrets } from '../modules/cards/index.ts';
import { issueCard } from '../modules/cards/index.ts';
import { uniqueEmail } from './test-basics.ts';

/** A customer with an account and a card whose number is known (tests and benches only). */
export interface CardFixture {
  customerId: string;
  email: string;
  account: LedgerAccount;
  cardId: string;
  pan: string;
  cvv: string;
  /** MM/YY as printed. */
  expiry: string;
}

export const CARD_FIXTURE_PASSWORD = 'Trois-Poires-Vertes-42';

/**
 * An active customer, their main account funded with `funding` cents and a freshly issued card
 * (limits set when given). The PAN and CVV are read back by opening the sealed values, as the
 * reveal does.
 */
export async function cardFixture(
  ctx: AppContext,
  options: { funding?: number; weeklyLimit?: number; monthlyLimit?: number } = {},
): Promise<CardFixture> {
  const email = uniqueEmail('carte');
  return ctx.db.tx(async (q) => {
    const customer = await createCustomer(q, {
      email,
      password: CARD_FIXTURE_PASSWORD,
      status: 'pending_review',
      firstName: 'Camille',
      lastName: 'Martin',
    });
    const account = await openMainAccount(ctx, q, customer.id);
    const card = await issueCard(ctx, q, {
      customerId: customer.id,
      accountId: account.id,
      firstName: 'Camille',
      lastName: 'Martin',
    });
    if (options.weeklyLimit !== undefined || options.monthlyLimit !== undefined) {
      await q.query(
        'update cards set weekly_limit = coalesce($2, weekly_limit), monthly_limit = coalesce($3, monthly_limit) where id = $1',
        [card.id, options.weeklyLimit ?? null, options.monthlyLimit ?? null],
      );
    }
    if (options.funding) {
      const clearing = await glAccount(q, 'gl:sepa-clearing');
      await postEntry(q, {
        kind: 'transfer',
        legs: [
          { accountId: clearing.id, amount: cents(-options.funding) },
          { accountId: account.id, amount: cents(options.funding) },
        ],
        at: ctx.clock.now(),
      });
    }
    const { pan, cvv } = cardSecrets(ctx.masterKey).open(card.id, {
      panSealed: card.pan_sealed,
      cvvSealed: card.cvv_sealed,
    });
    const [year, month] = card.expires_month.split('-');
    return {
      customerId: customer.id,
      email,
      account,
      cardId: card.id,
      pan,
      cvv,
      expiry: `${month}/${year!.slice(2)}`,
    };
  });
}
