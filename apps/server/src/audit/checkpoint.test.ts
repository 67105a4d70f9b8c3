import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../clock.ts';
import type { Db, Queryable } from '../db/types.ts';
import { appLog, createLogger, useAppLog } from '../log.ts';
import { localFileStore } from '../storage/local-store.ts';
import { openOwnTestDb } from '../testing/test-context.ts';
import { verifyAuditAnchored } from './anchored-verify.ts';
import { appendAudit, verifyAuditChain } from './audit.ts';
import { writeAuditCheckpoint } from './checkpoint-job.ts';
import { CHECKPOINT_STORAGE_KEY, readAuditCheckpoint } from './checkpoint.ts';

let db: Db;
const root = mkdtempSync(join(tmpdir(), 'comptoir-checkpoint-'));
const store = localFileStore(root);
const masterKey = randomBytes(32);
const clock = new TestClock();
const deps = () => ({ db, store, masterKey, clock });
const anchored = (q: Queryable = db) => verifyAuditAnchored({ db: q, store, masterKey });

beforeAll(async () => {
  // A database of its own on PostgreSQL: these tests read and cut the whole chain.
  db = await openOwnTestDb(4);
});
afterAll(async () => {
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

const before = appLog();
let lines: string[] = [];
afterEach(() => useAppLog(before));
const captureLog = () => {
  lines = [];
  useAppLog(createLogger('info', { write: (line) => lines.push(line) }));
};

const append = (action: string, q: Queryable = db) =>
  appendAudit(q, { operatorId: null, customerId: null, action, details: {}, at: clock.now() });
const appendCommitted = (action: string) => db.tx((q) => append(action, q));

class Rollback extends Error {}
/** Runs `fn` in a transaction that is always rolled back: the cut never reaches other tests. */
async function inRolledBackTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .tx(async (q) => {
      result = await fn(q);
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return result as T;
}

/** What whoever holds the tables' owner can do: switch the trigger off, delete the tail, move the head back. */
async function cutTail(q: Queryable, keptId: bigint): Promise<void> {
  await q.query('alter table audit_log disable trigger audit_log_no_update');
  await q.query('delete from audit_log where id > $1', [String(keptId)]);
  await q.query('update audit_head set last_id = $1, hash = (select hash from audit_log where id = $1)', [
    String(keptId),
  ]);
  await q.query('alter table audit_log enable trigger audit_log_no_update');
}

describe('the audit checkpoint kept outside the database', () => {
  it('is written to the file store and as a log line of its own, only when the chain moved', async () => {
    await appendCommitted('test.first');
    const last = await appendCommitted('test.second');
    captureLog();
    const written = await writeAuditCheckpoint(deps());
    expect(written).toMatchObject({ lastId: last.id, hash: last.hash });
    const line = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => 'auditCheckpoint' in l);
    expect(line?.auditCheckpoint).toMatchObject({ lastId: String(last.id), hash: last.hash });
    const stored = await readAuditCheckpoint(store, masterKey);
    expect(stored).toMatchObject({ status: 'valid', checkpoint: { lastId: last.id, hash: last.hash } });
    // Nothing appended since: nothing written.
    expect(await writeAuditCheckpoint(deps())).toBeNull();
    expect(await anchored()).toMatchObject({ broken: null, checkpoint: { status: 'valid' } });
  });

  it('sees a tail cut whose head was moved back, which the chain alone takes for intact', async () => {
    const kept = await appendCommitted('test.kept');
    await appendCommitted('test.tail');
    const newest = await appendCommitted('test.tail');
    await writeAuditCheckpoint(deps());
    const found = await inRolledBackTx(async (q) => {
      await cutTail(q, kept.id);
      return { chain: await verifyAuditChain(q), anchored: await anchored(q) };
    });
    expect(found.chain).toBeNull();
    expect(found.anchored.broken).toEqual({ kind: 'end', headId: newest.id, lastId: kept.id });
  });

  it('sees the checkpoint row replaced: the tail cut, the ids restarted and new entries chained on', async () => {
    const kept = await appendCommitted('test.kept');
    await appendCommitted('test.tail');
    const newest = await appendCommitted('test.tail');
    await writeAuditCheckpoint(deps());
    const found = await inRolledBackTx(async (q) => {
      await cutTail(q, kept.id);
      await q.query(`alter table audit_log alter column id restart with ${kept.id + 1n}`);
      for (let id = kept.id + 1n; id <= newest.id; id++) await append('test.rewritten', q);
      return { chain: await verifyAuditChain(q), anchored: await anchored(q) };
    });
    expect(found.chain).toBeNull();
    expect(found.anchored.broken).toEqual({ kind: 'row', id: newest.id });
  });

  it('refuses a checkpoint whose MAC fails, and writes none over it', async () => {
    await appendCommitted('test.refused');
    await writeAuditCheckpoint(deps());
    const good = (await store.get(CHECKPOINT_STORAGE_KEY))!;
    const forged = { ...(JSON.parse(good.toString('utf8')) as Record<string, unknown>), lastId: '1' };
    await store.put(CHECKPOINT_STORAGE_KEY, Buffer.from(JSON.stringify(forged)));
    try {
      expect(await readAuditCheckpoint(store, masterKey)).toEqual({ status: 'refused' });
      expect(await anchored()).toEqual({ broken: null, checkpoint: { status: 'refused' } });
      // Another master key's checkpoint is refused too.
      await store.put(CHECKPOINT_STORAGE_KEY, good);
      expect(await readAuditCheckpoint(store, randomBytes(32))).toEqual({ status: 'refused' });
      await store.put(CHECKPOINT_STORAGE_KEY, Buffer.from(JSON.stringify(forged)));

      await appendCommitted('test.after_forgery');
      captureLog();
      expect(await writeAuditCheckpoint(deps())).toBeNull();
      expect(lines.join('\n')).toContain('does not authenticate');
      expect((await store.get(CHECKPOINT_STORAGE_KEY))!.toString('utf8')).toBe(JSON.stringify(forged));
    } finally {
      await store.put(CHECKPOINT_STORAGE_KEY, good);
    }
  });

  // Last: the cut is committed, as the owner would leave it.
  it('writes no checkpoint over a chain cut below the last one; verification reports it', async () => {
    const kept = await appendCommitted('test.kept');
    const newest = await appendCommitted('test.tail');
    await writeAuditCheckpoint(deps());
    await db.tx((q) => cutTail(q, kept.id));
    await appendCommitted('test.after_cut');
    captureLog();
    expect(await writeAuditCheckpoint(deps())).toBeNull();
    expect(lines.join('\n')).toContain('no checkpoint written');
    expect(await readAuditCheckpoint(store, masterKey)).toMatchObject({
      status: 'valid',
      checkpoint: { lastId: newest.id },
    });
    expect((await anchored()).broken).toEqual({ kind: 'row', id: newest.id });
  });
});
