import type { Cents } from '@comptoir/core';
import type { Queryable } from '../db/types.ts';
import { LedgerRefusal } from './errors.ts';
import type { LedgerAccount } from './types.ts';

interface AccountRow {
  id: bigint;
  code: string | null;
  customer_id: string | null;
  kind: LedgerAccount['kind'];
  name: string;
  iban: string | null;
  posted_balance: Cents;
  pending_debits: Cents;
  overdraft_limit: Cents;
  floor_enforced: boolean;
  status: LedgerAccount['status'];
  created_at: Date;
}

const COLUMNS = `id, code, customer_id, kind, name, iban, posted_balance, pending_debits, overdraft_limit,
  floor_enforced, status, created_at`;

export const toAccount = (r: AccountRow): LedgerAccount => ({
  id: r.id,
  code: r.code,
  customerId: r.customer_id,
  kind: r.kind,
  name: r.name,
  iban: r.iban,
  postedBalance: r.posted_balance,
  pendingDebits: r.pending_debits,
  overdraftLimit: r.overdraft_limit,
  floorEnforced: r.floor_enforced,
  status: r.status,
  openedAt: r.created_at,
});

/**
 * Opens a customer account (floor enforced: never below zero) at `openedAt`: the application clock's
 * time, or — for an imported history, such as the sandbox's demo customer — when it was opened.
 */
export async function openCustomerAccount(
  q: Queryable,
  input: {
    customerId: string;
    kind: 'customer_main' | 'customer_sub';
    name: string;
    iban: string | null;
    openedAt: Date;
  },
): Promise<LedgerAccount> {
  const { rows } = await q.query<AccountRow>(
    `insert into ledger_accounts (customer_id, kind, name, iban, floor_enforced, created_at)
     values ($1, $2, $3, $4, true, $5::timestamptz) returning ${COLUMNS}`,
    [input.customerId, input.kind, input.name, input.iban, input.openedAt],
  );
  return toAccount(rows[0]!);
}

/** Next account number for IBAN generation, from a sequence: unique even under concurrency. */
export async function nextAccountSerial(q: Queryable): Promise<bigint> {
  const { rows } = await q.query<{ n: bigint }>(`select nextval('account_numbers') as n`);
  return rows[0]!.n;
}

