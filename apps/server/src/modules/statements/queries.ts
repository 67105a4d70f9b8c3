import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

export interface StatementAccountRow {
  account_id: bigint;
  kind: 'customer_main' | 'customer_sub';
  account_name: string;
  iban: string | null;
  currency: string;
  status: 'open' | 'closed';
  opened_at: Date;
  customer_number: string | null;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  residence_country: string | null;
}

/**
 * The account a statement or a certificate is about, with its holder. Filtered by the acting
 * customer: somebody else's account id yields nothing, exactly like an unknown one.
 */
export async function statementAccount(
  q: Queryable,
  customerId: string,
  accountId: bigint,
): Promise<StatementAccountRow | null> {
  const { rows } = await q.query<StatementAccountRow>(
    `select a.id as account_id, a.kind, a.name as account_name, a.iban, a.currency, a.status,
            a.created_at as opened_at, c.customer_number::text as customer_number, c.first_name, c.last_name,
            c.address, c.postal_code, c.city, c.residence_country
       from ledger_accounts a
       join customers c on c.id = a.customer_id
      where a.id = $1 and a.customer_id = $2 and a.kind in ('customer_main', 'customer_sub')`,
    [String(accountId), customerId],
  );
  return rows[0] ?? null;
}

/**
 * A statement's reads see one snapshot: the balances at the bounds and the lines in between cannot
 * disagree because a payment was booked between two of them.
 */
export async function useOneSnapshot(q: Queryable): Promise<void> {
  await q.query('set transaction isolation level repeatable read, read only');
}

export interface PeriodBalancesRow {
  /** Σ of the account's postings of entries posted before the period's start. */
  opening: Cents;
  /** Σ of those posted inside the period. */
  movement: Cents;
  /** The account's cached booked balance now. */
  cached: Cents;
  /** Σ of those posted at or after the period's end (none for a period running to now). */
  after_end: Cents;
}

/**
 * The ledger's balances of one account around a period [start, end). A posting carries its entry's
 * booking instant (`entry_posted_at`, null unless posted: migration 0022), so these sums read one
 * index of the account's postings and never the entries.
 */
export async function periodBalances(
  q: Queryable,
  accountId: bigint,
  start: Date,
  end: Date,
): Promise<PeriodBalancesRow> {
  const { rows } = await q.query<PeriodBalancesRow>(
    `select coalesce(sum(p.amount) filter (where p.entry_posted_at < $2), 0)::bigint as opening,
            coalesce(sum(p.amount) filter (where p.entry_posted_at >= $2 and p.entry_posted_at < $3), 0)::bigint
              as movement,
            (select posted_balance from ledger_accounts where id = $1) as cached,
            coalesce(sum(p.amount) filter (where p.entry_posted_at >= $3), 0)::bigint as after_end
       from ledger_postings p
      where p.account_id = $1 and p.entry_posted_at is not null`,
    [String(accountId), start, end],
  );
  return rows[0]!;
}

export interface StatementLineRow {
  entry_id: bigint;
  posting_id: bigint;
  number: string;
  kind: 'transfer' | 'card' | 'direct_debit' | 'adjustment' | 'internal';
  amount: Cents;
  balance_after: Cents | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  description: string | null;
  /** A `direct_debit` entry's mandate reference, Creditor Identifier and refund flag (null for other kinds). */
  direct_debit: { mandateReference?: unknown; creditorId?: unknown; refund?: unknown } | null;
  created_at: Date;
  posted_at: Date;
}

const LINES_FROM = `
       from ledger_postings p
       join ledger_entries e on e.id = p.entry_id
      where p.account_id = $1 and p.entry_posted_at >= $2 and p.entry_posted_at < $3
        and e.status = 'posted'`;

export interface PeriodTotalsRow {
  credits: Cents;
  debits: Cents;
  credit_count: number;
  debit_count: number;
}

/** Σ and count of the credits and of the debits a statement's lines will show (debits positive). */
export async function periodTotals(
  q: Queryable,
  accountId: bigint,
  start: Date,
  end: Date,
): Promise<PeriodTotalsRow> {
  const { rows } = await q.query<PeriodTotalsRow>(
    `select coalesce(sum(p.amount) filter (where p.amount > 0), 0)::bigint as credits,
            coalesce(-sum(p.amount) filter (where p.amount <= 0), 0)::bigint as debits,
            (count(*) filter (where p.amount > 0))::int as credit_count,
            (count(*) filter (where p.amount <= 0))::int as debit_count
     ${LINES_FROM}`,
    [String(accountId), start, end],
  );
  return rows[0]!;
}

/**
 * One page of the postings of the account whose entry was booked in [start, end), in booking order,
 * after the posting `afterPostingId` (keyset paging on the postings' booking index: every page costs
 * the same). The page's position is the ledger's own posting id, whose booking instant the database
 * reads back at its full precision: an instant carried through JavaScript keeps milliseconds only,
 * and entries booked before the application clock (0035) carry microseconds. Pending and voided
 * entries are not on a statement. A credit carrying its payer's name (an on-us transfer) names the
 * payer, as the operations list does. A direct debit brings what its metadata says of the collection.
 */
export async function statementLinesPage(
  q: Queryable,
  accountId: bigint,
  start: Date,
  end: Date,
  afterPostingId: bigint | null,
  limit: number,
): Promise<StatementLineRow[]> {
  const { rows } = await q.query<StatementLineRow>(
    `select e.id as entry_id, p.id as posting_id, e.number, e.kind, p.amount, p.balance_after,
            case when p.amount > 0 and e.metadata ? 'payerName' then e.metadata->>'payerName'
                 else e.counterparty_name end as counterparty_name,
            case when p.amount > 0 and e.metadata ? 'payerName' then e.metadata->>'payerIban'
                 else e.counterparty_iban end as counterparty_iban,
            e.reference, e.description,
            case when e.kind = 'direct_debit' then jsonb_build_object(
              'mandateReference', e.metadata->'mandateReference', 'creditorId', e.metadata->'creditorId',
              'refund', e.metadata->'refund') end as direct_debit,
            e.created_at, e.posted_at
     ${LINES_FROM}
        and ($4::bigint is null
             or (p.entry_posted_at, p.id) > (select c.entry_posted_at, c.id from ledger_postings c where c.id = $4))
      order by p.entry_posted_at, p.id
      limit $5`,
    [String(accountId), start, end, afterPostingId === null ? null : String(afterPostingId), limit],
  );
  return rows;
}
