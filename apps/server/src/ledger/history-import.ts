import type { Cents } from '@comptoir/core';
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { LedgerRefusal } from './errors.ts';
import { indexImportedEntries } from './search-index.ts';
import type { EntryKind } from './types.ts';

export interface HistoryRow {
  /** When it happened: the entry's created_at and posted_at. */
  at: Date;
  /** Signed cents on the customer account (negative = debit); the counter account takes the opposite. */
  amount: bigint;
  kind: EntryKind;
  counterpartyName?: string | null;
  counterpartyIban?: string | null;
  reference?: string | null;
  description?: string | null;
}

const CHUNK = 5_000;

/**
 * Books a long history of posted two-leg entries between one customer account and one account
 * without a floor (a clearing or general-ledger account) in bulk, in the order given: for
 * imports, the demo and benchmarks, where posting 100,000 entries one by one would take minutes.
 * It keeps every invariant `verifyLedger` checks: each entry's legs sum to zero; the customer
 * account is locked first (as `ledger_post` locks it), its running balance must never go below its
 * floor (else nothing is written), each of its legs carries its balance after, and its cached
 * balance moves by the total; the counter leg carries none. `st-` numbers are random and unique.
 * The customer account's opening date moves back to the first imported entry if that is earlier.
 * Call inside a transaction.
 */
export async function importPostedHistory(
  q: Queryable,
  customerAccountId: bigint,
  counterAccountId: bigint,
  rows: readonly HistoryRow[],
): Promise<{ entries: number; balance: bigint }> {
  const { rows: accounts } = await q.query<{
    id: bigint;
    floor_enforced: boolean;
    status: string;
    posted_balance: Cents;
    pending_debits: Cents;
    overdraft_limit: Cents;
  }>(
    `select id, floor_enforced, status, posted_balance, pending_debits, overdraft_limit
       from ledger_accounts where id = any($1::bigint[]) order by id for update`,
    [[String(customerAccountId), String(counterAccountId)]],
  );
  const customer = accounts.find((a) => a.id === customerAccountId);
  const counter = accounts.find((a) => a.id === counterAccountId);
  if (!customer?.floor_enforced || !counter || counter.floor_enforced)
    throw new LedgerRefusal('invalid_history');
  if (customer.status !== 'open' || counter.status !== 'open') throw new LedgerRefusal('account_closed');

  let balance: bigint = customer.posted_balance;
  const after: bigint[] = [];
  for (const row of rows) {
    if (row.amount === 0n) throw new LedgerRefusal('invalid_amount');
    balance += row.amount;
    if (balance - customer.pending_debits + customer.overdraft_limit < 0n)
      throw new LedgerRefusal('insufficient_funds');
    after.push(balance);
  }

  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const numbers = await freshNumbers(q, chunk.length);
    const { rows: inserted } = await q.query<{ id: bigint; number: string }>(
      `insert into ledger_entries (number, kind, status, description, counterparty_name, counterparty_iban,
                                   reference, created_at, posted_at)
       select n, k, 'posted', d, cn, ci, r, t, t
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
              with ordinality as x(n, k, d, cn, ci, r, t, ord)
        order by ord
       returning id, number`,
      [
        numbers,
        chunk.map((r) => r.kind),
        chunk.map((r) => r.description ?? null),
        chunk.map((r) => r.counterpartyName ?? null),
        chunk.map((r) => r.counterpartyIban ?? null),
        chunk.map((r) => r.reference ?? null),
        chunk.map((r) => r.at.toISOString()),
      ],
    );
    const idOf = new Map(inserted.map((e) => [e.number, e.id]));
    const entryIds = numbers.map((n) => String(idOf.get(n)));
    await indexImportedEntries(q, entryIds);
    await q.query(
      `insert into ledger_postings (entry_id, account_id, amount, balance_after, entry_created_at, entry_posted_at)
       select e, a, m, b, t, t
         from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::timestamptz[])
              with ordinality as x(e, a, m, b, t, ord)
        order by ord`,
      [
        entryIds.flatMap((id) => [id, id]),
        chunk.flatMap(() => [String(customerAccountId), String(counterAccountId)]),
        chunk.flatMap((r) => [String(r.amount), String(-r.amount)]),
        chunk.flatMap((_, i) => [String(after[start + i]), null]),
        chunk.flatMap((r) => [r.at.toISOString(), r.at.toISOString()]),
      ],
    );
  }

  // A history cannot start before its account was opened: an imported one moves the opening back.
  const earliest = rows.reduce<Date | null>((min, r) => (min === null || r.at < min ? r.at : min), null);
  await q.query(
    `update ledger_accounts set posted_balance = $2, version = version + 1,
            created_at = least(created_at, coalesce($3::timestamptz, created_at))
      where id = $1`,
    [String(customerAccountId), String(balance), earliest?.toISOString() ?? null],
  );
  return { entries: rows.length, balance };
}

/** `count` distinct `st-` numbers that no entry has yet. */
async function freshNumbers(q: Queryable, count: number): Promise<string[]> {
  const picked = new Set<string>();
  while (picked.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - picked.size) {
      const n = `st-${randomInt(10_000_000, 100_000_000)}`;
      if (!picked.has(n)) candidates.add(n);
    }
    const { rows: taken } = await q.query<{ number: string }>(
      'select number from ledger_entries where number = any($1::text[])',
      [[...candidates]],
    );
    const used = new Set(taken.map((r) => r.number));
    for (const n of candidates) if (!used.has(n)) picked.add(n);
  }
  return [...picked];
}
