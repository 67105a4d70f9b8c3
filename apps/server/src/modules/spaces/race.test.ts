import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPACES_MAX } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { accountsOf, call, createSpaceFor, moveMoney } from './__tests__/helpers.ts';

// Races need real concurrent connections: PostgreSQL only (PGlite runs one statement at a time).
describe.skipIf(!process.env.DATABASE_URL)('Espaces racing (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({ rateLimits: false });
  });
  afterAll(() => t.close());

  it(`concurrent creations never exceed ${SPACES_MAX} open Espaces`, async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const answers = await Promise.all(
      Array.from({ length: SPACES_MAX + 6 }, (_, i) =>
        call(t.app, 'POST', '/api/spaces', a.cookie, { name: `Course ${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(SPACES_MAX);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    expect((await accountsOf(t.app, a.cookie)).filter((x) => x.kind === 'sub')).toHaveLength(SPACES_MAX);
  });

  it('concurrent moves out never take more than the Espace holds; the total is conserved', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const space = await createSpaceFor(t.app, a.cookie);
    expect((await moveMoney(t.app, a.cookie, space.id, { amount: 1_000, direction: 'in' })).statusCode).toBe(
      201,
    );
    // 20 moves out of 100 and 10 in of 50, all at once, from a space holding 1,000.
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        moveMoney(t.app, a.cookie, space.id, { amount: 100, direction: 'out' }),
      ),
      ...Array.from({ length: 10 }, () =>
        moveMoney(t.app, a.cookie, space.id, { amount: 50, direction: 'in' }),
      ),
    ]);
    const outs = answers.slice(0, 20).map((r) => r.statusCode);
    const ins = answers.slice(20).map((r) => r.statusCode);
    expect(ins.every((c) => c === 201)).toBe(true);
    expect(outs.every((c) => c === 201 || c === 422)).toBe(true);
    const okOut = outs.filter((c) => c === 201).length;
    expect(okOut).toBeGreaterThanOrEqual(10);
    const [main, sub] = await accountsOf(t.app, a.cookie);
    expect(sub!.bookedBalance).toBe(1_000 + 500 - okOut * 100);
    expect(sub!.bookedBalance).toBeGreaterThanOrEqual(0);
    expect(main!.bookedBalance + sub!.bookedBalance).toBe(10_000);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('a move racing a closure: either the move lands and the closure is refused, or the reverse', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    for (let round = 0; round < 8; round += 1) {
      const space = await createSpaceFor(t.app, a.cookie, { name: `Course ${round}` });
      const [move, close] = await Promise.all([
        moveMoney(t.app, a.cookie, space.id, { amount: 100, direction: 'in' }),
        call(t.app, 'DELETE', `/api/spaces/${space.id}`, a.cookie),
      ]);
      const outcome = [move.statusCode, close.statusCode];
      expect([
        [201, 409],
        [404, 200],
      ]).toContainEqual(outcome);
      if (move.statusCode === 201) {
        // Put the money back and close for good.
        expect(
          (await moveMoney(t.app, a.cookie, space.id, { amount: 100, direction: 'out' })).statusCode,
        ).toBe(201);
        expect((await call(t.app, 'DELETE', `/api/spaces/${space.id}`, a.cookie)).statusCode).toBe(200);
      }
    }
    const accounts = await accountsOf(t.app, a.cookie);
    expect(accounts.map((x) => x.bookedBalance)).toEqual([10_000]);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
