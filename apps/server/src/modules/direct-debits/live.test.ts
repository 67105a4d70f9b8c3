import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { listenLive } from '../events/__tests__/testing.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { announced, announcement, present, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
});
afterAll(() => t.close());

describe('direct debits → live events', () => {
  it('an announcement, then a return, reach the customer live with their notifications', async () => {
    setNow(t, '2026-11-18T10:00:00+01:00');
    const a = await signedIn(t.ctx, t.app, 100);
    const live = await listenLive(t.ctx.db, a.customer.id);
    const notes = await listenLive(t.ctx.db, a.customer.id, { only: 'notifications' });
    try {
      const c = await announced(t, announcement(a.account.iban ?? '', '2026-11-23', { amount: 4_990 }));
      await present(t, c.id);
      expect(await live.until(2)).toMatchObject([
        {
          type: 'direct_debit',
          collectionId: c.id,
          status: 'announced',
          amount: 4_990,
          creditorName: 'Energie Verte',
          dueDate: '2026-11-23',
          returnReason: null,
        },
        {
          type: 'direct_debit',
          collectionId: c.id,
          status: 'returned',
          returnReason: 'AM04',
          returnMessage: 'Prélèvement rejeté : solde insuffisant (AM04).',
        },
      ]);
      expect(await notes.until(2)).toMatchObject([
        {
          type: 'notification',
          notification: { kind: 'direct_debit_announced', amount: 4_990, counterparty: 'Energie Verte' },
          unreadCount: 1,
        },
        {
          type: 'notification',
          notification: {
            kind: 'direct_debit_returned',
            amount: 4_990,
            reason: 'Prélèvement rejeté : solde insuffisant (AM04).',
          },
          unreadCount: 2,
        },
      ]);
    } finally {
      live.stop();
      notes.stop();
    }
  });
});
