import { cents, type Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

export interface ManualEntryRow {
  id: string;
  customer_id: string;
  customer_email: string;
  account_id: bigint;
  amount: Cents;
  direction: 'credit' | 'debit';
  reason: string;
  gl_account: 'gl:adjustments' | 'gl:fees';
  status: 'pending' | 'posted' | 'refused';
  maker_id: string;
  maker_email: string;
  checker_id: string | null;
  checker_email: string | null;
  refusal_reason: string | null;
  number: string | null;
  entry_id: bigint | null;
  approval_reason: ApprovalReason | null;
  created_at: Date;
  decided_at: Date | null;
}

/** Why an entry waits for a second operator: its own amount, or a sum of its maker's over 24 hours. */
export type ApprovalReason = 'amount' | 'cumulative_customer' | 'cumulative_operator';

const SELECT = `select m.id, m.customer_id, c.email as customer_email, m.account_id, m.amount, m.direction,
    m.reason, m.gl_account, m.status, m.maker_id, mk.email as maker_email, m.checker_id,
    ck.email as checker_email, m.refusal_reason, e.number, m.entry_id, m.approval_reason, m.created_at,
    m.decided_at
  from manual_entries m
  join customers c on c.id = m.customer_id
  join operators mk on mk.id = m.maker_id
  left join operators ck on ck.id = m.checker_id
  left join ledger_entries e on e.id = m.entry_id`;

/** The customer (locked: closing and entries serialise on it) and their main open or closed account. */
export async function lockCustomerMainAccount(
  q: Queryable,
  customerId: string,
): Promise<{ status: string; account_id: bigint | null } | null> {
  const { rows } = await q.query<{ status: string; account_id: bigint | null }>(
    `select c.status,
            (select a.id from ledger_accounts a
              where a.customer_id = c.id and a.kind = 'customer_main' order by a.id limit 1) as account_id
       from customers c where c.id = $1 for update of c`,
    [customerId],
  );
  return rows[0] ?? null;
}

/**
 * Serialises one operator's manual entries, across customers and instances, until the transaction
 * ends: the sums read next cannot be passed by two entries that each saw the other missing.
 */
export async function lockMakerEntries(q: Queryable, makerId: string): Promise<void> {
  await q.query(`select pg_advisory_xact_lock(hashtextextended('manual_entries.maker:' || $1::text, 0))`, [
    makerId,
  ]);
}

/**
 * What the maker booked alone since `since` (posted without a checker): for this customer, and
 * overall. Pending entries move nothing until a second operator approves them, and approved ones had
 * four eyes, so neither counts.
 */
export async function makerSumsSince(
  q: Queryable,
  makerId: string,
  customerId: string,
  since: Date,
): Promise<{ customer: Cents; total: Cents }> {
  const { rows } = await q.query<{ customer: Cents; total: Cents }>(
    `select coalesce(sum(amount) filter (where customer_id = $2), 0)::bigint as customer,
            coalesce(sum(amount), 0)::bigint as total
       from manual_entries
      where maker_id = $1 and created_at > $3 and status = 'posted' and checker_id is null`,
    [makerId, customerId, since],
  );
  return { customer: cents(rows[0]!.customer), total: cents(rows[0]!.total) };
}

export async function insertManualEntry(
  q: Queryable,
  e: {
    customerId: string;
    accountId: bigint;
    amount: bigint;
    direction: 'credit' | 'debit';
    reason: string;
    glAccount: string;
    makerId: string;
    status: 'pending' | 'posted';
    entryId: bigint | null;
    approvalReason: ApprovalReason | null;
    now: Date;
  },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into manual_entries (customer_id, account_id, amount, direction, reason, gl_account, maker_id,
        status, entry_id, approval_reason, created_at, decided_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $11, $10, case when $8 = 'posted' then $10::timestamptz end)
     returning id`,
    [
      e.customerId,
      String(e.accountId),
      String(e.amount),
      e.direction,
      e.reason,
      e.glAccount,
      e.makerId,
      e.status,
      e.entryId === null ? null : String(e.entryId),
      e.now,
      e.approvalReason,
    ],
  );
  return rows[0]!.id;
}

export async function manualEntryById(q: Queryable, id: string): Promise<ManualEntryRow | null> {
  const { rows } = await q.query<ManualEntryRow>(`${SELECT} where m.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks one entry so that one decision only is taken (approve and refuse race on this row). */
export async function lockManualEntry(
  q: Queryable,
  id: string,
): Promise<{
  id: string;
  customer_id: string;
  account_id: bigint;
  amount: Cents;
  direction: 'credit' | 'debit';
  reason: string;
  gl_account: 'gl:adjustments' | 'gl:fees';
  status: string;
  maker_id: string;
  created_at: Date;
} | null> {
  const { rows } = await q.query<{
    id: string;
    customer_id: string;
    account_id: bigint;
    amount: Cents;
    direction: 'credit' | 'debit';
    reason: string;
    gl_account: 'gl:adjustments' | 'gl:fees';
    status: string;
    maker_id: string;
    created_at: Date;
  }>(
    `select id, customer_id, account_id, amount, direction, reason, gl_account, status, maker_id, created_at
       from manual_entries where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export async function decideManualEntry(
  q: Queryable,
  id: string,
  d: {
    status: 'posted' | 'refused';
    checkerId: string;
    entryId: bigint | null;
    refusalReason: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `update manual_entries set status = $2, checker_id = $3, entry_id = $4, refusal_reason = $5, decided_at = $6
      where id = $1`,
    [id, d.status, d.checkerId, d.entryId === null ? null : String(d.entryId), d.refusalReason, d.now],
  );
}

/** Entries, newest first: of one customer, or of everyone (the checkers' queue), by status. */
export async function listManualEntries(
  q: Queryable,
  filter: { customerId?: string; status?: string },
  limit = 200,
): Promise<ManualEntryRow[]> {
  const { rows } = await q.query<ManualEntryRow>(
    `${SELECT}
      where ($1::uuid is null or m.customer_id = $1) and ($2::text is null or m.status = $2)
      order by m.created_at desc, m.id limit $3`,
    [filter.customerId ?? null, filter.status ?? null, limit],
  );
  return rows;
}

export async function customerExists(q: Queryable, customerId: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from customers where id = $1', [customerId]);
  return rows.length > 0;
}
