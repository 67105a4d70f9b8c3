import type { Cents } from '@comptoir/core';
import type { Queryable } from '../db/types.ts';
import { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from './counterparty.ts';
import type { EntryKind } from './types.ts';

/**
 * One leg of an entry on a customer's account, as the transaction monitoring reads it: the signed
 * amount on that account (credit > 0), when the entry was made, and who it was with, as the account's
 * holder sees it (ledger/counterparty.ts). A move between a customer's own accounts (an Espace's) is
 * no movement.
 */
export interface LedgerMovement {
  entryId: bigint;
  accountId: bigint;
  customerId: string;
  accountOpenedAt: Date;
  number: string;
  kind: EntryKind;
  status: 'pending' | 'posted' | 'voided';
  at: Date;
  amount: Cents;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** The customer's transfer behind a transfer entry (its metadata), else null. */
  transferId: string | null;
}

interface MovementRow {
  entry_id: bigint;
  account_id: bigint;
  customer_id: string;
  account_opened_at: Date;
  number: string;
  kind: EntryKind;
  status: LedgerMovement['status'];
  at: Date;
  amount: Cents;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  transfer_id: string | null;
}

const COLUMNS = `e.id as entry_id, a.id as account_id, a.customer_id, a.created_at as account_opened_at,
       e.number, e.kind, e.status, e.created_at as at, p.amount,
       ${COUNTERPARTY_NAME} as counterparty_name, ${COUNTERPARTY_IBAN} as counterparty_iban,
       e.metadata->>'transferId' as transfer_id`;

const toMovement = (r: MovementRow): LedgerMovement => ({
  entryId: r.entry_id,
  accountId: r.account_id,
  customerId: r.customer_id,
  accountOpenedAt: r.account_opened_at,
  number: r.number,
  kind: r.kind,
  status: r.status,
  at: r.at,
  amount: r.amount,
  counterpartyName: r.counterparty_name,
  counterpartyIban: r.counterparty_iban,
  transferId: r.transfer_id,
});

/**
 * Takes up to `limit` movements off the monitoring's feed (migration 0062), oldest entries first,
 * SKIP LOCKED: any number of instances take together, each movement once. In the caller's
 * transaction: what the caller writes of them commits with their leaving the feed, or neither does.
 */
export async function takeUnmonitoredMovements(q: Queryable, limit: number): Promise<LedgerMovement[]> {
  const { rows } = await q.query<MovementRow>(
    `with taken as (
       delete from ledger_movements_unmonitored m
        where (m.entry_id, m.account_id) in (
          select entry_id, account_id from ledger_movements_unmonitored
           order by entry_id, account_id limit $1 for update skip locked)
       returning m.entry_id, m.account_id)
     select ${COLUMNS}
       from taken t
       join ledger_entries e on e.id = t.entry_id
       join ledger_accounts a on a.id = t.account_id
       join ledger_postings p on p.account_id = t.account_id and p.entry_id = t.entry_id
      order by e.created_at, e.id, a.id`,
    [limit],
  );
  return rows.map(toMovement);
}

/**
 * The movements on these customers' accounts made between `from` and `to` (both included), not
 * voided, oldest first: the history the rules look back on. At most the latest `perAccount` of each
 * account (each account's postings by date, read newest first): a merchant's account receiving
 * thousands of payments a day costs each pass that many rows, not its whole week.
 */
export async function movementsOfCustomers(
  q: Queryable,
  customerIds: readonly string[],
  from: Date,
  to: Date,
  perAccount: number,
): Promise<LedgerMovement[]> {
  const { rows } = await q.query<MovementRow>(
    `select ${COLUMNS}
       from ledger_accounts a
       cross join lateral (
         select p.entry_id, p.amount from ledger_postings p
          join ledger_entries x on x.id = p.entry_id and x.kind <> 'internal' and x.status <> 'voided'
          where p.account_id = a.id and p.entry_created_at between $2 and $3
          order by p.entry_created_at desc, p.entry_id desc
          limit $4) p
       join ledger_entries e on e.id = p.entry_id
      where a.customer_id = any ($1::uuid[])
      order by e.created_at, e.id, a.id`,
    [customerIds, from, to, perAccount],
  );
  return rows.map(toMovement);
}

/**
 * When the customer's latest outgoing movement before `before` was made, looking back to `since`
 * only (a bounded walk of each account's postings by date); null when none in that time.
 */
export async function lastOutgoingBetween(
  q: Queryable,
  customerId: string,
  since: Date,
  before: Date,
): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(
    `select max(p.entry_created_at) as at
       from ledger_accounts a
       join ledger_postings p on p.account_id = a.id and p.amount < 0
        and p.entry_created_at >= $2 and p.entry_created_at < $3
       join ledger_entries e on e.id = p.entry_id and e.kind <> 'internal' and e.status <> 'voided'
      where a.customer_id = $1`,
    [customerId, since, before],
  );
  return rows[0]?.at ?? null;
}
