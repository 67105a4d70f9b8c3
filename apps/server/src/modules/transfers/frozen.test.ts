import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDate } from '@comptoir/core';
import {
  ACCOUNT_FROZEN_MESSAGE,
  OperationsPage,
  PAYEE_FROZEN_MESSAGE,
  Problem,
  Transfer,
  type CreateTransferRequest,
} from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { insertCustomerFreeze, insertPayeeBlock, markFreezeLifted } from '../../testing/asset-freezes.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { balances, payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

// docs/screening.md#freezing-in-the-payment-paths: what an asset freeze does to a transfer order.
// The order reads the freeze with its other facts; a refusal writes nothing — no transfer, no ledger
// entry, not even a reservation.
let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const problem = (res: { json(): unknown }) => Problem.parse(res.json());
const ERIKA = { name: 'Erika Mustermann', iban: 'DE55370400440532014000' };

/** Postings on an account and transfers of a customer: what a refusal must leave as it was. */
async function footprint(customerId: string, accountId: bigint) {
  const { rows } = await t.ctx.db.query<{ postings: number; transfers: number }>(
    `select (select count(*)::int from ledger_postings where account_id = $2) as postings,
            (select count(*)::int from transfers where customer_id = $1) as transfers`,
    [customerId, String(accountId)],
  );
  return rows[0]!;
}

describe('rule 1: every outgoing transfer of a frozen customer is refused `account_frozen`, nothing written', () => {
  it('instant on-us, instant to another bank, one-off, scheduled and a standing order', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const other = await signedIn(t.ctx, t.app, 0);
    const onUs = await payee(t.ctx, a.customer.id, { name: 'Jeanne Dupont', iban: other.account.iban ?? '' });
    const abroad = await payee(t.ctx, a.customer.id, ERIKA);
    await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    const before = await footprint(a.customer.id, a.account.id);
    const base = { accountId: String(a.account.id), amount: 1_000 };
    const later = addDays(parisDate(t.clock.now()), 10);
    const orders: [
      typeof onUs,
      'instant' | 'standard',
      Pick<CreateTransferRequest, 'executionDate' | 'repeat'>,
    ][] = [
      [onUs, 'instant', {}],
      [abroad, 'instant', {}],
      [abroad, 'standard', {}],
      [abroad, 'standard', { executionDate: later }],
      [abroad, 'standard', { repeat: { frequency: 'monthly', count: 12 } }],
    ];
    for (const [b, type, schedule] of orders) {
      const body = { ...base, beneficiaryId: b.id, type, ...schedule };
      // With a valid strong authentication: the freeze refuses what the customer did approve.
      const sca = await transferToken(t.ctx, a.customer.id, 1_000, b, schedule);
      const res = await sendTransfer(t.app, a.cookie, body, { sca });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(problem(res)).toMatchObject({ code: 'account_frozen', detail: ACCOUNT_FROZEN_MESSAGE });
    }
    expect(await footprint(a.customer.id, a.account.id)).toEqual(before);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
    expect(await balances(t.ctx, other.account)).toEqual({ posted: 0n, pending: 0n });
  });

  it('a lifting only proposed is still a freeze; the words name no list', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    await insertCustomerFreeze(t.ctx.db, a.customer.id, { status: 'lift_proposed', at: t.clock.now() });
    const res = await sendTransfer(t.app, a.cookie, {
      accountId: String(a.account.id),
      beneficiaryId: b.id,
      amount: 100,
      type: 'instant',
    });
    expect(problem(res).code).toBe('account_frozen');
    expect(res.body).not.toMatch(/sanction|liste|gel des avoirs|règlement|screening|criblage/i);
  });

  it('before the hold and the balance: an empty frozen account is told it is frozen, not that it is short', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    await t.ctx.db.query(
      `insert into document_requests (customer_id, kind, reason, blocking) values ($1, 'funds_origin', 'x', true)`,
      [a.customer.id],
    );
    await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    const res = await sendTransfer(t.app, a.cookie, {
      accountId: String(a.account.id),
      beneficiaryId: b.id,
      amount: 100,
      type: 'standard',
    });
    expect(problem(res).code).toBe('account_frozen');
  });
});

