import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { SPACE_MOVE_LIMIT } from './routes.ts';
import { createSpaceFor, moveMoney } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext(); // the rate limits on, as in production
});
afterAll(() => t.close());

describe('moves between Espaces are a money call, rate-limited per customer', () => {
  it(`answers a move past ${SPACE_MOVE_LIMIT.max} in a minute 429 in French, and not another customer’s`, async () => {
    const a = await signedIn(t.ctx, t.app, 1_000_000);
    const b = await signedIn(t.ctx, t.app, 1_000_000);
    const spaceA = await createSpaceFor(t.app, a.cookie);
    const spaceB = await createSpaceFor(t.app, b.cookie);
    for (let i = 0; i < SPACE_MOVE_LIMIT.max; i++) {
      const res = await moveMoney(t.app, a.cookie, spaceA.id, { amount: 100, direction: 'in' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await moveMoney(t.app, a.cookie, spaceA.id, { amount: 100, direction: 'in' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(Problem.parse(refused.json())).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Problem.parse(refused.json()).detail).toMatch(/Trop de tentatives/);
    // Another customer still moves.
    expect((await moveMoney(t.app, b.cookie, spaceB.id, { amount: 100, direction: 'in' })).statusCode).toBe(
      201,
    );
  });
});
