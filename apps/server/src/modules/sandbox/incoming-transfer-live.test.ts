import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAccount } from '../../ledger/index.ts';
import { createCustomer } from '../customers/index.ts';
import { openMainAccount } from '../accounts/index.ts';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { listenLive } from '../events/__tests__/testing.ts';

let t: TestContext;
let operatorToken: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  operatorToken = await signIn(t, await newOperator(t, 'admin'));
});
afterAll(() => t.close());

let keyCounter = 0;
const newKey = () => `live-${process.pid}-${Date.now()}-${keyCounter++}`;

const openCustomer = (): Promise<LedgerAccount> =>
  t.ctx.db.tx(async (q) => {
    const c = await createCustomer(q, {
      email: uniqueEmail('live-credit'),
      password: 'Mot-de-passe-solide-1',
      status: 'pending_review',
    });
    return openMainAccount(t.ctx, q, c.id);
  });

const credit = (account: LedgerAccount, amount: number, debtorName: string, key = newKey()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/incoming-transfers',
    headers: { ...MUTATION, 'idempotency-key': key },
    cookies: withOperator(operatorToken),
    payload: { iban: account.iban, amount, debtorName, debtorIban: 'DE89370400440532013000' },
  });

const listen = (customerId: string) => listenLive(t.ctx.db, customerId);

describe('sandbox credit → live event', () => {
  it('announces a posted credit to the customer’s streams, once, with amount, payer and number', async () => {
    const account = await openCustomer();
    const other = await openCustomer();
    const mine = await listen(account.customerId!);
    const theirs = await listen(other.customerId!);
    try {
      const key = newKey();
      const first = await credit(account, 1234, 'Marie Curie', key);
      expect(first.statusCode).toBe(201);
      // The same request replayed posts nothing and announces nothing.
      expect((await credit(account, 1234, 'Marie Curie', key)).statusCode).toBe(201);
      const second = await credit(account, 500, 'Pierre Curie');
      expect(second.statusCode).toBe(201);

      const events = await mine.until(2);
      expect(events).toEqual([
        {
          type: 'credit',
          accountId: String(account.id),
          amount: 1234,
          counterpartyName: 'Marie Curie',
          number: first.json<{ number: string }>().number,
        },
        {
          type: 'credit',
          accountId: String(account.id),
          amount: 500,
          counterpartyName: 'Pierre Curie',
          number: second.json<{ number: string }>().number,
        },
      ]);
      // Another customer's stream hears nothing of it (its own credit arrives, and only that).
      expect((await credit(other, 700, 'Irène Joliot')).statusCode).toBe(201);
      expect(await theirs.until(1)).toEqual([expect.objectContaining({ amount: 700 })]);
      expect(mine.events).toHaveLength(2);
    } finally {
      mine.stop();
      theirs.stop();
    }
  });
});
