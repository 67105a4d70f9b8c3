import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../db/migrate.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { announced, announcement, present, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  // The test puts the mandates' table back as it was before 0044: a database of its own.
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY }, { ownDatabase: true });
});
afterAll(() => t.close());

const MIGRATION = new URL('../../db/migrations/0044_creditor_identity.sql', import.meta.url);

/** A mandate as 0037 recorded it: the identity kept the check digits and the reference as sent. */
async function oldMandate(
  customerId: string,
  accountId: string,
  m: { creditorId: string; reference: string; status: 'active' | 'revoked'; at: string },
): Promise<string> {
  const { rows } = await t.ctx.db.query<{ id: string }>(
    `insert into direct_debit_mandates (customer_id, account_id, creditor_id, creditor_key, creditor_name,
        reference, signed_on, status, revoked_at, created_at, updated_at)
     values ($1, $2, $3, substr($3, 1, 4) || substr($3, 8), 'Energie Verte', $4, '2026-01-15', $5,
        case when $5 = 'revoked' then $6::timestamptz end, $6, $6)
     returning id`,
    [customerId, accountId, m.creditorId, m.reference, m.status, m.at],
  );
  return rows[0]!.id;
}

describe('migration 0044: the mandates and rules already stored', () => {
  it('takes the proper check digits, gathers a mandate recorded twice into the first one, keeps it revoked', async () => {
    setNow(t, '2026-04-01T10:00:00+02:00');
    const a = await signedIn(t.ctx, t.app, 100_000);
    const account = String(a.account.id);
    await t.ctx.db.query('drop index direct_debit_mandates_identity');
    await t.ctx.db.query(
      'create unique index direct_debit_mandates_identity on direct_debit_mandates (account_id, creditor_key, reference)',
    );
    const first = await oldMandate(a.customer.id, account, {
      creditorId: 'FR00ZZZ100017',
      reference: 'RUM-1',
      status: 'revoked',
      at: '2026-02-01T10:00:00Z',
    });
    const second = await oldMandate(a.customer.id, account, {
      creditorId: 'FR97ZZZ100017',
      reference: 'rum-1 ',
      status: 'active',
      at: '2026-03-01T10:00:00Z',
    });
    const other = await oldMandate(a.customer.id, account, {
      creditorId: 'FR72ZZZ123456',
      reference: 'RUM-1',
      status: 'active',
      at: '2026-03-02T10:00:00Z',
    });
    await t.ctx.db.query(
      `update direct_debit_mandates set last_collection_at = '2026-03-05T10:00:00Z' where id = $1`,
      [second],
    );
    const { rows: collections } = await t.ctx.db.query<{ id: string }>(
      `insert into direct_debit_collections (customer_id, account_id, mandate_id, creditor_id, creditor_name,
          mandate_reference, sequence, amount, due_date, status, created_at, updated_at)
       values ($1, $2, $3, 'FR97ZZZ100017', 'Energie Verte', 'rum-1 ', 'FRST', 1000, '2026-04-07',
          'announced', now(), now())
       returning id`,
      [a.customer.id, account, second],
    );
    await t.ctx.db.query(
      `insert into direct_debit_settings (customer_id, allowed_creditor_ids, blocked_creditor_ids, updated_at)
       values ($1, '{FR01ZZZ100096,FR72ZZZ123456}', '{FR99ZZZ100078}', now())`,
      [a.customer.id],
    );

    await t.ctx.db.tx(async (q) => {
      for (const statement of splitStatements(readFileSync(MIGRATION, 'utf8'))) await q.query(statement);
    });

    const { rows } = await t.ctx.db.query<{
      id: string;
      creditor_id: string;
      creditor_key: string;
      status: string;
      last_collection_at: Date | null;
    }>(
      `select id, creditor_id, creditor_key, status, last_collection_at from direct_debit_mandates
        where customer_id = $1 order by created_at`,
      [a.customer.id],
    );
    expect(rows).toEqual([
      {
        id: first,
        creditor_id: 'FR97ZZZ100017',
        creditor_key: 'FR100017',
        status: 'revoked',
        last_collection_at: new Date('2026-03-05T10:00:00Z'),
      },
      {
        id: second,
        creditor_id: 'FR97ZZZ100017',
        creditor_key: `FR100017 merged into ${first}`,
        status: 'ended',
        last_collection_at: new Date('2026-03-05T10:00:00Z'),
      },
      {
        id: other,
        creditor_id: 'FR72ZZZ123456',
        creditor_key: 'FR123456',
        status: 'active',
        last_collection_at: null,
      },
    ]);
    const settings = await t.ctx.db.query(
      'select allowed_creditor_ids, blocked_creditor_ids from direct_debit_settings where customer_id = $1',
      [a.customer.id],
    );
    expect(settings.rows).toEqual([
      { allowed_creditor_ids: ['FR98ZZZ100096', 'FR72ZZZ123456'], blocked_creditor_ids: ['FR02ZZZ100078'] },
    ]);

    // The collection announced under the second spelling now belongs to the revoked mandate.
    expect((await present(t, collections[0]!.id)).json()).toMatchObject({
      mandateId: first,
      status: 'returned',
      returnReason: 'MD01',
    });
    // And so does the next one, whatever the spelling of the creditor or the reference.
    const next = await announced(
      t,
      announcement(a.account.iban ?? '', '2026-04-07', { creditorId: 'FR97ABC100017', mandateId: ' Rum-1' }),
    );
    expect(next.mandateId).toBe(first);
  });
});
