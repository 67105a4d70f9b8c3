import type { Queryable } from '../../db/types.ts';

export interface OperationRow {
  entry_id: bigint;
  number: string;
  kind: 'transfer' | 'card' | 'direct_debit' | 'adjustment' | 'internal';
  status: 'pending' | 'posted' | 'voided';
  amount: bigint;
  balance_after: bigint | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  description: string | null;
  created_at: Date;
  posted_at: Date | null;
}

/**
 * One page of an account's operations, newest first. Filtered by the acting customer: an account
 * id of somebody else yields nothing. Voided reservations are not operations and are left out, and
 * so is the credit side of a pending entry (a one-off transfer from another customer of this bank
 * reaches the payee when it is booked). A credit carrying its payer's name (an on-us transfer) names
 * the payer, not the payee the payer saw.
 */
export async function operationsPage(
  q: Queryable,
  f: {
    customerId: string;
    accountId: bigint;
    beforeEntryId: bigint | null;
    text: string | null;
    month: string | null;
    limit: number;
  },
): Promise<OperationRow[]> {
  const like = f.text ? `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await q.query<OperationRow>(
    `select e.id as entry_id, e.number, e.kind, e.status, p.amount, p.balance_after,
            case when p.amount > 0 and e.metadata ? 'payerName' then e.metadata->>'payerName'
                 else e.counterparty_name end as counterparty_name,
            case when p.amount > 0 and e.metadata ? 'payerName' then e.metadata->>'payerIban'
                 else e.counterparty_iban end as counterparty_iban,
            e.reference, e.description, e.created_at, e.posted_at
       from ledger_postings p
       join ledger_accounts a on a.id = p.account_id
       join ledger_entries e on e.id = p.entry_id
      where p.account_id = $1 and a.customer_id = $2 and e.status <> 'voided'
        and (e.status = 'posted' or p.amount < 0)
        and ($3::bigint is null or p.entry_id < $3::bigint)
        and ($4::text is null or e.counterparty_name ilike $4 or e.metadata->>'payerName' ilike $4
             or e.reference ilike $4
             or e.description ilike $4 or e.number ilike $4)
        and ($5::text is null or to_char(e.created_at at time zone 'Europe/Luxembourg', 'YYYY-MM') = $5)
      order by p.entry_id desc
      limit $6`,
    [
      String(f.accountId),
      f.customerId,
      f.beforeEntryId === null ? null : String(f.beforeEntryId),
      like,
      f.month,
      f.limit,
    ],
  );
  return rows;
}

export interface RibRow {
  account_id: bigint;
  account_name: string;
  iban: string | null;
  status: 'open' | 'closed';
  first_name: string | null;
  last_name: string | null;
}

/**
 * What a RIB shows of one account: its IBAN and name and its holder's name. Filtered by the acting
 * customer: somebody else's account id yields nothing, exactly like an unknown one.
 */
export async function ribDetails(
  q: Queryable,
  customerId: string,
  accountId: bigint,
): Promise<RibRow | null> {
  const { rows } = await q.query<RibRow>(
    `select a.id as account_id, a.name as account_name, a.iban, a.status, c.first_name, c.last_name
       from ledger_accounts a
       join customers c on c.id = a.customer_id
      where a.id = $1 and a.customer_id = $2`,
    [String(accountId), customerId],
  );
  return rows[0] ?? null;
}
