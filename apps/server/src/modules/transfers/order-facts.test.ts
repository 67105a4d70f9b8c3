import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { orderFacts } from './queries.ts';
import { payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

// The order's one statement: only the customer's own beneficiary and account, and whether a
// candidate st- number is still free among transfers and ledger entries.
let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

it('reads only the acting customer’s beneficiary and account; a taken st- number is not free', async () => {
  const a = await signedIn(t.ctx, t.app, 10_000);
  const b = await signedIn(t.ctx, t.app, 0, { firstName: 'Jeanne', lastName: 'Dupont' });
  const toB = await payee(t.ctx, a.customer.id, { name: 'Jeanne Dupont', iban: b.account.iban ?? '' });
  const sent = await sendTransfer(
    t.app,
    a.cookie,
    { accountId: String(a.account.id), beneficiaryId: toB.id, amount: 100, type: 'instant' },
    {
      sca: await transferToken(t.ctx, a.customer.id, 100, {
        iban: b.account.iban ?? '',
        name: 'Jeanne Dupont',
      }),
    },
  );
  expect(sent.statusCode).toBe(201);
  const { number } = sent.json<{ number: string }>();

  const mine = await orderFacts(t.ctx.db, a.customer.id, toB.id, String(a.account.id), number);
  expect(mine.beneficiary?.id).toBe(toB.id);
  expect(mine.account?.id).toBe(a.account.id);
  expect(mine.payeeAccount?.id).toBe(b.account.id);
  expect(mine.numberFree).toBe(false);
  expect(
    (await orderFacts(t.ctx.db, a.customer.id, toB.id, String(a.account.id), 'st-10000000')).numberFree,
  ).toBe(true);

  // B asking with A's beneficiary and A's account sees neither.
  const theirs = await orderFacts(t.ctx.db, b.customer.id, toB.id, String(a.account.id), 'st-10000001');
  expect(theirs.beneficiary).toBeNull();
  expect(theirs.account).toBeNull();
});
