import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { glAccount } from '../../ledger/index.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { buildStatement, LINES_PAGE } from './statement-service.ts';
import { backdateAccount } from './__tests__/helpers.ts';

let t: TestContext;
let owner: TestCustomer;
let main: Account;

const ENTRIES = LINES_PAGE + 100;

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  owner = await makeCustomer(t.ctx);
  const cookie = await signIn(t.app, owner);
  const accounts = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
  main = accounts.json<Account[]>().find((a) => a.kind === 'main')!;
  await backdateAccount(t.ctx, main.id, new Date('2025-10-01T08:00:00Z'));
  // Entries booked as before the application clock (migration 0035): the database's own instants,
  // with microseconds, four in each millisecond — more than one page of them.
  const gl = await glAccount(t.ctx.db, 'gl:adjustments');
  const { rows } = await t.ctx.db.query<{ error: string | null }>(
    `select (ledger_post('posted', array[$1, $2]::bigint[], array[g, -g]::bigint[], null, 'transfer', null,
              'Ancien virement', null, null, null, null, '{}'::jsonb,
              timestamptz '2025-11-10 10:00:00.123456+00' + g * interval '250 microseconds')).o_error as error
       from generate_series(1, ${ENTRIES}) g`,
    [main.id, String(gl.id)],
  );
  expect(rows.filter((r) => r.error !== null)).toEqual([]);
});
afterAll(() => t.close());

describe('a statement of entries whose booking instants carry microseconds', () => {
  it('pages by the ledger’s posting id: every entry once, in booking order, balances reconciled', async () => {
    const s = await buildStatement(t.ctx, owner.id, main.id, '2025-11');
    expect(s.lines).toHaveLength(ENTRIES);
    expect(new Set(s.lines.map((l) => l.number)).size).toBe(ENTRIES);
    expect(s.lines.map((l) => l.amount)).toEqual(Array.from({ length: ENTRIES }, (_, i) => BigInt(i + 1)));
    const total = BigInt((ENTRIES * (ENTRIES + 1)) / 2);
    expect(s.closing).toBe(total);
    expect(s.lines.at(-1)?.balance).toBe(total);
  });
});
