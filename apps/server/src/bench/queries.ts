import type { Queryable } from '../db/types.ts';

/**
 * The transfer bench's tokens: verified strong-authentication challenges for exactly the details of
 * the transfers it will send, made in bulk before a run so that (a) and (c) time the transfer call
 * alone. (b) goes through the real challenge and verification calls.
 */
export async function insertVerifiedChallenges(
  q: Queryable,
  rows: readonly {
    customerId: string;
    details: string;
    detailsHash: string;
    nonce: string;
    tokenHash: string;
  }[],
  validForSeconds: number,
): Promise<void> {
  await q.query(
    `insert into sca_challenges (customer_id, action, details, details_hash, nonce, expires_at,
                                 verified_at, verified_with, token_hash, token_expires_at)
     select c, 'transfer', d::jsonb, h, n, now() + make_interval(secs => $6), now(), 'totp', t,
            now() + make_interval(secs => $6)
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) as x(c, d, h, n, t)`,
    [
      rows.map((r) => r.customerId),
      rows.map((r) => r.details),
      rows.map((r) => r.detailsHash),
      rows.map((r) => r.nonce),
      rows.map((r) => r.tokenHash),
      validForSeconds,
    ],
  );
}

/** The entry id `depth` operations deep into an account's history, newest first (a deep cursor). */
export async function entryIdAtDepth(q: Queryable, accountId: bigint, depth: number): Promise<bigint> {
  const { rows } = await q.query<{ entry_id: bigint }>(
    'select entry_id from ledger_postings where account_id = $1 order by entry_id desc offset $2 limit 1',
    [String(accountId), depth],
  );
  if (!rows[0]) throw new Error(`the account has fewer than ${depth} operations`);
  return rows[0].entry_id;
}

/** Refreshes the planner's statistics after a bulk load, as autovacuum would a little later. */
export async function analyzeLedger(q: Queryable): Promise<void> {
  await q.query('analyze ledger_entries');
  await q.query('analyze ledger_postings');
  await q.query('analyze ledger_accounts');
}

/**
 * After a bench's bulk load, the ledger as a database in service has it: vacuumed (statistics,
 * visibility map) and checkpointed, so that neither autovacuum nor a checkpoint of the load's
 * write-ahead log runs in the middle of the measurements.
 */
export async function settleLedger(q: Queryable): Promise<void> {
  await q.query('vacuum (analyze) ledger_entries, ledger_postings, ledger_accounts');
  await q.query('checkpoint');
}

/** Subjects marked for screening and not screened yet (new or changed customers and payees). */
export async function screeningBacklog(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('select count(*)::int as n from screening_changes');
  return rows[0]?.n ?? 0;
}

/** The whole database vacuumed and analysed, then checkpointed (see `settleLedger`). */
export async function settleDatabase(q: Queryable): Promise<void> {
  await q.query('vacuum (analyze)');
  await q.query('checkpoint');
}
