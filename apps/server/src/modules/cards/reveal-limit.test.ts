import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signIn } from '../../testing/customers.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { cardCall, createCardFor, revealFor } from './__tests__/helpers.ts';
import { CARD_REVEAL_LIMIT } from './routes.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: true });
});
afterAll(() => t.close());

describe('reveals are limited per customer', () => {
  it('the 11th in 10 minutes answers 429, whatever the session; another customer is not affected', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const card = await createCardFor(t.app, a.cookie);
    const url = `/api/cards/${card.id}/reveal`;
    for (let i = 0; i < CARD_REVEAL_LIMIT.max - 1; i++) {
      expect((await cardCall(t.app, 'POST', url, a.cookie)).statusCode).toBe(401);
    }
    expect((await revealFor(t.ctx, t.app, a.customer.id, a.cookie, card.id)).statusCode).toBe(200);
    const again = await cardCall(t.app, 'POST', url, await signIn(t.app, a.customer));
    expect(again.statusCode).toBe(429);
    expect(Problem.parse(again.json()).code).toBe('rate_limited');

    const b = await signedIn(t.ctx, t.app, 0);
    const hers = await createCardFor(t.app, b.cookie);
    expect((await revealFor(t.ctx, t.app, b.customer.id, b.cookie, hers.id)).statusCode).toBe(200);
  });
});
