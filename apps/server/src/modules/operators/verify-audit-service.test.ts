import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../audit/audit.ts';
import { writeAuditCheckpoint } from '../../audit/checkpoint-job.ts';
import { CHECKPOINT_STORAGE_KEY } from '../../audit/checkpoint.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { verifyAuditLog } from './verify-audit-service.ts';

let t: TestContext;
beforeAll(async () => {
  // A database of its own: the chain is cut here.
  t = await makeTestContext({}, { ownDatabase: true });
});
afterAll(() => t.close());

const append = (action: string) =>
  t.ctx.db.tx((q) => appendAudit(q, { operatorId: null, customerId: null, action, details: {} }));
const checkpoint = () =>
  writeAuditCheckpoint({
    db: t.ctx.db,
    store: t.ctx.files.store,
    masterKey: t.ctx.masterKey,
    clock: t.ctx.clock,
  });

describe('« Vérifier la chaîne » against the checkpoint outside the database', () => {
  it('names the checkpoint the chain holds', async () => {
    expect(await verifyAuditLog(t.ctx)).toMatchObject({ ok: true, checkpoint: null });
    const last = await append('test.verified');
    await checkpoint();
    expect(await verifyAuditLog(t.ctx)).toMatchObject({
      ok: true,
      checkpoint: { status: 'valid', lastId: String(last.id), at: t.ctx.clock.now().toISOString() },
    });
  });

  it('does not call the chain intact beside a checkpoint whose MAC fails', async () => {
    const store = t.ctx.files.store;
    const good = (await store.get(CHECKPOINT_STORAGE_KEY))!;
    const forged = { ...(JSON.parse(good.toString('utf8')) as object), hash: 'a'.repeat(64) };
    await store.put(CHECKPOINT_STORAGE_KEY, Buffer.from(JSON.stringify(forged)));
    try {
      const check = await verifyAuditLog(t.ctx);
      expect(check).toMatchObject({ ok: false, checkpoint: { status: 'refused' } });
      expect(check.firstBrokenId).toBeUndefined();
      expect(check.truncated).toBeUndefined();
    } finally {
      await store.put(CHECKPOINT_STORAGE_KEY, good);
    }
  });

  it('reports the chain cut below the checkpoint, even with the head moved back', async () => {
    const kept = await append('test.kept');
    const newest = await append('test.tail');
    await checkpoint();
    await t.ctx.db.tx(async (q) => {
      await q.query('alter table audit_log disable trigger audit_log_no_update');
      await q.query('delete from audit_log where id > $1', [String(kept.id)]);
      await q.query('update audit_head set last_id = $1, hash = $2', [String(kept.id), kept.hash]);
      await q.query('alter table audit_log enable trigger audit_log_no_update');
    });
    expect(await verifyAuditLog(t.ctx)).toMatchObject({
      ok: false,
      truncated: { headId: String(newest.id), lastId: String(kept.id) },
      checkpoint: { status: 'valid', lastId: String(newest.id) },
    });
  });
});
