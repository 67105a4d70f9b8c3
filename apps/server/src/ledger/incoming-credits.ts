import type { Cents } from '@comptoir/core';
import type { Queryable } from '../db/types.ts';

/** The clearing accounts money from other banks arrives through. */
export type ClearingCode = 'gl:sepa-clearing' | 'gl:instant-clearing';

/**
 * A posted credit from another bank to a customer's account: one leg out of a clearing account, one
 * onto the customer's. What holding it needs to know (docs/held-credits.md).
 */
export interface IncomingCredit {
  entryId: bigint;
  number: string;
  accountId: bigint;
  customerId: string;
  accountStatus: 'open' | 'closed';
  clearingCode: ClearingCode;
  amount: Cents;
  originatorName: string | null;
  originatorIban: string | null;
  reference: string | null;
  at: Date;
}

interface Row {
  entry_id: bigint;
  number: string;
  account_id: bigint;
  customer_id: string;
  account_status: 'open' | 'closed';
  clearing_code: ClearingCode;
  amount: Cents;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  at: Date;
}

/**
 * The entry as an incoming credit, or null when it is none: unknown, not posted, not exactly two
 * legs, or not from a clearing account to a customer's account (an on-us transfer, a card refund,
 * a manual entry).
 */
export async function incomingCredit(q: Queryable, entryId: bigint): Promise<IncomingCredit | null> {
  const { rows } = await q.query<Row>(
    `select e.id as entry_id, e.number, a.id as account_id, a.customer_id, a.status as account_status,
            g.code as clearing_code, p.amount, e.counterparty_name, e.counterparty_iban, e.reference,
            e.created_at as at
       from ledger_entries e
       join ledger_postings p on p.entry_id = e.id and p.amount > 0
       join ledger_accounts a on a.id = p.account_id and a.customer_id is not null
       join ledger_postings gp on gp.entry_id = e.id and gp.amount = -p.amount
       join ledger_accounts g on g.id = gp.account_id
                             and g.code in ('gl:sepa-clearing', 'gl:instant-clearing')
      where e.id = $1 and e.status = 'posted' and e.kind = 'transfer'
        and (select count(*) from ledger_postings c where c.entry_id = e.id) = 2`,
    [entryId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    entryId: r.entry_id,
    number: r.number,
    accountId: r.account_id,
    customerId: r.customer_id,
    accountStatus: r.account_status,
    clearingCode: r.clearing_code,
    amount: r.amount,
    originatorName: r.counterparty_name,
    originatorIban: r.counterparty_iban,
    reference: r.reference,
    at: r.at,
  };
}
