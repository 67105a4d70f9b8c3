import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_FROZEN_MESSAGE, Problem, Transfer } from '@comptoir/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import { screenedSubjectCount } from '../../metrics/count.ts';
import { insertCustomerFreeze } from '../../testing/asset-freezes.ts';
import { makeTestContext, openOwnTestDb, type TestContext } from '../../testing/test-context.ts';
import { loadSyntheticList } from '../sanctions-lists/__tests__/testing.ts';
import { runScreening, screenSubject } from '../screening/index.ts';
import type * as ScreeningFace from '../screening/index.ts';
import { MatcherThread } from '../screening/__tests__/testing.ts';
import { balances, payee, sendTransfer, signedIn, transferToken } from './__tests__/helpers.ts';

// Regulation 260/2012 art. 5d (as amended by 2024/886): a bank offering instant transfers screens
// its customers every day and on every list change, and never inside an instant transfer. The order
// reads the account's state — an asset freeze in force, in the facts statement it already runs
// (docs/screening.md#freezing-in-the-payment-paths) — and calls no screening: counted here on the
// screening's own counter, on the matcher (its thread, and its functions as the screening's face
// offers them) and on every statement the transfer sends to the database, with a list in force
// (the synthetic one: « John SMITH », born 1970) and the parties due for a screening all along.

// The pure matcher as any other module reaches it, through the screening's face: counted.
vi.mock('../screening/index.ts', async (importOriginal) => {
  const face = await importOriginal<typeof ScreeningFace>();
  return { ...face, buildListIndex: vi.fn(face.buildListIndex), screenSubject: vi.fn(face.screenSubject) };
});

/** Every statement sent, in or out of a transaction, while `recording` is on. */
let statements: string[] = [];
let recording = false;
const record = (q: Queryable): Queryable => ({
  query: (sql, params, options) => {
    if (recording) statements.push(sql);
    return q.query(sql, params, options);
  },
});

let base: Db;
let t: TestContext;
beforeAll(async () => {
  // The screening job below acts on every customer of its database: its own.
  base = await openOwnTestDb();
  const db: Db = { ...base, ...record(base), tx: (fn) => base.tx((q) => fn(record(q))) };
  t = await makeTestContext({ rateLimits: false }, { db });
  await loadSyntheticList(t.ctx, 'eu-list');
});
afterAll(async () => {
  await t.close();
  await base.close();
});

const threadLoads = vi.spyOn(MatcherThread.prototype, 'useVersion');
const threadScreens = vi.spyOn(MatcherThread.prototype, 'screen');
afterEach(() => vi.clearAllMocks());

/** Calls made to the matcher: its thread (an index loaded, a batch screened) and its functions. */
const matcherCalls = (): number =>
  threadLoads.mock.calls.length +
  threadScreens.mock.calls.length +
  vi.mocked(screenSubject).mock.calls.length;

/** What an action sent to the database, how many subjects it screened and the matcher calls it made. */
async function observed<T>(
  action: () => Promise<T>,
): Promise<{ result: T; sql: string[]; screened: number; matcher: number }> {
  const screenedBefore = screenedSubjectCount();
  const matcherBefore = matcherCalls();
  statements = [];
  recording = true;
  try {
    const result = await action();
    return {
      result,
      sql: statements,
      screened: screenedSubjectCount() - screenedBefore,
      matcher: matcherCalls() - matcherBefore,
    };
  } finally {
    recording = false;
  }
}

/** Names of the screening's and the list's tables: no statement of a payment may touch them. */
const SCREENING_TABLES = /\b(sanctions_\w+|screening\w*|screenings)\b/i;

