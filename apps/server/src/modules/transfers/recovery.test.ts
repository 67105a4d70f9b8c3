import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transfer } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { verifyLedger } from '../../ledger/index.ts';
import type { InstantRail, InstantStatus } from '../../rails/instant-rail.ts';
import { recoverInstantTransfers } from './recover-instant-service.ts';
import { balances, payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

let t: TestContext;
/** A rail whose sending fails without a word (the answer was lost), and whose status we choose. */
let statusAnswer: InstantStatus = { outcome: 'unknown' };
const asked: string[] = [];
const lostAnswers: InstantRail = {
  send: () => Promise.reject(new Error('connection reset')),
  status: (p) => {
    asked.push(p.transferId);
    return Promise.resolve(statusAnswer);
  },
};

beforeAll(async () => {
  // The jobs act on every due row: a database of this file's own.
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  t.ctx.rails.instant = lostAnswers;
});
afterAll(() => t.close());

async function stuckTransfer() {
  const a = await signedIn(t.ctx, t.app, 10_000);
  const b = await payee(t.ctx, a.customer.id, { name: 'Erika Mustermann', iban: 'DE55370400440532014000' });
  const res = await sendTransfer(
    t.app,
    a.cookie,
    { accountId: String(a.account.id), beneficiaryId: b.id, amount: 2_000, type: 'instant' },
    { sca: await transferToken(t.ctx, a.customer.id, 2_000, b) },
  );
  expect(res.statusCode).toBe(201);
  const transfer = Transfer.parse(res.json());
  expect(transfer.status).toBe('pending');
  expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 2_000n });
  return { a, transfer };
}

const statusOf = async (id: string) =>
  (
    await t.ctx.db.query<{ status: string; reason_message: string | null }>(
      'select status, reason_message from transfers where id = $1',
      [id],
    )
  ).rows[0];

describe('recovery of instant transfers left pending', () => {
  it('waits twice the rail timeout, then books what the scheme settled', async () => {
    const { a, transfer } = await stuckTransfer();
    statusAnswer = { outcome: 'settled' };
    await recoverInstantTransfers(t.ctx);
    expect(asked).not.toContain(transfer.id);
    t.clock.advance(2 * t.ctx.config.instantRailTimeoutMs + 1_000);
    await recoverInstantTransfers(t.ctx);
    expect(asked).toContain(transfer.id);
    expect(await statusOf(transfer.id)).toMatchObject({ status: 'executed' });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 8_000n, pending: 0n });
  });

  it('releases what the scheme rejected, with its reason', async () => {
    const { a, transfer } = await stuckTransfer();
    statusAnswer = { outcome: 'rejected', reasonCode: 'AC04' };
    t.clock.advance(2 * t.ctx.config.instantRailTimeoutMs + 1_000);
    await recoverInstantTransfers(t.ctx);
    expect(await statusOf(transfer.id)).toEqual({
      status: 'rejected',
      reason_message: 'Virement refusé : le compte du bénéficiaire est clôturé (AC04)',
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
  });

  it('releases a payment the scheme never heard back about, as unanswered', async () => {
    const { a, transfer } = await stuckTransfer();
    statusAnswer = { outcome: 'unknown' };
    t.clock.advance(2 * t.ctx.config.instantRailTimeoutMs + 1_000);
    await recoverInstantTransfers(t.ctx);
    expect(await statusOf(transfer.id)).toEqual({
      status: 'rejected',
      reason_message: "Virement refusé : la banque du bénéficiaire n'a pas répondu",
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
