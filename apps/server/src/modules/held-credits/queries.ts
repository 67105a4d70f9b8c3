import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

// SQL of modules/held-credits (migration 0063, docs/held-credits.md).

export type HeldCreditStatus = 'held' | 'release_proposed' | 'return_proposed' | 'released' | 'returned';
export const OPEN_STATUSES: readonly HeldCreditStatus[] = ['held', 'release_proposed', 'return_proposed'];

/** A held credit as the back office reads it, with its customer, operators and entries' numbers. */
export interface HeldCreditRow {
  id: string;
  status: HeldCreditStatus;
  customer_id: string;
  customer_number: string;
  first_name: string | null;
  last_name: string | null;
  account_id: bigint;
  account_iban: string | null;
  credit_number: string;
  clearing_code: 'gl:sepa-clearing' | 'gl:instant-clearing';
  amount: Cents;
  originator_name: string | null;
  originator_iban: string | null;
  reference: string | null;
  held_at: Date;
  deadline: string;
  hold_rule: string | null;
  hold_note: string | null;
  case_id: string | null;
  held_by_id: string | null;
  held_by_name: string | null;
  held_by_email: string | null;
  proposed_at: Date | null;
  proposed_reason: string | null;
  proposed_note: string | null;
  proposer_id: string | null;
  proposer_name: string | null;
  proposer_email: string | null;
  decided_at: Date | null;
  decided_note: string | null;
  decider_id: string | null;
  decider_name: string | null;
  decider_email: string | null;
  outcome_number: string | null;
}

const VIEW = `
  select h.id, h.status, h.customer_id, c.customer_number::text as customer_number, c.first_name,
         c.last_name, h.account_id, a.iban as account_iban, ce.number as credit_number, h.clearing_code,
         h.amount, h.originator_name, h.originator_iban, h.reference, h.held_at,
         to_char(h.deadline, 'YYYY-MM-DD') as deadline, h.hold_rule, h.hold_note, h.case_id,
         hb.id as held_by_id, hb.name as held_by_name, hb.email as held_by_email,
         h.proposed_at, h.proposed_reason, h.proposed_note,
         pb.id as proposer_id, pb.name as proposer_name, pb.email as proposer_email,
         h.decided_at, h.decided_note,
         db.id as decider_id, db.name as decider_name, db.email as decider_email,
         oe.number as outcome_number
    from held_credits h
    join customers c on c.id = h.customer_id
    join ledger_accounts a on a.id = h.account_id
    join ledger_entries ce on ce.id = h.credit_entry_id
    left join operators hb on hb.id = h.held_by
    left join operators pb on pb.id = h.proposed_by
    left join operators db on db.id = h.decided_by
    left join ledger_entries oe on oe.id = h.outcome_entry_id`;

/** To decide, nearest deadline first; or decided, newest decision first (the latest 200). */
export async function listHeldCredits(q: Queryable, status: 'open' | 'closed'): Promise<HeldCreditRow[]> {
  const { rows } = await q.query<HeldCreditRow>(
    status === 'open'
      ? `${VIEW} where h.status in ('held', 'release_proposed', 'return_proposed')
          order by h.deadline, h.held_at`
      : `${VIEW} where h.status in ('released', 'returned') order by h.decided_at desc limit 200`,
  );
  return rows;
}

export async function heldCreditById(q: Queryable, id: string): Promise<HeldCreditRow | null> {
  const { rows } = await q.query<HeldCreditRow>(`${VIEW} where h.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The facts a step needs, the row locked: of two racing steps the second finds what the first did. */
export interface LockedHeldCredit {
  id: string;
  status: HeldCreditStatus;
  customer_id: string;
  account_id: bigint;
  credit_entry_id: bigint;
  clearing_code: 'gl:sepa-clearing' | 'gl:instant-clearing';
  amount: Cents;
  originator_name: string | null;
  originator_iban: string | null;
  reference: string | null;
  hold_rule: string | null;
  proposed_by: string | null;
  proposed_at: Date | null;
  proposed_reason: string | null;
}

export async function lockHeldCredit(q: Queryable, id: string): Promise<LockedHeldCredit | null> {
  const { rows } = await q.query<LockedHeldCredit>(
    `select id, status, customer_id, account_id, credit_entry_id, clearing_code, amount, originator_name,
            originator_iban, reference, hold_rule, proposed_by, proposed_at, proposed_reason
       from held_credits where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export async function heldCreditOfEntry(q: Queryable, creditEntryId: bigint): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(`select id from held_credits where credit_entry_id = $1`, [
    String(creditEntryId),
  ]);
  return rows[0]?.id ?? null;
}

export interface NewHeldCredit {
  customerId: string;
  accountId: bigint;
  creditEntryId: bigint;
  holdEntryId: bigint;
  clearingCode: 'gl:sepa-clearing' | 'gl:instant-clearing';
  amount: Cents;
  originatorName: string | null;
  originatorIban: string | null;
  reference: string | null;
  heldAt: Date;
  deadline: string;
  heldBy: string | null;
  holdRule: string | null;
  caseId: string | null;
  holdNote: string | null;
}

export async function insertHeldCredit(q: Queryable, h: NewHeldCredit): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into held_credits (customer_id, account_id, credit_entry_id, hold_entry_id, clearing_code, amount,
                               originator_name, originator_iban, reference, held_at, deadline, held_by,
                               hold_rule, case_id, hold_note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
    [
      h.customerId,
      String(h.accountId),
      String(h.creditEntryId),
      String(h.holdEntryId),
      h.clearingCode,
      String(h.amount),
      h.originatorName,
      h.originatorIban,
      h.reference,
      h.heldAt,
      h.deadline,
      h.heldBy,
      h.holdRule,
      h.caseId,
      h.holdNote,
    ],
  );
  return rows[0]!.id;
}

export async function recordProposal(
  q: Queryable,
  p: {
    id: string;
    action: 'release' | 'return';
    reason: string;
    note: string;
    operatorId: string;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `update held_credits
        set status = $2, proposed_by = $3, proposed_at = $4, proposed_reason = $5, proposed_note = $6
      where id = $1`,
    [
      p.id,
      p.action === 'release' ? 'release_proposed' : 'return_proposed',
      p.operatorId,
      p.now,
      p.reason,
      p.note,
    ],
  );
}

export async function recordDecision(
  q: Queryable,
  d: {
    id: string;
    status: 'released' | 'returned';
    operatorId: string;
    note: string | null;
    entryId: bigint;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `update held_credits
        set status = $2, decided_by = $3, decided_at = $4, decided_note = $5, outcome_entry_id = $6
      where id = $1`,
    [d.id, d.status, d.operatorId, d.now, d.note, String(d.entryId)],
  );
}

export interface CustomerHeldCreditRow {
  id: string;
  status: HeldCreditStatus;
  amount: Cents;
  originator_name: string | null;
  held_at: Date;
  decided_at: Date | null;
}

/** The customer's credits being verified, and those decided since `since`, newest first. */
export async function customerHeldCredits(
  q: Queryable,
  customerId: string,
  since: Date,
): Promise<CustomerHeldCreditRow[]> {
  const { rows } = await q.query<CustomerHeldCreditRow>(
    `select id, status, amount, originator_name, held_at, decided_at
       from held_credits
      where customer_id = $1
        and (status in ('held', 'release_proposed', 'return_proposed') or decided_at >= $2)
      order by held_at desc limit 50`,
    [customerId, since],
  );
  return rows;
}
