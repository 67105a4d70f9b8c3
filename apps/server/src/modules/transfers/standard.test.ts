import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transfer, TransferList } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { listMailbox } from '../../mail/mailbox.ts';
import { signIn } from '../../testing/customers.ts';
import { insertCustomerFreeze, insertPayeeBlock, markFreezeLifted } from '../../testing/asset-freezes.ts';
import { executeDueTransfers } from './execute-due-service.ts';
import {
  balances,
  fund,
  party,
  payee,
  sendTransfer,
  transferToken,
  type Party,
} from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  // The jobs act on every due row: a database of this file's own.
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
});
afterAll(() => t.close());

/** Moves the test clock to an instant (ISO, with its offset). */
const setNow = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
const ERIKA = { name: 'Erika Mustermann', iban: 'DE55370400440532014000' };

async function order(
  from: Party,
  to: { name: string; iban: string },
  body: Record<string, unknown>,
): Promise<Transfer> {
  const cookie = await signIn(t.app, from.customer);
  const b = await payee(t.ctx, from.customer.id, to);
  const res = await sendTransfer(
    t.app,
    cookie,
    { accountId: String(from.account.id), beneficiaryId: b.id, type: 'standard', ...body },
    { sca: await transferToken(t.ctx, from.customer.id, Number(body.amount), b, body) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return Transfer.parse(res.json());
}

const read = async (p: Party, id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/transfers/${id}`,
    headers: { cookie: await signIn(t.app, p.customer) },
  });
  return Transfer.parse(res.json());
};

const cancel = async (p: Party, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/transfers/${id}`,
    headers: { 'x-requested-with': 'comptoir', cookie: await signIn(t.app, p.customer) },
  });

describe('one-off transfers (« Virement Ponctuel »)', () => {
  it('reserved at once, booked by the job on the next TARGET2 business day (Christmas Eve → 28 Dec)', async () => {
    setNow('2026-12-24T10:00:00+01:00'); // Thursday; 25 and 26 are closed, 27 is a Sunday
    const a = await party(t.ctx, 10_000, { firstName: 'Alice', lastName: 'Dupont' });
    const p = await party(t.ctx, 0);
    const transfer = await order(
      a,
      { name: 'Camille Martin', iban: p.account.iban ?? '' },
      { amount: 3_000 },
    );
    expect(transfer).toMatchObject({ status: 'pending', executionDate: '2026-12-28', type: 'standard' });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 3_000n });
    expect(await balances(t.ctx, p.account)).toEqual({ posted: 0n, pending: 0n });

    for (const day of [
      '2026-12-24T23:00:00+01:00',
      '2026-12-25T12:00:00+01:00',
      '2026-12-27T12:00:00+01:00',
    ]) {
      setNow(day);
      await executeDueTransfers(t.ctx);
      expect((await read(a, transfer.id)).status).toBe('pending');
    }
    setNow('2026-12-28T00:30:00+01:00');
    await executeDueTransfers(t.ctx);
    expect(await read(a, transfer.id)).toMatchObject({ status: 'executed', number: transfer.number });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 7_000n, pending: 0n });
    expect(await balances(t.ctx, p.account)).toEqual({ posted: 3_000n, pending: 0n });
    // Executed: no longer cancellable.
    const late = await cancel(a, transfer.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Ce virement ne peut plus être annulé.');
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('cancelled while pending: the reservation is released and the job leaves it alone', async () => {
    setNow('2027-03-02T09:00:00+01:00');
    const a = await party(t.ctx, 5_000);
    const transfer = await order(a, ERIKA, { amount: 2_000 });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 5_000n, pending: 2_000n });
    const res = await cancel(a, transfer.id);
    expect(res.statusCode).toBe(200);
    expect(Transfer.parse(res.json()).status).toBe('cancelled');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 5_000n, pending: 0n });
    setNow('2027-03-04T09:00:00+01:00');
    await executeDueTransfers(t.ctx);
    expect((await read(a, transfer.id)).status).toBe('cancelled');
    expect((await cancel(a, transfer.id)).statusCode).toBe(409);
  });

  it('an instant transfer cannot be cancelled', async () => {
    setNow('2027-03-05T09:00:00+01:00');
    const a = await party(t.ctx, 5_000);
    const cookie = await signIn(t.app, a.customer);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const res = await sendTransfer(
      t.app,
      cookie,
      { accountId: String(a.account.id), beneficiaryId: b.id, type: 'instant', amount: 100 },
      { sca: await transferToken(t.ctx, a.customer.id, 100, b) },
    );
    expect((await cancel(a, Transfer.parse(res.json()).id)).statusCode).toBe(409);
  });

  it('scheduled for a later day: nothing reserved, no balance rule until then; booked on that day', async () => {
    setNow('2027-04-01T09:00:00+02:00');
    const a = await party(t.ctx, 0);
    const transfer = await order(a, ERIKA, { amount: 1_500, executionDate: '2027-04-15' });
    expect(transfer).toMatchObject({ status: 'scheduled', executionDate: '2027-04-15' });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 0n, pending: 0n });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/transfers',
      headers: { cookie: await signIn(t.app, a.customer) },
    });
    expect(TransferList.parse(list.json()).upcoming.map((x) => x.id)).toEqual([transfer.id]);
    await fund(t.ctx, a.account, 2_000);
    setNow('2027-04-14T23:59:00+02:00');
    await executeDueTransfers(t.ctx);
    expect((await read(a, transfer.id)).status).toBe('scheduled');
    setNow('2027-04-15T06:00:00+02:00');
    await executeDueTransfers(t.ctx);
    expect((await read(a, transfer.id)).status).toBe('executed');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 500n, pending: 0n });
  });

  it('a blocking document request holds due transfers until it is accepted (docs/product/statements-and-documents.md#documents-the-bank-asks-for)', async () => {
    setNow('2027-09-01T09:00:00+02:00');
    const a = await party(t.ctx, 5_000);
    const scheduled = await order(a, ERIKA, { amount: 1_000, executionDate: '2027-09-06' });
    const oneOff = await order(a, ERIKA, { amount: 700 });
    await t.ctx.db.query(
      `insert into document_requests (customer_id, kind, reason, blocking) values ($1, 'funds_origin', 'x', true)`,
      [a.customer.id],
    );
    setNow('2027-09-06T09:00:00+02:00');
    await executeDueTransfers(t.ctx);
    expect((await read(a, scheduled.id)).status).toBe('scheduled');
    expect((await read(a, oneOff.id)).status).toBe('pending');
    await t.ctx.db.query(`update document_requests set status = 'accepted' where customer_id = $1`, [
      a.customer.id,
    ]);
    await executeDueTransfers(t.ctx);
    expect((await read(a, scheduled.id)).status).toBe('executed');
    expect((await read(a, oneOff.id)).status).toBe('executed');
  });

  it('a past execution date is refused', async () => {
    setNow('2027-04-20T09:00:00+02:00');
    const a = await party(t.ctx, 1_000);
    const cookie = await signIn(t.app, a.customer);
    const b = await payee(t.ctx, a.customer.id, ERIKA);
    const res = await sendTransfer(t.app, cookie, {
      accountId: String(a.account.id),
      beneficiaryId: b.id,
      type: 'standard',
      amount: 100,
      executionDate: '2027-04-19',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('monthly repetition', () => {
  it('anchored on the 31st: 31 Jan, 28 Feb, 31 Mar, 30 Apr; a short month skips with a mail, the series goes on', async () => {
    setNow('2027-01-10T09:00:00+01:00');
    const a = await party(t.ctx, 2_500);
    const first = await order(a, ERIKA, {
      amount: 1_000,
      executionDate: '2027-01-31',
      repeat: { frequency: 'monthly', count: 4 },
    });
    expect(first).toMatchObject({ status: 'scheduled', repeat: { frequency: 'monthly', count: 4 } });

    const seriesDates = async () => {
      const { rows } = await t.ctx.db.query<{ d: string; status: string }>(
        `select execution_date::text as d, status from transfers where series_id = $1 order by occurrence`,
        [first.id],
      );
      return rows.map((r) => `${r.d} ${r.status}`);
    };
    // 31 Jan 2027 is a Sunday: runs on Monday 1 Feb.
    setNow('2027-01-31T12:00:00+01:00');
    await executeDueTransfers(t.ctx);
    expect(await seriesDates()).toEqual(['2027-01-31 scheduled']);
    setNow('2027-02-01T08:00:00+01:00');
    await executeDueTransfers(t.ctx);
    expect(await seriesDates()).toEqual(['2027-01-31 executed', '2027-02-28 scheduled']);
    // 28 Feb 2027 is a Sunday → 1 March.
    setNow('2027-03-01T08:00:00+01:00');
    await executeDueTransfers(t.ctx);
    expect(await seriesDates()).toEqual([
      '2027-01-31 executed',
      '2027-02-28 executed',
      '2027-03-31 scheduled',
    ]);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 500n, pending: 0n });
    // 31 March: 500 available for 1,000 → skipped, not retried, mail; April still planned.
    setNow('2027-03-31T08:00:00+02:00');
    await executeDueTransfers(t.ctx);
    expect(await seriesDates()).toEqual([
      '2027-01-31 executed',
      '2027-02-28 executed',
      '2027-03-31 skipped',
      '2027-04-30 scheduled',
    ]);
    setNow('2027-04-01T08:00:00+02:00');
    await executeDueTransfers(t.ctx);
    expect((await seriesDates())[2]).toBe('2027-03-31 skipped');
    const mails = await listMailbox(t.ctx, a.customer.email);
    expect(mails.some((m) => m.subject === 'Un virement programmé n’a pas pu être effectué')).toBe(true);
    // Each outcome is kept as a notification for the payer, the skip with its reason.
    const { rows: kept } = await t.ctx.db.query<{ kind: string; amount: bigint; reason: string | null }>(
      'select kind, amount, reason from notifications where customer_id = $1 order by seq',
      [a.customer.id],
    );
    expect(kept.map((n) => `${n.kind} ${n.amount}`)).toEqual([
      'transfer_executed 1000',
      'transfer_executed 1000',
      'transfer_skipped 1000',
    ]);
    expect(kept[2]?.reason).toBe('Virement non effectué : solde insuffisant.');
    // The last one, then the series is over (count 4).
    await fund(t.ctx, a.account, 1_000);
    setNow('2027-04-30T08:00:00+02:00');
    await executeDueTransfers(t.ctx);
    expect(await seriesDates()).toEqual([
      '2027-01-31 executed',
      '2027-02-28 executed',
      '2027-03-31 skipped',
      '2027-04-30 executed',
    ]);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 500n, pending: 0n });
  });

  it('cancelling the upcoming occurrence stops the series', async () => {
    setNow('2027-06-01T09:00:00+02:00');
    const a = await party(t.ctx, 10_000);
    const first = await order(a, ERIKA, {
      amount: 1_000,
      repeat: { frequency: 'monthly', endDate: '2027-12-31' },
    });
    expect(first.status).toBe('pending');
    setNow('2027-06-02T09:00:00+02:00');
    await executeDueTransfers(t.ctx);
    const { rows } = await t.ctx.db.query<{ id: string; d: string }>(
      `select id, execution_date::text as d from transfers where series_id = $1 and status = 'scheduled'`,
      [first.id],
    );
    expect(rows.map((r) => r.d)).toEqual(['2027-07-01']);
    expect((await cancel(a, rows[0]?.id ?? '')).statusCode).toBe(200);
    setNow('2027-07-01T09:00:00+02:00');
    await executeDueTransfers(t.ctx);
    const after = await t.ctx.db.query<{ status: string }>(
      `select status from transfers where series_id = $1 order by occurrence`,
      [first.id],
    );
    expect(after.rows.map((r) => r.status)).toEqual(['executed', 'cancelled']);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('an asset freeze holds due transfers (docs/screening.md#freezing-in-the-payment-paths)', () => {
  const BOB = { name: 'Bob Martin', iban: 'DE89370400440532013000' };
  const PAUL = { name: 'Paul Weber', iban: 'DE75512108001245126199' };

  it('rule 2: scheduled, standing-order and reserved one-off transfers are held — status unchanged, nothing reserved, no next occurrence — and run once lifted (rule 6); a blocked payee’s stay held', async () => {
    setNow('2028-03-01T09:00:00+01:00');
    const a = await party(t.ctx, 10_000);
    const scheduled = await order(a, ERIKA, { amount: 1_000, executionDate: '2028-03-06' });
    const standing = await order(a, BOB, {
      amount: 500,
      executionDate: '2028-03-06',
      repeat: { frequency: 'monthly', count: 3 },
    });
    const oneOff = await order(a, ERIKA, { amount: 700 });
    const toPaul = await order(a, PAUL, { amount: 300, executionDate: '2028-03-06' });
    expect(oneOff).toMatchObject({ status: 'pending', executionDate: '2028-03-02' });
    const freeze = await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    const block = await insertPayeeBlock(t.ctx.db, a.customer.id, PAUL, { at: t.clock.now() });
    const statuses = async () =>
      Promise.all([scheduled, standing, oneOff, toPaul].map(async (x) => (await read(a, x.id)).status));
    const occurrences = async () =>
      (
        await t.ctx.db.query<{ n: number }>('select count(*)::int as n from transfers where series_id = $1', [
          standing.id,
        ])
      ).rows[0]!.n;

    for (const day of [
      '2028-03-02T09:00:00+01:00',
      '2028-03-06T09:00:00+01:00',
      '2028-03-07T09:00:00+01:00',
    ]) {
      setNow(day);
      await executeDueTransfers(t.ctx);
      expect(await statuses(), day).toEqual(['scheduled', 'scheduled', 'pending', 'scheduled']);
      // Held, not dropped and not reserved: only the one-off's reservation made before the freeze.
      expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 700n });
      expect(await occurrences()).toBe(1);
    }

    // Lifted: the next pass runs them, late, and the standing order plans its next month.
    await markFreezeLifted(t.ctx.db, freeze, t.clock.now());
    await executeDueTransfers(t.ctx);
    expect(await statuses()).toEqual(['executed', 'executed', 'executed', 'scheduled']);
    expect(await occurrences()).toBe(2);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 7_800n, pending: 0n });

    // The payee's block holds its transfer until it is lifted too.
    await executeDueTransfers(t.ctx);
    expect((await read(a, toPaul.id)).status).toBe('scheduled');
    await markFreezeLifted(t.ctx.db, block, t.clock.now());
    await executeDueTransfers(t.ctx);
    expect((await read(a, toPaul.id)).status).toBe('executed');
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 7_500n, pending: 0n });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
