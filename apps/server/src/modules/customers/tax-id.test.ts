import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/pglite.ts';
import { migrate } from '../../db/migrate.ts';
import type { Db } from '../../db/types.ts';
import { uniqueEmail } from '../../testing/test-context.ts';
import { createCustomer } from './service.ts';
import { openTaxId, sealPlaintextTaxIds, sealTaxId } from './tax-id.ts';

// A private database: the test writes plaintext the way an earlier version did.
let db: Db;
const masterKey = randomBytes(32);
beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
});
afterAll(() => db.close());

const newCustomer = () =>
  db.tx((q) =>
    createCustomer(q, {
      email: uniqueEmail('fisc'),
      password: 'Mot-de-passe-solide-1',
      status: 'pending_review',
    }),
  );

const taxColumns = async (id: string) =>
  (
    await db.query<{ tax_id: string | null; tax_id_sealed: string | null }>(
      'select tax_id, tax_id_sealed from customers where id = $1',
      [id],
    )
  ).rows[0];

describe('tax identification number at rest', () => {
  it('seals with the customer id bound: another customer’s id or another key does not open it', () => {
    const sealed = sealTaxId({ masterKey }, 'c-1', '1234567890123');
    expect(sealed).not.toContain('1234567890123');
    expect(openTaxId({ masterKey }, 'c-1', sealed)).toBe('1234567890123');
    expect(() => openTaxId({ masterKey }, 'c-2', sealed)).toThrow();
    expect(() => openTaxId({ masterKey: randomBytes(32) }, 'c-1', sealed)).toThrow();
    expect(openTaxId({ masterKey }, 'c-1', null)).toBeNull();
  });

  it('the database refuses a plaintext tax number from now on', async () => {
    const c = await newCustomer();
    await expect(
      db.query(`update customers set tax_id = '1234567890123' where id = $1`, [c.id]),
    ).rejects.toThrow(/customers_tax_id_sealed_only/);
  });

  it('plaintext rows left by an earlier version are sealed at start and the plaintext emptied', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    // As an earlier version wrote them (before the check existed).
    await db.exec('alter table customers drop constraint customers_tax_id_sealed_only');
    await db.query(`update customers set tax_id = 'FR-111' where id = $1`, [a.id]);
    await db.query(`update customers set tax_id = 'LU-222' where id = $1`, [b.id]);
    await db.exec(
      'alter table customers add constraint customers_tax_id_sealed_only check (tax_id is null) not valid',
    );

    expect(await sealPlaintextTaxIds({ db, masterKey })).toBe(2);
    for (const [c, plain] of [
      [a, 'FR-111'],
      [b, 'LU-222'],
    ] as const) {
      const row = await taxColumns(c.id);
      expect(row?.tax_id).toBeNull();
      expect(row?.tax_id_sealed).not.toContain(plain);
      expect(openTaxId({ masterKey }, c.id, row?.tax_id_sealed ?? null)).toBe(plain);
    }
    const plaintext = await db.query('select 1 from customers where tax_id is not null');
    expect(plaintext.rows).toHaveLength(0);
    expect(await sealPlaintextTaxIds({ db, masterKey })).toBe(0);
  });
});
