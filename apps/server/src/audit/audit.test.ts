import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/types.ts';
import { openOwnTestDb } from '../testing/test-context.ts';
import { appendAudit, auditHash, verifyAuditChain } from './audit.ts';
import { canonicalJson } from './canonical-json.ts';

let db: Db;
beforeAll(async () => {
  // A database of its own on PostgreSQL: these tests read the whole chain, which other files append to.
  db = await openOwnTestDb(12);
});
afterAll(() => db.close());

class Rollback extends Error {}
/** Runs `fn` in a transaction that is always rolled back: tampering never leaks to other tests. */
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

const append = (action: string, details: Record<string, unknown> = {}) =>
  db.tx((q) =>
    appendAudit(q, { operatorId: null, customerId: randomUUID(), action, details, at: new Date() }),
  );

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined }, e: 10n })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1,"e":"10"}',
    );
    expect(canonicalJson({ x: 'é"\n' })).toBe(JSON.stringify({ x: 'é"\n' }));
  });
});

describe('audit log', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await append('test.append_only');
    await expect(
      db.query(`update audit_log set action = 'x' where action = 'test.append_only'`),
    ).rejects.toThrow(/append-only/);
    await expect(db.query(`delete from audit_log where action = 'test.append_only'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('truncate audit_log')).rejects.toThrow(/append-only/);
  });

  it('chains every entry to the previous one; the whole chain verifies', async () => {
    const a = await append('test.chain', {
      amount: 12_345,
      nested: { b: [1, 'deux', null], a: true },
      big: 2n ** 70n,
    });
    const b = await append('test.chain', { text: 'Virement reçu — « test »' });
    const rows = await db.query<{ id: bigint; prev_hash: string; hash: string }>(
      'select id, prev_hash, hash from audit_log where id = any($1::bigint[]) order by id',
      [[String(a.id), String(b.id)]],
    );
    expect(rows.rows[0]!.hash).toBe(a.hash);
    expect(rows.rows[1]!.hash).toBe(b.hash);
    expect(await verifyAuditChain(db)).toBeNull();
    const head = await db.query<{ hash: string }>('select hash from audit_head where id = 1');
    expect(head.rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an entry rolled back with its transaction leaves no trace and no gap in the chain', async () => {
    await inRolledBackTx((q) =>
      appendAudit(q, { operatorId: null, customerId: null, action: 'test.rolled_back', details: {} }),
    );
    await append('test.after_rollback');
    expect((await db.query(`select 1 from audit_log where action = 'test.rolled_back'`)).rowCount).toBe(0);
    expect(await verifyAuditChain(db)).toBeNull();
  });

  it('detects a row inserted directly with a wrong hash', async () => {
    await append('test.before_tamper');
    const broken = await inRolledBackTx(async (q) => {
      const { rows } = await q.query<{ id: bigint }>(
        `insert into audit_log (operator_id, customer_id, action, details, prev_hash, hash)
         select null, null, 'test.forged', '{}'::jsonb, hash, repeat('f', 64) from audit_head returning id`,
      );
      return { id: rows[0]!.id, found: await verifyAuditChain(q) };
    });
    expect(broken.found).toEqual({ kind: 'row', id: broken.id });
  });

  it('detects a row with a self-consistent hash that forks the chain', async () => {
    const broken = await inRolledBackTx(async (q) => {
      const at = new Date();
      const prev = '0'.repeat(64); // chained to the genesis instead of the head
      const hash = auditHash(prev, {
        at,
        operatorId: null,
        customerId: null,
        action: 'test.fork',
        details: {},
      });
      const { rows } = await q.query<{ id: bigint }>(
        `insert into audit_log (at, operator_id, customer_id, action, details, prev_hash, hash)
         values ($1, null, null, 'test.fork', '{}'::jsonb, $2, $3) returning id`,
        [at, prev, hash],
      );
      return { id: rows[0]!.id, found: await verifyAuditChain(q) };
    });
    expect(broken.found).toEqual({ kind: 'row', id: broken.id });
  });

  it('sees the newest rows deleted: the chain ends before the stored head', async () => {
    const kept = await append('test.kept');
    await append('test.newest');
    const newest = await append('test.newest');
    const found = await inRolledBackTx(async (q) => {
      // The trigger refuses DELETE; a superuser can switch it off — which is what the head is for.
      await q.query('alter table audit_log disable trigger audit_log_no_update');
      await q.query('delete from audit_log where id > $1', [String(kept.id)]);
      return verifyAuditChain(q);
    });
    expect(found).toEqual({ kind: 'end', headId: newest.id, lastId: kept.id });
    expect(await verifyAuditChain(db)).toBeNull();
  });

  it('sees a self-consistent row appended without moving the head', async () => {
    await append('test.before_append');
    const broken = await inRolledBackTx(async (q) => {
      const at = new Date();
      const { rows: head } = await q.query<{ hash: string }>('select hash from audit_head');
      const prev = head[0]!.hash;
      const hash = auditHash(prev, {
        at,
        operatorId: null,
        customerId: null,
        action: 'test.tail',
        details: {},
      });
      const { rows } = await q.query<{ id: bigint }>(
        `insert into audit_log (at, operator_id, customer_id, action, details, prev_hash, hash)
         values ($1, null, null, 'test.tail', '{}'::jsonb, $2, $3) returning id`,
        [at, prev, hash],
      );
      return { id: rows[0]!.id, found: await verifyAuditChain(q) };
    });
    expect(broken.found).toEqual({ kind: 'row', id: broken.id });
  });

  it('records a customer acting on their own account; the actor is sealed in the hash', async () => {
    const customerId = randomUUID();
    const at = new Date();
    const entry = {
      at,
      operatorId: null,
      customerId,
      action: 'test.customer',
      details: { fields: ['phone'] },
    };
    // Entries without an actor keep the hash they had before the column existed.
    expect(auditHash('0'.repeat(64), { ...entry, actor: null })).toBe(auditHash('0'.repeat(64), entry));
    expect(auditHash('0'.repeat(64), { ...entry, actor: 'customer' })).not.toBe(
      auditHash('0'.repeat(64), entry),
    );

    const result = await inRolledBackTx(async (q) => {
      await appendAudit(q, { ...entry, actor: 'customer' });
      const { rows } = await q.query<{ actor: string | null }>(
        'select actor from audit_log where customer_id = $1',
        [customerId],
      );
      const intact = await verifyAuditChain(q);
      // A row claiming the customer as actor whose hash does not cover it is found.
      const { rows: head } = await q.query<{ hash: string }>('select hash from audit_head');
      const prev = head[0]!.hash;
      const { rows: forged } = await q.query<{ id: bigint }>(
        `insert into audit_log (at, operator_id, customer_id, action, details, actor, prev_hash, hash)
         values ($1, null, $2, 'test.customer', '{}'::jsonb, 'customer', $3, $4) returning id`,
        [at, customerId, prev, auditHash(prev, { ...entry, details: {} })],
      );
      return {
        actors: rows.map((r) => r.actor),
        intact,
        forged: forged[0]!.id,
        found: await verifyAuditChain(q),
      };
    });
    expect(result.actors).toEqual(['customer']);
    expect(result.intact).toBeNull();
    expect(result.found).toEqual({ kind: 'row', id: result.forged });
  });

  it('refuses a customer actor with an operator or without the customer', async () => {
    await expect(
      db.tx((q) =>
        appendAudit(q, {
          operatorId: null,
          customerId: null,
          actor: 'customer',
          action: 'test.bad',
          details: {},
        }),
      ),
    ).rejects.toThrow();
  });

  it('concurrent appends never fork the chain', async () => {
    const N = 60;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        db.tx(async (q) => {
          await q.query('select pg_sleep(0.001)');
          return appendAudit(q, {
            operatorId: null,
            customerId: null,
            action: 'test.concurrent',
            details: { i },
          });
        }),
      ),
    );
    expect(new Set(results.map((r) => r.hash)).size).toBe(N);
    const forks = await db.query('select prev_hash from audit_log group by prev_hash having count(*) > 1');
    expect(forks.rowCount).toBe(0);
    expect(await verifyAuditChain(db)).toBeNull();
  });
});
