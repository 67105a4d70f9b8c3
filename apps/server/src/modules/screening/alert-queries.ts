import type { ScreeningListedEntry } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

// SQL of the screening alerts' decisions (docs/screening.md#alerts-decisions-and-freezes).

export type AlertStatus = 'open' | 'confirmation_proposed' | 'closed';
export type AlertDecision = 'false_positive' | 'confirmed';

/** An alert as the back office reads it: the subject, the list entry, the operators of each step. */
export interface AlertRow {
  id: string;
  status: AlertStatus;
  subject_kind: 'customer' | 'beneficiary';
  subject_id: string;
  customer_id: string;
  score: number;
  explanation: unknown;
  decision: AlertDecision | null;
  proposed_note: string | null;
  proposed_at: Date | null;
  decided_note: string | null;
  decided_at: Date | null;
  created_at: Date;
  freeze_id: string | null;
  customer_number: string;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  beneficiary_name: string | null;
  beneficiary_iban: string | null;
  entry_id: string;
  /** The `entry` jsonb: the parsed entity as listed (modules/sanctions-lists/entry.ts). */
  entry: Omit<ScreeningListedEntry, 'entryId'>;
  version_id: string;
  version_number: number;
  proposer_id: string | null;
  proposer_name: string | null;
  proposer_email: string | null;
  decider_id: string | null;
  decider_name: string | null;
  decider_email: string | null;
}

/** The list version is the one the screening ran against; the entry is the row it matched. */
const VIEW = `
  select a.id, a.status, a.subject_kind, a.subject_id, a.customer_id, a.score, a.explanation, a.decision,
         a.proposed_note, a.proposed_at, a.decided_note, a.decided_at, a.created_at, a.freeze_id,
         c.customer_number::text as customer_number, c.first_name, c.last_name,
         to_char(c.birth_date, 'YYYY-MM-DD') as birth_date,
         b.name as beneficiary_name, b.iban as beneficiary_iban,
         e.id as entry_id, e.entry,
         v.id as version_id, v.version_number,
         po.id as proposer_id, po.name as proposer_name, po.email as proposer_email,
         dop.id as decider_id, dop.name as decider_name, dop.email as decider_email
    from screening_alerts a
    join customers c on c.id = a.customer_id
    join sanctions_entries e on e.id = a.entry_id
    join screenings s on s.id = a.screening_id
    join sanctions_list_versions v on v.id = s.list_version_id
    left join beneficiaries b
      on a.subject_kind = 'beneficiary' and b.id = a.subject_id and b.customer_id = a.customer_id
    left join operators po on po.id = a.proposed_by
    left join operators dop on dop.id = a.decided_by`;

const LIMIT = 500;

/** Open (undecided or proposed) oldest first — the queue in the order it is worked — or closed newest first. */
export async function listAlerts(q: Queryable, status: 'open' | 'closed'): Promise<AlertRow[]> {
  const { rows } = await q.query<AlertRow>(
    status === 'open'
      ? `${VIEW} where a.status <> 'closed' order by a.created_at, a.id limit ${LIMIT}`
      : `${VIEW} where a.status = 'closed' order by a.decided_at desc, a.id limit ${LIMIT}`,
  );
  return rows;
}

export async function alertById(q: Queryable, id: string): Promise<AlertRow | null> {
  const { rows } = await q.query<AlertRow>(`${VIEW} where a.id = $1`, [id]);
  return rows[0] ?? null;
}

/** What a decision step needs of the alert, its row locked for the rest of the transaction. */
export interface LockedAlert {
  id: string;
  status: AlertStatus;
  subject_kind: 'customer' | 'beneficiary';
  subject_id: string;
  customer_id: string;
  logical_id: string;
  score: number;
  proposed_by: string | null;
  proposed_at: Date | null;
}

export async function lockAlert(q: Queryable, id: string): Promise<LockedAlert | null> {
  const { rows } = await q.query<LockedAlert>(
    `select id, status, subject_kind, subject_id, customer_id, logical_id::text as logical_id, score,
            proposed_by, proposed_at
       from screening_alerts where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export async function recordProposal(
  q: Queryable,
  p: { id: string; operatorId: string; note: string; now: Date },
): Promise<void> {
  await q.query(
    `update screening_alerts
        set status = 'confirmation_proposed', proposed_by = $2, proposed_note = $3, proposed_at = $4
      where id = $1 and status = 'open'`,
    [p.id, p.operatorId, p.note, p.now],
  );
}

export async function closeAlert(
  q: Queryable,
  d: {
    id: string;
    decision: AlertDecision;
    operatorId: string;
    note: string | null;
    freezeId: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `update screening_alerts
        set status = 'closed', decision = $2, decided_by = $3, decided_note = $4, freeze_id = $5, decided_at = $6
      where id = $1 and status <> 'closed'`,
    [d.id, d.decision, d.operatorId, d.note, d.freezeId, d.now],
  );
}

/** The beneficiary an alert names, if the customer still has it (its IBAN and name as on file). */
export async function beneficiaryOfCustomer(
  q: Queryable,
  customerId: string,
  beneficiaryId: string,
): Promise<{ id: string; name: string; iban: string } | null> {
  const { rows } = await q.query<{ id: string; name: string; iban: string }>(
    `select id, name, iban from beneficiaries where id = $1 and customer_id = $2`,
    [beneficiaryId, customerId],
  );
  return rows[0] ?? null;
}
