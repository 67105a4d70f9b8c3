import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { Sealer } from '../crypto/seal.ts';
import { authorizeCardPayment } from '../modules/cards/index.ts';
import { EncryptedFiles } from '../storage/encrypted-files.ts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { expectedOpen, openEach, sealOneOfEach, type SealedValues } from '../testing/sealed-fixtures.ts';
import { readAuditCheckpoint, storeAuditCheckpoint } from '../audit/checkpoint.ts';
import { rotateMasterKey } from './rotate.ts';

let t: TestContext;
let v: SealedValues;
let oldKey: Buffer;
const newKey = randomBytes(32);

/** The application as an instance would run it with `masterKey` (older keys as registered with it). */
const withKey = (masterKey: Buffer): AppContext => ({
  ...t.ctx,
  masterKey,
  files: new EncryptedFiles(masterKey, t.ctx.files.store),
});

/** A copy of a key with no older key registered: opens only what is sealed under it. */
const only = (key: Buffer) => Buffer.from(key);

const rotate = (afterBatch?: (n: number) => void) =>
  rotateMasterKey({
    db: t.ctx.db,
    files: t.ctx.files.store,
    clock: t.clock,
    target: newKey,
    older: [oldKey],
    batchSize: 1,
    ...(afterBatch ? { afterBatch } : {}),
  });

let authorisations = 0;
const payByCard = (ctx: AppContext) =>
  authorizeCardPayment(ctx, { kind: 'key' }, `rotation-${process.pid}-${Date.now()}-${authorisations++}`, {
    pan: v.card.pan,
    expiry: v.card.expiry,
    cvv: v.card.cvv,
    amount: 100,
    merchant: 'Boulangerie',
    channel: 'in_store',
  });

beforeAll(async () => {
  // Its own database: the rotation walks every row, and other files' rows are sealed under other keys.
  t = await makeTestContext({}, { ownDatabase: true });
  oldKey = t.ctx.masterKey;
  v = await sealOneOfEach(t.ctx);
  await storeAuditCheckpoint(t.ctx.files.store, oldKey, {
    lastId: null,
    hash: '0'.repeat(64),
    at: t.clock.now(),
  });
});
afterAll(() => t.close());

describe('master-key rotation', () => {
  it('before: everything opens under the old key, nothing under the new one', async () => {
    expect(await openEach(t.ctx, v)).toEqual(expectedOpen(v));
    await expect(openEach(withKey(only(newKey)), v)).rejects.toThrow();
  });

  it('interrupted after 3 batches: values are under either key, and everything still opens and works', async () => {
    await expect(
      rotate((n) => {
        if (n === 3) throw new Error('coupure de courant');
      }),
    ).rejects.toThrow('coupure de courant');

    const { rows } = await t.ctx.db.query<{ tax_id_sealed: string; pan_sealed: string }>(
      `select tax_id_sealed, pan_sealed from customers join cards on cards.customer_id = customers.id
        where customers.id = $1`,
      [v.card.customerId],
    );
    const atNewKey = new Sealer(only(newKey), 'any');
    expect(atNewKey.isCurrent(rows[0]!.tax_id_sealed)).toBe(true);
    expect(atNewKey.isCurrent(rows[0]!.pan_sealed)).toBe(false);

    // An instance given the new key, the old one still accepted (MASTER_KEY_PREVIOUS).
    const mid = withKey(newKey);
    expect(await openEach(mid, v)).toEqual(expectedOpen(v));
    // The card, not moved yet, is still found and its CVV checked: the payment goes through.
    expect((await payByCard(mid)).body.approved).toBe(true);
    // An instance still on the old key alone reads what was not moved yet, but not the moved tax number.
    await expect(openEach(withKey(only(oldKey)), v)).rejects.toThrow();
  });

  it('resumed: records the earlier batches, moves the rest, then everything opens under the new key alone', async () => {
    const { rows: before } = await t.ctx.db.query<{ value_set: string; moved: string }>(
      `select value_set, moved::text as moved from key_rotation_progress where cursor is not null`,
    );
    expect(before.map((r) => r.value_set)).toContain('customer-tax-ids');

    const report = await rotate();
    expect(report.moved['customer-tax-ids']).toBe(1);
    expect(report.moved.cards).toBe(1);
    expect(report.moved['onboarding-documents']).toBe(0); // files are rewritten in the store, not in rows
    expect(report.swept).toBe(0);
    // The audit chain's checkpoint, kept in the file store, is signed again under the new key alone.
    expect(report.checkpointResigned).toBe(true);
    expect(await readAuditCheckpoint(t.ctx.files.store, only(newKey))).toMatchObject({
      status: 'valid',
      current: true,
    });

    const after = withKey(only(newKey));
    expect(await openEach(after, v)).toEqual(expectedOpen(v));
    expect((await payByCard(after)).body.approved).toBe(true);
    await expect(openEach(withKey(only(oldKey)), v)).rejects.toThrow();
  });

  it('a value sealed under the old key meanwhile (an instance not restarted yet) is caught by the final sweep', async () => {
    const late = await sealOneOfEach(t.ctx); // t.ctx still seals under the old key
    const report = await rotate();
    expect(report.swept).toBeGreaterThan(0);
    expect(await openEach(withKey(only(newKey)), late)).toEqual(expectedOpen(late));
  });

  it('refuses to start towards a third key while this rotation is unfinished', async () => {
    await t.ctx.db.query('update key_rotations set finished_at = null');
    await expect(
      rotateMasterKey({
        db: t.ctx.db,
        files: t.ctx.files.store,
        clock: t.clock,
        target: randomBytes(32),
        older: [newKey],
      }),
    ).rejects.toThrow(/unfinished/);
  });
});