export async function glAccount(q: Queryable, code: `gl:${string}`): Promise<LedgerAccount> {
  const { rows } = await q.query<AccountRow>(`select ${COLUMNS} from ledger_accounts where code = $1`, [
    code,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`general-ledger account ${code} is missing`);
  return toAccount(row);
}

/**
 * The posted balance of any account: the cached one for an account with a floor, the sum of its
 * posted postings for one without (general-ledger and clearing accounts cache nothing; see post.ts).
 */
export async function ledgerBalance(q: Queryable, accountId: bigint): Promise<Cents> {
  const { rows } = await q.query<{ balance: Cents }>(
    `select case when a.floor_enforced then a.posted_balance
                 else (select coalesce(sum(p.amount), 0) from ledger_postings p
                         join ledger_entries e on e.id = p.entry_id and e.status = 'posted'
                        where p.account_id = a.id)::bigint end as balance
       from ledger_accounts a where a.id = $1`,
    [String(accountId)],
  );
  if (!rows[0]) throw new LedgerRefusal('account_not_found');
  return rows[0].balance;
}

export async function accountByIban(q: Queryable, iban: string): Promise<LedgerAccount | null> {
  const { rows } = await q.query<AccountRow>(`select ${COLUMNS} from ledger_accounts where iban = $1`, [
    iban,
  ]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function customerAccounts(q: Queryable, customerId: string): Promise<LedgerAccount[]> {
  const { rows } = await q.query<AccountRow>(
    `select ${COLUMNS} from ledger_accounts where customer_id = $1 order by kind, id`,
    [customerId],
  );
  return rows.map(toAccount);
}

export async function customerAccount(
  q: Queryable,
  customerId: string,
  accountId: bigint,
): Promise<LedgerAccount> {
  const { rows } = await q.query<AccountRow>(
    `select ${COLUMNS} from ledger_accounts where customer_id = $1 and id = $2`,
    [customerId, String(accountId)],
  );
  if (!rows[0]) throw new LedgerRefusal('account_not_found');
  return toAccount(rows[0]);
}

/**
 * Closes every account of a customer when all are empty: locked in id order (the posting order),
 * then checked — booked and available balances zero, no pending entry — and closed together. A
 * refusal names the first account that holds money or a pending entry and closes nothing.
 */
export async function closeCustomerAccounts(
  q: Queryable,
  customerId: string,
): Promise<{ closed: LedgerAccount[] } | { refused: 'balance' | 'pending'; account: LedgerAccount }> {
  const { rows } = await q.query<AccountRow & { pending_entries: number }>(
    `select ${COLUMNS},
            (select count(*)::int from ledger_postings p join ledger_entries e on e.id = p.entry_id
              where p.account_id = a.id and e.status = 'pending') as pending_entries
       from ledger_accounts a where customer_id = $1 order by id for update`,
    [customerId],
  );
  for (const row of rows) {
    if (row.posted_balance !== 0n || row.pending_debits !== 0n)
      return { refused: 'balance', account: toAccount(row) };
    if (row.pending_entries > 0) return { refused: 'pending', account: toAccount(row) };
  }
  await q.query(`update ledger_accounts set status = 'closed' where customer_id = $1 and status = 'open'`, [
    customerId,
  ]);
  return { closed: rows.map((r) => ({ ...toAccount(r), status: 'closed' as const })) };
}

/** Renames one open sub-account (an Espace) of a customer; false when there is none such. */
export async function renameSubAccount(
  q: Queryable,
  customerId: string,
  accountId: bigint,
  name: string,
): Promise<boolean> {
  const result = await q.query(
    `update ledger_accounts set name = $3
      where id = $1 and customer_id = $2 and kind = 'customer_sub' and status = 'open'`,
    [String(accountId), customerId, name],
  );
  return result.rowCount === 1;
}

/**
 * Closes one open sub-account (an Espace) when it is empty: locked like a posting locks it (so a
 * move in flight finishes first, and one that comes after finds it closed), then checked — booked
 * and available balances zero, no pending entry. The account stays, closed, with its history.
 */
export async function closeSubAccount(
  q: Queryable,
  customerId: string,
  accountId: bigint,
): Promise<{ closed: LedgerAccount } | { refused: 'missing' | 'balance' | 'pending' }> {
  const { rows } = await q.query<AccountRow & { pending_entries: number }>(
    `select ${COLUMNS},
            (select count(*)::int from ledger_postings p join ledger_entries e on e.id = p.entry_id
              where p.account_id = a.id and e.status = 'pending') as pending_entries
       from ledger_accounts a
      where id = $1 and customer_id = $2 and kind = 'customer_sub' and status = 'open'
      for update`,
    [String(accountId), customerId],
  );
  const row = rows[0];
  if (!row) return { refused: 'missing' };
  if (row.posted_balance !== 0n || row.pending_debits !== 0n) return { refused: 'balance' };
  if (row.pending_entries > 0) return { refused: 'pending' };
  await q.query(`update ledger_accounts set status = 'closed' where id = $1`, [String(accountId)]);
  return { closed: { ...toAccount(row), status: 'closed' } };
}

/**
 * Locks one customer's account as a posting locks it (a payment in flight finishes first) and reads
 * it: for a step that must know the balance it is about to move, such as holding a credit already
 * booked (docs/held-credits.md). Null when the account is not that customer's.
 */
export async function lockCustomerAccount(
  q: Queryable,
  customerId: string,
  accountId: bigint,
): Promise<LedgerAccount | null> {
  const { rows } = await q.query<AccountRow>(
    `select ${COLUMNS} from ledger_accounts where id = $1 and customer_id = $2 for update`,
    [String(accountId), customerId],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}