describe('an instant transfer screens nobody (IPR art. 5d)', () => {
  it('on-us and to another bank: no screening call, no statement on the list or the screenings; the freeze is read in the order’s one facts statement', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000, { firstName: 'Jon', lastName: 'Smyth' });
    const other = await signedIn(t.ctx, t.app, 0, { firstName: 'John', lastName: 'Smith' });
    const onUs = await payee(t.ctx, a.customer.id, { name: 'John Smith', iban: other.account.iban ?? '' });
    const abroad = await payee(t.ctx, a.customer.id, {
      name: 'Erika Mustermann',
      iban: 'DE55370400440532014000',
    });
    for (const b of [onUs, abroad]) {
      const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_000, type: 'instant' };
      const sca = await transferToken(t.ctx, a.customer.id, 1_000, b);
      const { result, sql, screened, matcher } = await observed(() =>
        sendTransfer(t.app, a.cookie, body, { sca }),
      );
      expect(result.statusCode, result.body).toBe(201);
      expect(Transfer.parse(result.json()).status).toBe('executed');
      expect(screened).toBe(0);
      expect(matcher).toBe(0);
      expect(sql.filter((s) => SCREENING_TABLES.test(s))).toEqual([]);
      const readsFreeze = sql.filter((s) => s.includes('customer_frozen('));
      expect(readsFreeze).toHaveLength(1);
      expect(readsFreeze[0]).toContain('number_free');
    }
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 8_000n, pending: 0n });

    // The same instruments see a screening: the parties were due all along, and the job — not the
    // transfer — screens them, opening the alert the payee « John Smith » is worth.
    const job = await observed(() => runScreening(t.ctx));
    expect(job.result).toBeGreaterThanOrEqual(4);
    expect(job.screened).toBe(job.result);
    expect(threadScreens).toHaveBeenCalled();
    expect(job.sql.filter((s) => SCREENING_TABLES.test(s))).not.toEqual([]);
    const { rows: alerts } = await t.ctx.db.query<{ subject_id: string; logical_id: string }>(
      `select subject_id, logical_id::text from screening_alerts where customer_id = $1 and subject_kind = 'beneficiary'`,
      [a.customer.id],
    );
    expect(alerts).toContainEqual({ subject_id: onUs.id, logical_id: '900101' });
  });

  it('a frozen payer’s instant transfer is refused from the account’s state alone: no screening call, no ledger statement', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await payee(t.ctx, a.customer.id, { name: 'Erika Mustermann', iban: 'DE55370400440532014000' });
    await insertCustomerFreeze(t.ctx.db, a.customer.id, { at: t.clock.now() });
    const body = { accountId: String(a.account.id), beneficiaryId: b.id, amount: 1_000, type: 'instant' };
    const sca = await transferToken(t.ctx, a.customer.id, 1_000, b);
    const { result, sql, screened, matcher } = await observed(() =>
      sendTransfer(t.app, a.cookie, body, { sca }),
    );
    expect(Problem.parse(result.json())).toMatchObject({
      code: 'account_frozen',
      detail: ACCOUNT_FROZEN_MESSAGE,
    });
    expect(screened).toBe(0);
    expect(matcher).toBe(0);
    expect(sql.filter((s) => SCREENING_TABLES.test(s))).toEqual([]);
    expect(sql.filter((s) => /ledger_post|ledger_finish|insert into transfers/.test(s))).toEqual([]);
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });
  });

  it('a frozen payee’s incoming instant credit is booked without a screening call, and stays frozen: their own instant transfer out of it is refused', async () => {
    const payer = await signedIn(t.ctx, t.app, 10_000);
    const frozen = await signedIn(t.ctx, t.app, 0, { firstName: 'John', lastName: 'Smith' });
    await insertCustomerFreeze(t.ctx.db, frozen.customer.id, { at: t.clock.now() });
    const toFrozen = await payee(t.ctx, payer.customer.id, {
      name: 'John Smith',
      iban: frozen.account.iban ?? '',
    });
    const sca = await transferToken(t.ctx, payer.customer.id, 2_500, toFrozen);
    const credit = await observed(() =>
      sendTransfer(
        t.app,
        payer.cookie,
        { accountId: String(payer.account.id), beneficiaryId: toFrozen.id, amount: 2_500, type: 'instant' },
        { sca },
      ),
    );
    expect(credit.result.statusCode, credit.result.body).toBe(201);
    expect(Transfer.parse(credit.result.json()).status).toBe('executed');
    expect(credit.screened).toBe(0);
    expect(credit.matcher).toBe(0);
    expect(credit.sql.filter((s) => SCREENING_TABLES.test(s))).toEqual([]);
    expect(await balances(t.ctx, frozen.account)).toEqual({ posted: 2_500n, pending: 0n });

    // Booked, and not spendable (the operations list shows it too: frozen.test.ts, rule 3).
    const out = await payee(t.ctx, frozen.customer.id, {
      name: 'Erika Mustermann',
      iban: 'DE55370400440532014000',
    });
    const outSca = await transferToken(t.ctx, frozen.customer.id, 1_000, out);
    const spend = await observed(() =>
      sendTransfer(
        t.app,
        frozen.cookie,
        { accountId: String(frozen.account.id), beneficiaryId: out.id, amount: 1_000, type: 'instant' },
        { sca: outSca },
      ),
    );
    expect(Problem.parse(spend.result.json())).toMatchObject({ code: 'account_frozen' });
    expect(spend.screened).toBe(0);
    expect(spend.matcher).toBe(0);
    expect(spend.sql.filter((s) => /ledger_post|ledger_finish|insert into transfers/.test(s))).toEqual([]);
    expect(await balances(t.ctx, frozen.account)).toEqual({ posted: 2_500n, pending: 0n });
  });
});
