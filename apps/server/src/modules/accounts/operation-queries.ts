import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from '../../ledger/index.ts';
import {
  INITIATED_VIA,
  MONTH_END,
  MONTH_START,
  REJECTED_TRANSFER_JOIN,
  SHOWN_ENTRY,
  type OperationRow,
} from './queries.ts';

export interface OperationDetailRow extends OperationRow {
  value_date: string | null;
  card_channel: string | null;
  transfer_type: 'instant' | 'standard' | null;
  mandate_reference: string | null;
  creditor_id: string | null;
}

/**
 * One operation of one of the acting customer's accounts, as the list shows it (voided
 * reservations — but a rejected transfer's — and the credit side of a pending entry are not
 * operations), with what its detail
 * sheet adds: the value date (the entry's own, e.g. a direct debit's refund dated on the debit day;
 * else the Luxembourg day it was booked), the card channel, the transfer type, and a direct
 * debit's mandate reference and Creditor Identifier. Another customer's account or entry yields
 * nothing, exactly like an unknown one.
 */
export async function operationDetail(
  q: Queryable,
  customerId: string,
  accountId: bigint,
  entryId: bigint,
): Promise<OperationDetailRow | null> {
  const { rows } = await q.query<OperationDetailRow>(
    `select e.id as entry_id, e.number, e.kind, e.status, p.amount, p.balance_after,
            ${COUNTERPARTY_NAME} as counterparty_name, ${COUNTERPARTY_IBAN} as counterparty_iban,
            e.reference, e.description, e.created_at, e.posted_at,
            case when e.posted_at is not null
                 then coalesce(e.value_date::text, to_char(e.posted_at at time zone 'Europe/Luxembourg', 'YYYY-MM-DD'))
            end as value_date,
            case when e.kind = 'card' then e.metadata->>'channel' end as card_channel,
            case when e.kind = 'direct_debit' then e.metadata->>'mandateReference' end as mandate_reference,
            case when e.kind = 'direct_debit' then e.metadata->>'creditorId' end as creditor_id,
            t.type as transfer_type, rt.reason_message as rejection_reason,
            ${INITIATED_VIA} as initiated_via
       from ledger_postings p
       join ledger_accounts a on a.id = p.account_id
       join ledger_entries e on e.id = p.entry_id
       ${REJECTED_TRANSFER_JOIN}
       left join transfers t
         on e.kind = 'transfer' and e.metadata->>'transferId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        and t.id = (e.metadata->>'transferId')::uuid
      where p.account_id = $1 and a.customer_id = $2 and p.entry_id = $3
        and ${SHOWN_ENTRY} and (e.status = 'posted' or p.amount < 0)`,
    [String(accountId), customerId, String(entryId)],
  );
  return rows[0] ?? null;
}

export interface MonthTotalsRow {
  month: string;
  money_in: Cents;
  money_out: Cents;
}

/**
 * Money in and out of an account for each month from `first` to `last` (`YYYY-MM`, Luxembourg
 * time), by booking date: posted postings only (a posting has `entry_posted_at` exactly when its
 * entry is posted), read from the account's booking-date index without touching the entries.
 */
export async function monthTotals(
  q: Queryable,
  accountId: bigint,
  first: string,
  last: string,
): Promise<MonthTotalsRow[]> {
  const { rows } = await q.query<MonthTotalsRow>(
    `select to_char(p.entry_posted_at at time zone 'Europe/Luxembourg', 'YYYY-MM') as month,
            coalesce(sum(p.amount) filter (where p.amount > 0), 0)::bigint as money_in,
            coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::bigint as money_out
       from ledger_postings p
      where p.account_id = $1 and p.entry_posted_at is not null
        and p.entry_posted_at >= ${MONTH_START('$2')} and p.entry_posted_at < ${MONTH_END('$3')}
      group by 1`,
    [String(accountId), first, last],
  );
  return rows;
}

export interface KindTotalsRow {
  kind: OperationRow['kind'];
  money_in: Cents;
  money_out: Cents;
}

/** The month's money in and out of an account by kind of operation (booking date, posted only). */
export async function kindTotals(q: Queryable, accountId: bigint, month: string): Promise<KindTotalsRow[]> {
  const { rows } = await q.query<KindTotalsRow>(
    `select e.kind,
            coalesce(sum(p.amount) filter (where p.amount > 0), 0)::bigint as money_in,
            coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::bigint as money_out
       from ledger_postings p
       join ledger_entries e on e.id = p.entry_id
      where p.account_id = $1 and p.entry_posted_at is not null
        and p.entry_posted_at >= ${MONTH_START('$2')} and p.entry_posted_at < ${MONTH_END('$2')}
      group by e.kind
      order by e.kind`,
    [String(accountId), month],
  );
  return rows;
}