describe('rule 3: credits to a frozen customer are booked and stay frozen', () => {
  it('an on-us instant transfer to a frozen customer is booked, shows in the balance and operations, and cannot be spent', async () => {
    const frozen = await signedIn(t.ctx, t.app, 0, { firstName: 'Léa', lastName: 'Roux' });
    const payer = await signedIn(t.ctx, t.app, 5_000, { firstName: 'Marc', lastName: 'Petit' });
    await insertCustomerFreeze(t.ctx.db, frozen.customer.id, { at: t.clock.now() });
    const toFrozen = await payee(t.ctx, payer.customer.id, {
      name: 'Léa Roux',
      iban: frozen.account.iban ?? '',
    });
    const sent = await sendTransfer(
      t.app,
      payer.cookie,
      { accountId: String(payer.account.id), beneficiaryId: toFrozen.id, amount: 2_000, type: 'instant' },
      { sca: await transferToken(t.ctx, payer.customer.id, 2_000, toFrozen) },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(Transfer.parse(sent.json()).status).toBe('executed');
    expect(await balances(t.ctx, frozen.account)).toEqual({ posted: 2_000n, pending: 0n });
    const ops = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${frozen.account.id}/transactions`,
      headers: { cookie: frozen.cookie },
    });
    expect(OperationsPage.parse(ops.json()).items[0]).toMatchObject({ amount: 2_000, status: 'posted' });

    // Visible, not spendable.
    const onward = await payee(t.ctx, frozen.customer.id, ERIKA);
    const spend = await sendTransfer(
      t.app,
      frozen.cookie,
      { accountId: String(frozen.account.id), beneficiaryId: onward.id, amount: 2_000, type: 'instant' },
      { sca: await transferToken(t.ctx, frozen.customer.id, 2_000, onward) },
    );
    expect(problem(spend).code).toBe('account_frozen');
    expect(await balances(t.ctx, frozen.account)).toEqual({ posted: 2_000n, pending: 0n });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('rule 4: a blocked payee', () => {
  it('a transfer to the payee whose IBAN is blocked for this customer is refused `payee_frozen`, nothing written; other payees and other customers are not', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const blocked = await payee(t.ctx, a.customer.id, ERIKA);
    const bob = await payee(t.ctx, a.customer.id, { name: 'Bob Martin', iban: 'DE89370400440532013000' });
    await insertPayeeBlock(
      t.ctx.db,
      a.customer.id,
      { ...ERIKA, beneficiaryId: blocked.id },
      { at: t.clock.now() },
    );
    const before = await footprint(a.customer.id, a.account.id);
    const later = addDays(parisDate(t.clock.now()), 10);
    for (const extra of [
      { type: 'instant' },
      { type: 'standard' },
      { type: 'standard', executionDate: later },
    ]) {
      const body = { accountId: String(a.account.id), beneficiaryId: blocked.id, amount: 500, ...extra };
      const schedule = 'executionDate' in extra ? { executionDate: extra.executionDate } : {};
      const res = await sendTransfer(t.app, a.cookie, body, {
        sca: await transferToken(t.ctx, a.customer.id, 500, blocked, schedule),
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(409);
      expect(problem(res)).toMatchObject({ code: 'payee_frozen', detail: PAYEE_FROZEN_MESSAGE });
    }
    expect(await footprint(a.customer.id, a.account.id)).toEqual(before);

    // The block is the payee's IBAN, not the beneficiary row: added again, still blocked.
    const again = await payee(t.ctx, a.customer.id, { name: 'E. Mustermann', iban: ERIKA.iban });
    const res = await sendTransfer(t.app, a.cookie, {
      accountId: String(a.account.id),
      beneficiaryId: again.id,
      amount: 500,
      type: 'instant',
    });
    expect(problem(res).code).toBe('payee_frozen');

    // Another payee of the same customer, and the same payee of another customer, are paid.
    const toBob = { accountId: String(a.account.id), beneficiaryId: bob.id, amount: 500, type: 'instant' };
    const paid = await sendTransfer(t.app, a.cookie, toBob, {
      sca: await transferToken(t.ctx, a.customer.id, 500, bob),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const c = await signedIn(t.ctx, t.app, 1_000);
    const hers = await payee(t.ctx, c.customer.id, ERIKA);
    const theirs = await sendTransfer(
      t.app,
      c.cookie,
      { accountId: String(c.account.id), beneficiaryId: hers.id, amount: 500, type: 'instant' },
      { sca: await transferToken(t.ctx, c.customer.id, 500, hers) },
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
  });
});

describe('rule 6: lifting restores everything at once', () => {
  it('once the freeze and the payee block are lifted, the same orders go through', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const freeze = await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    const block = await insertPayeeBlock(t.ctx.db, a.customer.id, ERIKA, { at: t.clock.now() });
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_000, type: 'instant' };
    expect(problem(await sendTransfer(t.app, a.cookie, body)).code).toBe('account_frozen');
    await markFreezeLifted(t.ctx.db, freeze, t.clock.now());
    expect(problem(await sendTransfer(t.app, a.cookie, body)).code).toBe('payee_frozen');
    await markFreezeLifted(t.ctx.db, block, t.clock.now());
    const res = await sendTransfer(t.app, a.cookie, body, {
      sca: await transferToken(t.ctx, a.customer.id, 1_000, b),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 9_000n, pending: 0n });
  });
});
