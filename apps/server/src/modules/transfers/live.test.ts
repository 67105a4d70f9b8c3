import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transfer } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const listen = (customerId: string) => listenLive(t.ctx.db, customerId);

describe('transfers → live events', () => {
  it('an instant on-us transfer credits the payee live, with the payer’s name and the number', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000, { firstName: 'Alice', lastName: 'Dupont' });
    const p = await signedIn(t.ctx, t.app, 0);
    const b = await payee(t.ctx, a.customer.id, { name: 'Camille Martin', iban: p.account.iban ?? '' });
    const theirs = await listen(p.customer.id);
    try {
      const res = await sendTransfer(
        t.app,
        a.cookie,
        { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_250, type: 'instant' },
        { sca: await transferToken(t.ctx, a.customer.id, 1_250, b) },
      );
      const transfer = Transfer.parse(res.json());
      expect(await theirs.until(1)).toEqual([
        {
          type: 'credit',
          accountId: String(p.account.id),
          amount: 1_250,
          counterpartyName: 'Alice Dupont',
          number: transfer.number,
        },
      ]);
    } finally {
      theirs.stop();
    }
  });

  it('a rejected transfer to another bank tells its payer, with the reason', async () => {
    const a = await signedIn(t.ctx, t.app, 5_000);
    const b = await payee(t.ctx, a.customer.id, { name: 'Jonas Becker', iban: 'DE28370400440532014001' });
    const mine = await listen(a.customer.id);
    try {
      const res = await sendTransfer(
        t.app,
        a.cookie,
        { accountId: String(a.account.id), beneficiaryId: b.id, amount: 700, type: 'instant' },
        { sca: await transferToken(t.ctx, a.customer.id, 700, b) },
      );
      const transfer = Transfer.parse(res.json());
      expect(await mine.until(1)).toEqual([
        {
          type: 'transfer',
          transferId: transfer.id,
          number: transfer.number,
          status: 'rejected',
          reasonMessage: 'Virement refusé : le compte du bénéficiaire est clôturé (AC04)',
        },
      ]);
    } finally {
      mine.stop();
    }
  });
});
