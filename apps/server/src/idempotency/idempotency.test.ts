import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types.ts';
import { openTestDb } from '../testing/test-context.ts';
import { fundedAccount, move } from '../testing/ledger-fixtures.ts';
import { AppError } from '../errors.ts';
import { customerAccount, glAccount, postEntry } from '../ledger/index.ts';
import { idempotent } from './idempotency.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('idempotency keys', () => {
  it('same key and body → the first response, effect once; other body → 409', async () => {
    const account = await db.tx((q) => fundedAccount(q));
    const clearing = await glAccount(db, 'gl:sepa-clearing');
    const run = (amount: number) =>
      idempotent(db, `test:${account.id}`, 'key-0001-abcdef', { amount }, async (q) => {
        const ref = await postEntry(q, move(clearing, account, amount));
        return { status: 201, body: { number: ref.number } };
      });
    const first = await run(700);
    const second = await run(700);
    expect(second.body).toEqual(first.body);
    expect(second.replayed).toBe(true);
    expect((await customerAccount(db, account.customerId!, account.id)).postedBalance).toBe(700n);
    const conflict = await run(800).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(AppError);
    expect((conflict as AppError).code).toBe('idempotency_conflict');
    expect((conflict as AppError).status).toBe(409);
  });

  it('refuses malformed keys', async () => {
    await expect(
      idempotent(db, 's', 'short', {}, () => Promise.resolve({ status: 200, body: {} })),
    ).rejects.toMatchObject({
      code: 'idempotency_key_invalid',
    });
  });
});
