import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from '../../ledger/index.ts';

/** « via <TPP> »: the third party that initiated a transfer (PSD2), shown to the payer only. */
export const INITIATED_VIA = `case when p.amount < 0 then e.metadata->>'psd2Tpp' end`;

export interface OperationRow {
  entry_id: bigint;
  number: string;
  kind: 'transfer' | 'card' | 'direct_debit' | 'adjustment' | 'internal';
  status: 'pending' | 'posted' | 'voided';
  amount: Cents;
  balance_after: Cents | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  description: string | null;
  created_at: Date;
  posted_at: Date | null;
  /** A transfer the other bank rejected: its French reason (its reservation is voided). */
  rejection_reason?: string | null;
  /** The third party through which the payer ordered it (PSD2), on the payer's side only. */
  initiated_via?: string | null;
}

/**
 * Operations are non-voided entries — and the voided reservation of a transfer the other bank
 * rejected, so the customer sees what was tried and why (it moved no money). `rt` is the rejected
 * transfer, joined by the `st-` number the transfer and its entry share (unique on transfers).
 */
export const REJECTED_TRANSFER_JOIN = `left join transfers rt
         on e.status = 'voided' and e.kind = 'transfer' and rt.number = e.number and rt.status = 'rejected'`;
export const SHOWN_ENTRY = `(e.status <> 'voided' or rt.id is not null)`;

/** The first instant of a `YYYY-MM` month in Luxembourg, and of the month after it. */
export const MONTH_START = (param: string) =>
  `((${param}::text || '-01')::timestamp at time zone 'Europe/Luxembourg')`;
export const MONTH_END = (param: string) =>
  `(((${param}::text || '-01')::timestamp + interval '1 month') at time zone 'Europe/Luxembourg')`;

/** `%text%` for LIKE, its own `%`, `_` and `\` matched literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of an account's operations, newest first (by entry id, the cursor). Filtered by the
 * acting customer: an account id of somebody else yields nothing. Voided reservations are not
 * operations and are left out — but for a transfer the other bank rejected, shown with its reason
 * and no balance after — and so is the credit side of a pending entry (a one-off transfer from
 * another customer of this bank reaches the payee when it is booked). A credit carrying its payer's
 * name (an on-us transfer) names the payer, not the payee the payer saw.
 *
 * Filters: `text` (already a LIKE pattern) over the counterparty shown, reason, description and
 * `st-` number, case- and accent-insensitive (`comptoir_fold`; the entry's folded text in
 * `ledger_entry_search`, trigram-indexed and written after its commit, narrows first, migrations
 * 0022, 0026 and 0061), or `amount` (cents, either sign);
 * `month` (`YYYY-MM`) over the operation's date, half-open in Luxembourg time. With a month, the
 * account's postings of that month are read from their index range first (a materialized
 * step, so the planner cannot prefer walking the whole account newest-first and filtering).
 */
export async function operationsPage(
  q: Queryable,
  f: {
    customerId: string;
    accountId: bigint;
    beforeEntryId: bigint | null;
    pattern: string | null;
    amount: bigint | null;
    month: string | null;
    limit: number;
  },
): Promise<OperationRow[]> {
  // Only the filters asked for are written into the statement, so that the planner sees each as
  // it is (the trigram index serves a text search only when nothing is OR-ed with it).
  const params: unknown[] = [String(f.accountId), f.customerId, f.limit];
  const param = (value: unknown) => `$${params.push(value)}`;
  const before = f.beforeEntryId === null ? 'true' : `p.entry_id < ${param(String(f.beforeEntryId))}::bigint`;
  let inMonth = 'true';
  if (f.month) {
    const month = param(f.month);
    inMonth = `p.entry_created_at >= ${MONTH_START(month)} and p.entry_created_at < ${MONTH_END(month)}`;
  }
  let matches = 'true';
  let searched = '';
  if (f.pattern) {
    const folded = `comptoir_fold(${param(f.pattern)}::text)`;
    const text = `(s.search_text like ${folded}
                   and (comptoir_fold(${COUNTERPARTY_NAME}) like ${folded}
                        or comptoir_fold(e.reference) like ${folded}
                        or comptoir_fold(e.description) like ${folded}
                        or e.number like ${folded}))`;
    matches = f.amount === null ? text : `(${text} or abs(p.amount) = ${param(String(f.amount))}::bigint)`;
    // An entry is in the search index once its transaction has committed (migration 0061); one
    // matched by its amount alone needs no row there.
    searched = `${f.amount === null ? 'join' : 'left join'} ledger_entry_search s on s.entry_id = e.id`;
  }
  const postings = f.month
    ? `(select p.entry_id, p.account_id, p.amount, p.balance_after, p.entry_created_at
          from ledger_postings p
         where p.account_id = $1 and ${inMonth} and ${before}
        offset 0)`
    : 'ledger_postings';
  const { rows } = await q.query<OperationRow>(
    `select e.id as entry_id, e.number, e.kind, e.status, p.amount, p.balance_after,
            ${COUNTERPARTY_NAME} as counterparty_name, ${COUNTERPARTY_IBAN} as counterparty_iban,
            e.reference, e.description, e.created_at, e.posted_at, rt.reason_message as rejection_reason,
            ${INITIATED_VIA} as initiated_via
       from ${postings} p
       join ledger_accounts a on a.id = p.account_id
       join ledger_entries e on e.id = p.entry_id
       ${searched}
       ${REJECTED_TRANSFER_JOIN}
      where p.account_id = $1 and a.customer_id = $2 and ${SHOWN_ENTRY}
        and (e.status = 'posted' or p.amount < 0)
        and ${before} and ${inMonth} and ${matches}
      order by p.entry_id desc
      limit $3`,
    params,
    // A rare word is best found through the trigram index, a common one by walking the newest rows.
    { planEachCall: f.pattern !== null },
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

/**
 * Whether an asset freeze holds the acting customer's funds (docs/screening.md#freezing-in-the-payment-paths):
 * what their accounts answer as `frozen`, never why.
 */
export async function customerFrozen(q: Queryable, customerId: string): Promise<boolean> {
  const { rows } = await q.query<{ frozen: boolean }>('select customer_frozen($1::uuid) as frozen', [
    customerId,
  ]);
  return rows[0]?.frozen === true;
}
