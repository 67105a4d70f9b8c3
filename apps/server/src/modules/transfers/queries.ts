import { randomInt } from 'node:crypto';
import type { TransferStatus } from '@comptoir/contracts';
import { isUuid, transactionNumber, type Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import type { LedgerAccount } from '../../ledger/index.ts';
import type { TransferRow } from './transfer-row.ts';

export type { TransferRow };

const COLUMNS = `id, customer_id, account_id, beneficiary_id, payee_name, payee_iban, payee_bic, payee_account_id,
  internal, amount, reference, type, status, execution_date::text as execution_date, repeat, series_id,
  occurrence, series_start::text as series_start, entry_id, number, reason_code, reason_message, initiated_via,
  created_at, executed_at`;

export type NewTransfer = Omit<
  TransferRow,
  'id' | 'created_at' | 'executed_at' | 'reason_code' | 'reason_message' | 'series_id' | 'initiated_via'
> & {
  id?: string;
  series_id?: string | null;
  now: Date;
  executed_at?: Date | null;
  initiated_via?: string | null;
};

/** Inserts a transfer; `on conflict do nothing` on its number (false: pick another number). */
export async function insertTransfer(q: Queryable, t: NewTransfer): Promise<TransferRow | null> {
  const { rows } = await q.query<TransferRow>(
    `insert into transfers (id, customer_id, account_id, beneficiary_id, payee_name, payee_iban, payee_bic,
        payee_account_id, internal, amount, reference, type, status, execution_date, repeat, series_id,
        occurrence, series_start, entry_id, number, created_at, updated_at, executed_at, initiated_via)
     values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
        $14::date, $15::jsonb, $16::uuid, $17, $18::date, $19, $20, $21, $21, $22, $23)
     on conflict do nothing
     returning ${COLUMNS}`,
    [
      t.id ?? null,
      t.customer_id,
      String(t.account_id),
      t.beneficiary_id,
      t.payee_name,
      t.payee_iban,
      t.payee_bic,
      t.payee_account_id === null ? null : String(t.payee_account_id),
      t.internal,
      String(t.amount),
      t.reference,
      t.type,
      t.status,
      t.execution_date,
      t.repeat === null ? null : JSON.stringify(t.repeat),
      t.series_id ?? null,
      t.occurrence,
      t.series_start,
      t.entry_id === null ? null : String(t.entry_id),
      t.number,
      t.now,
      t.executed_at ?? null,
      t.initiated_via ?? null,
    ],
  );
  return rows[0] ?? null;
}

/** Whether a `st-` number is taken by a transfer or a ledger entry. */
async function numberTaken(q: Queryable, number: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from transfers where number = $1 union all select 1 from ledger_entries where number = $1`,
    [number],
  );
  return rows.length > 0;
}

/**
 * A `st-` number free among transfers and ledger entries: the transfer shows it from its creation
 * and its ledger entry, booked now or on its day, carries the same one.
 */
export async function freeNumber(q: Queryable): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = transactionNumber(randomInt);
    if (!(await numberTaken(q, number))) return number;
  }
  throw new Error('could not allocate a transaction number');
}

/** One of this customer's transfers; another customer's id answers null like an unknown one. */
export async function transferOf(
  q: Queryable,
  customerId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TransferRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<TransferRow>(
    `select ${COLUMNS} from transfers where id = $1 and customer_id = $2${options.lock ? ' for update' : ''}`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/** The customer's upcoming transfers (scheduled, pending), soonest first. */
export async function upcomingTransfers(
  q: Queryable,
  customerId: string,
  accountId: bigint | null,
): Promise<TransferRow[]> {
  const { rows } = await q.query<TransferRow>(
    `select ${COLUMNS} from transfers
      where customer_id = $1 and status in ('scheduled', 'pending') and ($2::bigint is null or account_id = $2)
      order by execution_date, created_at, id limit 200`,
    [customerId, accountId === null ? null : String(accountId)],
  );
  return rows;
}

/** The customer's most recent finished transfers, newest first. */
export async function recentTransfers(
  q: Queryable,
  customerId: string,
  accountId: bigint | null,
  limit: number,
): Promise<TransferRow[]> {
  const { rows } = await q.query<TransferRow>(
    `select ${COLUMNS} from transfers
      where customer_id = $1 and status not in ('scheduled', 'pending') and ($2::bigint is null or account_id = $2)
      order by coalesce(executed_at, updated_at) desc, id desc limit $3`,
    [customerId, accountId === null ? null : String(accountId), limit],
  );
  return rows;
}

export async function setTransferOutcome(
  q: Queryable,
  id: string,
  change: {
    status: TransferStatus;
    now: Date;
    entryId?: bigint | null;
    reasonCode?: string | null;
    reasonMessage?: string | null;
    executed?: boolean;
  },
): Promise<TransferRow> {
  const { rows } = await q.query<TransferRow>(
    `update transfers set status = $2, updated_at = $3, entry_id = coalesce($4::bigint, entry_id),
        reason_code = $5, reason_message = $6, executed_at = case when $7 then $3 else executed_at end
      where id = $1 returning ${COLUMNS}`,
    [
      id,
      change.status,
      change.now,
      change.entryId === undefined || change.entryId === null ? null : String(change.entryId),
      change.reasonCode ?? null,
      change.reasonMessage ?? null,
      change.executed ?? false,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`transfer ${id} vanished`);
  return row;
}

/**
 * Claims the next due standard transfer (execution day reached), skipping rows another instance
 * holds: the caller executes it in this same transaction, so a crash leaves the row as it was. A
 * transfer held by a blocking document request or an asset freeze (docs/screening.md#freezing-in-the-payment-paths)
 * is not claimed: it keeps its status, nothing is reserved, and it runs on the first pass after the hold ends.
 */
export async function claimDueTransfer(q: Queryable, today: string, now: Date): Promise<TransferRow | null> {
  const { rows } = await q.query<TransferRow>(
    `update transfers set claimed_at = $2
      where id = (select id from transfers
                   where type = 'standard' and status in ('scheduled', 'pending') and execution_date <= $1::date
                     -- a blocking document request holds outgoing payments until it is accepted
                     and not exists (select 1 from document_requests d
                                      where d.customer_id = transfers.customer_id and d.blocking
                                        and d.status in ('open', 'submitted'))
                     -- so does an asset freeze of the payer's funds, or a block of the payee, until lifted
                     and not customer_frozen(transfers.customer_id)
                     and not payee_frozen(transfers.customer_id, transfers.payee_iban)
                   order by execution_date, id
                   limit 1 for update skip locked)
      returning ${COLUMNS}`,
    [today, now],
  );
  return rows[0] ?? null;
}

/**
 * Claims an instant transfer still pending since before `olderThan` (its request died between the
 * reservation and the rail's answer), skipping rows another instance holds.
 */
export async function claimStuckInstant(
  q: Queryable,
  olderThan: Date,
  now: Date,
): Promise<TransferRow | null> {
  const { rows } = await q.query<TransferRow>(
    `update transfers set claimed_at = $2
      where id = (select id from transfers
                   where type = 'instant' and status = 'pending' and created_at < $1
                   order by created_at, id
                   limit 1 for update skip locked)
      returning ${COLUMNS}`,
    [olderThan, now],
  );
  return rows[0] ?? null;
}

/** Locks one transfer by id (no customer filter: jobs and the instant path's second phase). */
export async function lockTransfer(q: Queryable, id: string): Promise<TransferRow | null> {
  const { rows } = await q.query<TransferRow>(`select ${COLUMNS} from transfers where id = $1 for update`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** Name and e-mail of a customer (the payer's name on an on-us credit, the skipped-repetition mail). */
export async function customerName(
  q: Queryable,
  customerId: string,
): Promise<{ email: string; first_name: string | null; last_name: string | null } | null> {
  const { rows } = await q.query<{ email: string; first_name: string | null; last_name: string | null }>(
    'select email, first_name, last_name from customers where id = $1',
    [customerId],
  );
  return rows[0] ?? null;
}

export async function occurrenceExists(q: Queryable, seriesId: string, occurrence: number): Promise<boolean> {
  const { rows } = await q.query('select 1 from transfers where series_id = $1 and occurrence = $2', [
    seriesId,
    occurrence,
  ]);
  return rows.length > 0;
}

/** The customer holding a ledger account (null for a general-ledger account). */
export async function accountOwner(q: Queryable, accountId: bigint): Promise<string | null> {
  const { rows } = await q.query<{ customer_id: string | null }>(
    'select customer_id from ledger_accounts where id = $1',
    [String(accountId)],
  );
  return rows[0]?.customer_id ?? null;
}

/** Everything the rules of docs/product/transfers.md#rules-in-this-order read about an order, in one round trip (see `checkOrder`). */
/** The customer's saved beneficiary an order names, as the rules read it. */
export interface OrderBeneficiary {
  id: string;
  name: string;
  iban: string;
  bic: string | null;
}

export interface OrderFacts {
  beneficiary: OrderBeneficiary | null;
  /** The account to debit, when it is this customer's. */
  account: LedgerAccount | null;
  /**
   * A blocking document request holding payments: `open` while a document is still to be sent (it
   * wins over another one under review), `submitted` while the sent document awaits review.
   */
  hold: 'open' | 'submitted' | null;
  /** An asset freeze holds the customer's funds (docs/screening.md#freezing-in-the-payment-paths). */
  frozen: boolean;
  /** The customer's transfers to this beneficiary's IBAN are blocked (a payee freeze in force). */
  payeeFrozen: boolean;
  payerFirstName: string | null;
  payerLastName: string | null;
  /** The payee's account when the beneficiary's IBAN is one of this bank's (not a GL account). */
  payeeAccount: LedgerAccount | null;
  /** The candidate `st-` number is free among transfers and ledger entries. */
  numberFree: boolean;
}

const accountColumns = (alias: string) =>
  [
    'id',
    'code',
    'customer_id',
    'kind',
    'name',
    'iban',
    'posted_balance',
    'pending_debits',
    'overdraft_limit',
    'floor_enforced',
    'status',
    'created_at',
  ]
    .map((c) => `${alias}.${c} as ${alias}_${c}`)
    .join(', ');

const accountOf = (r: Record<string, unknown>, alias: string): LedgerAccount | null =>
  r[`${alias}_id`] === null
    ? null
    : {
        id: r[`${alias}_id`] as bigint,
        code: r[`${alias}_code`] as string | null,
        customerId: r[`${alias}_customer_id`] as string | null,
        kind: r[`${alias}_kind`] as LedgerAccount['kind'],
        name: r[`${alias}_name`] as string,
        iban: r[`${alias}_iban`] as string | null,
        postedBalance: r[`${alias}_posted_balance`] as Cents,
        pendingDebits: r[`${alias}_pending_debits`] as Cents,
        overdraftLimit: r[`${alias}_overdraft_limit`] as Cents,
        floorEnforced: r[`${alias}_floor_enforced`] as boolean,
        status: r[`${alias}_status`] as LedgerAccount['status'],
        openedAt: r[`${alias}_created_at`] as Date,
      };

/**
 * The beneficiary (this customer's only) — or, for a payee a third party named, its IBAN
 * (`payeeIban`, electronic format) —, the account to debit (this customer's only), an open
 * blocking document request, an asset freeze of the customer or of the payee, the payer's name, the payee's account at this bank and whether a
 * candidate `st-` number is free — one statement instead of six round trips in the order's transaction.
 */
export async function orderFacts(
  q: Queryable,
  customerId: string,
  beneficiaryId: string,
  accountId: string,
  candidateNumber: string,
  payeeIban: string | null = null,
): Promise<OrderFacts> {
  const { rows } = await q.query<Record<string, unknown>>(
    `select b.id as b_id, b.name as b_name, b.iban as b_iban, b.bic as b_bic,
            c.first_name, c.last_name,
            -- 'open' sorts before 'submitted': a document still to send wins over one under review
            (select min(d.status) from document_requests d
              where d.customer_id = c.id and d.blocking and d.status in ('open', 'submitted')) as hold,
            customer_frozen(c.id) as frozen,
            payee_frozen(c.id, coalesce(b.iban, $5::text)) as payee_frozen,
            not exists (select 1 from transfers where number = $4)
              and not exists (select 1 from ledger_entries where number = $4) as number_free,
            ${accountColumns('a')}, ${accountColumns('p')}
       from customers c
       left join beneficiaries b on b.id = $2::uuid and b.customer_id = c.id
       left join ledger_accounts a on a.id = $3::bigint and a.customer_id = c.id
       left join ledger_accounts p on p.iban = coalesce(b.iban, $5::text) and p.kind <> 'gl' and p.customer_id is not null
      where c.id = $1`,
    [
      customerId,
      isUuid(beneficiaryId) ? beneficiaryId : null,
      /^\d{1,18}$/.test(accountId) ? accountId : null,
      candidateNumber,
      payeeIban,
    ],
  );
  const r = rows[0] ?? {};
  return {
    beneficiary:
      r.b_id === null || r.b_id === undefined
        ? null
        : {
            id: r.b_id as string,
            name: r.b_name as string,
            iban: r.b_iban as string,
            bic: r.b_bic as string | null,
          },
    account: r.a_id === undefined ? null : accountOf(r, 'a'),
    hold: r.hold === 'open' || r.hold === 'submitted' ? r.hold : null,
    frozen: r.frozen === true,
    payeeFrozen: r.payee_frozen === true,
    payerFirstName: (r.first_name as string | null | undefined) ?? null,
    payerLastName: (r.last_name as string | null | undefined) ?? null,
    payeeAccount: r.p_id === undefined ? null : accountOf(r, 'p'),
    numberFree: r.number_free === true,
  };
}
