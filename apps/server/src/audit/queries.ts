import type { Queryable } from '../db/types.ts';

export interface AuditRow {
  id: bigint;
  at: Date;
  operator_id: string | null;
  customer_id: string | null;
  action: string;
  details: Record<string, unknown>;
  /** 'customer' when the customer acted; null: the operator named, or the system. */
  actor: 'customer' | null;
  prev_hash: string;
  hash: string;
}

const COLUMNS = 'id, at, operator_id, customer_id, action, details, actor, prev_hash, hash';

/**
 * Locks the chain head for the rest of the transaction and returns its hash (`audit_head_lock()`,
 * db/functions/audit_head_lock.sql): appends from every instance queue here, so the chain never
 * forks.
 */
export async function lockAuditHead(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ hash: string }>('select audit_head_lock() as hash');
  return rows[0]!.hash;
}

/**
 * Inserts the entry and moves the head to it, through `audit_append(…)`
 * (db/functions/audit_append.sql): the only write the application role has on the chain. Refused
 * unless `prevHash` is the head's hash.
 */
export async function appendAuditRow(
  q: Queryable,
  r: {
    at: Date;
    operatorId: string | null;
    customerId: string | null;
    action: string;
    details: Record<string, unknown>;
    actor: 'customer' | null;
    prevHash: string;
    hash: string;
  },
): Promise<bigint> {
  const { rows } = await q.query<{ id: bigint }>(
    'select audit_append($1, $2, $3, $4, $5::jsonb, $6, $7, $8) as id',
    [r.at, r.operatorId, r.customerId, r.action, JSON.stringify(r.details), r.actor, r.prevHash, r.hash],
  );
  return BigInt(rows[0]!.id);
}

/** The stored head: the newest row's id (null before the first append) and hash. */
export async function auditHead(q: Queryable): Promise<{ lastId: bigint | null; hash: string }> {
  const { rows } = await q.query<{ last_id: bigint | null; hash: string }>(
    'select last_id, hash from audit_head where id = 1',
  );
  const head = rows[0];
  if (!head) throw new Error('audit_head row is missing');
  return { lastId: head.last_id === null ? null : BigInt(head.last_id), hash: head.hash };
}

/** The first row after `afterId` (0: the first row), or null. */
export async function auditFirstIdAfter(q: Queryable, afterId: bigint): Promise<bigint | null> {
  const { rows } = await q.query<{ id: bigint }>(
    'select id from audit_log where id > $1 order by id limit 1',
    [String(afterId)],
  );
  return rows[0] ? BigInt(rows[0].id) : null;
}

/** The chain in append order, one batch after `afterId`. */
export async function auditBatch(q: Queryable, afterId: bigint, limit: number): Promise<AuditRow[]> {
  const { rows } = await q.query<AuditRow>(
    `select ${COLUMNS} from audit_log where id > $1 order by id limit $2`,
    [String(afterId), limit],
  );
  return rows;
}

/** One page of the log, newest first, with optional filters (all exact matches), with the operator's e-mail. */
export async function auditPage(
  q: Queryable,
  f: {
    customerId: string | null;
    operatorId: string | null;
    action: string | null;
    /** Inclusive lower bound and exclusive upper bound on `at`. */
    from: Date | null;
    before: Date | null;
    beforeId: bigint | null;
    limit: number;
  },
): Promise<(AuditRow & { operator_email: string | null })[]> {
  const { rows } = await q.query<AuditRow & { operator_email: string | null }>(
    `select ${COLUMNS}, (select o.email from operators o where o.id = audit_log.operator_id) as operator_email
       from audit_log
      where ($1::uuid is null or customer_id = $1::uuid)
        and ($2::uuid is null or operator_id = $2::uuid)
        and ($3::text is null or action = $3::text)
        and ($4::bigint is null or id < $4::bigint)
        and ($6::timestamptz is null or at >= $6::timestamptz)
        and ($7::timestamptz is null or at < $7::timestamptz)
      order by id desc
      limit $5`,
    [
      f.customerId,
      f.operatorId,
      f.action,
      f.beforeId === null ? null : String(f.beforeId),
      f.limit,
      f.from,
      f.before,
    ],
  );
  return rows;
}

export async function auditCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('select count(*)::int as n from audit_log');
  return rows[0]?.n ?? 0;
}

/** The hash of the row `id`, or null when there is no such row. */
export async function auditRowHash(q: Queryable, id: bigint): Promise<string | null> {
  const { rows } = await q.query<{ hash: string }>('select hash from audit_log where id = $1', [String(id)]);
  return rows[0]?.hash ?? null;
}

/** Where the chain ends now: its newest row's id, null when empty. */
export async function auditLastId(q: Queryable): Promise<bigint | null> {
  const { rows } = await q.query<{ id: bigint | null }>('select max(id) as id from audit_log');
  const id = rows[0]?.id ?? null;
  return id === null ? null : BigInt(id);
}

/**
 * Takes the checkpoint writer's lock for the rest of the transaction, if no other instance holds it
 * (false: another instance is writing one now).
 */
export async function tryCheckpointLock(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(7402932) as locked');
  return rows[0]?.locked === true;
}

/** Makes the caller's transaction one snapshot: the chain walked and the head read agree. */
export async function useOneSnapshot(q: Queryable): Promise<void> {
  await q.query('set transaction isolation level repeatable read');
}
