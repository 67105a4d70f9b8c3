import type { MonitoringRule } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from '../../ledger/index.ts';

// SQL of the monitoring cases (docs/monitoring.md#cases).

export type CaseStatus = 'open' | 'report_proposed' | 'closed';
export type CaseDecision = 'no_suspicion' | 'report';

export interface CaseRow {
  id: string;
  status: CaseStatus;
  customer_id: string;
  opened_at: Date;
  updated_at: Date;
  proposed_at: Date | null;
  proposed_note: string | null;
  decision: CaseDecision | null;
  decided_at: Date | null;
  decided_note: string | null;
  report_json_key: string | null;
  report_pdf_key: string | null;
  customer_number: string;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  email: string;
  customer_status: string;
  profession: string | null;
  income_range: string | null;
  customer_created_at: Date;
  proposer_id: string | null;
  proposer_name: string | null;
  proposer_email: string | null;
  decider_id: string | null;
  decider_name: string | null;
  decider_email: string | null;
  rules: MonitoringRule[];
  hit_count: number;
}

const VIEW = `
  select m.id, m.status, m.customer_id, m.opened_at, m.updated_at, m.proposed_at, m.proposed_note,
         m.decision, m.decided_at, m.decided_note, m.report_json_key, m.report_pdf_key,
         c.customer_number::text as customer_number, c.first_name, c.last_name,
         to_char(c.birth_date, 'YYYY-MM-DD') as birth_date, c.email, c.status as customer_status,
         c.profession, c.income_range, c.created_at as customer_created_at,
         po.id as proposer_id, po.name as proposer_name, po.email as proposer_email,
         dop.id as decider_id, dop.name as decider_name, dop.email as decider_email,
         coalesce((select array_agg(r.rule order by r.first_id)
                     from (select h.rule, min(h.id) as first_id from monitoring_hits h
                            where h.case_id = m.id group by h.rule) r), '{}') as rules,
         (select count(*)::int from monitoring_hits h where h.case_id = m.id) as hit_count
    from monitoring_cases m
    join customers c on c.id = m.customer_id
    left join operators po on po.id = m.proposed_by
    left join operators dop on dop.id = m.decided_by`;

const LIMIT = 500;

/** Open (open or proposed) oldest first — the queue in the order it is worked — or closed newest first. */
export async function listCases(q: Queryable, status: 'open' | 'closed'): Promise<CaseRow[]> {
  const { rows } = await q.query<CaseRow>(
    status === 'open'
      ? `${VIEW} where m.status <> 'closed' order by m.opened_at, m.id limit ${LIMIT}`
      : `${VIEW} where m.status = 'closed' order by m.decided_at desc, m.id limit ${LIMIT}`,
  );
  return rows;
}

export async function caseById(q: Queryable, id: string): Promise<CaseRow | null> {
  const { rows } = await q.query<CaseRow>(`${VIEW} where m.id = $1`, [id]);
  return rows[0] ?? null;
}

export interface LockedCase {
  id: string;
  status: CaseStatus;
  customer_id: string;
  proposed_by: string | null;
  proposed_at: Date | null;
  proposed_note: string | null;
}

/** Locks a case for a decision step (every step takes it first). */
export async function lockCase(q: Queryable, id: string): Promise<LockedCase | null> {
  const { rows } = await q.query<LockedCase>(
    `select id, status, customer_id, proposed_by, proposed_at, proposed_note
       from monitoring_cases where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export interface HitOperationRow {
  hit_id: string;
  rule: MonitoringRule;
  rule_version: number;
  details: Record<string, string | number>;
  hit_at: Date;
  entry_id: string;
  number: string;
  at: Date;
  kind: string;
  amount: bigint;
  counterparty_name: string | null;
  counterparty_iban: string | null;
}

/**
 * The case's hits, each with the operations it rests on as the customer's accounts show them
 * (each entry's posting on the customer's own account), in the order they were found.
 */
export async function caseHitOperations(q: Queryable, caseId: string): Promise<HitOperationRow[]> {
  const { rows } = await q.query<HitOperationRow>(
    `select h.id::text as hit_id, h.rule, h.rule_version, h.details, h.created_at as hit_at,
            e.id::text as entry_id, e.number, e.created_at as at, e.kind, p.amount,
            ${COUNTERPARTY_NAME} as counterparty_name, ${COUNTERPARTY_IBAN} as counterparty_iban
       from monitoring_hits h
       cross join lateral unnest(h.entry_ids) with ordinality as x(entry_id, ord)
       join ledger_entries e on e.id = x.entry_id
       join ledger_accounts a on a.customer_id = h.customer_id
       join ledger_postings p on p.account_id = a.id and p.entry_id = e.id
      where h.case_id = $1
      order by h.id, x.ord`,
    [caseId],
  );
  return rows;
}

export interface NoteRow {
  note: string;
  created_at: Date;
  operator_id: string;
  operator_name: string;
  operator_email: string;
}

export async function caseNotes(q: Queryable, caseId: string): Promise<NoteRow[]> {
  const { rows } = await q.query<NoteRow>(
    `select n.note, n.created_at, o.id as operator_id, o.name as operator_name, o.email as operator_email
       from monitoring_case_notes n join operators o on o.id = n.operator_id
      where n.case_id = $1 order by n.id`,
    [caseId],
  );
  return rows;
}

export async function insertNote(
  q: Queryable,
  n: { caseId: string; operatorId: string; note: string; now: Date },
): Promise<void> {
  await q.query(
    `insert into monitoring_case_notes (case_id, operator_id, note, created_at) values ($1, $2, $3, $4)`,
    [n.caseId, n.operatorId, n.note, n.now],
  );
  await q.query('update monitoring_cases set updated_at = $2 where id = $1', [n.caseId, n.now]);
}

/** A report proposed by a first operator, with the narrative. */
export async function recordProposal(
  q: Queryable,
  p: { id: string; operatorId: string; note: string; now: Date },
): Promise<void> {
  await q.query(
    `update monitoring_cases
        set status = 'report_proposed', proposed_by = $2, proposed_at = $4, proposed_note = $3, updated_at = $4
      where id = $1`,
    [p.id, p.operatorId, p.note, p.now],
  );
}

/** Closes the case with its decision (and, for a report, its files' storage keys). */
export async function closeCase(
  q: Queryable,
  c: {
    id: string;
    decision: CaseDecision;
    operatorId: string;
    note: string | null;
    reportJsonKey: string | null;
    reportPdfKey: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `update monitoring_cases
        set status = 'closed', decision = $2, decided_by = $3, decided_at = $5, decided_note = $4,
            report_json_key = $6, report_pdf_key = $7, updated_at = $5
      where id = $1`,
    [c.id, c.decision, c.operatorId, c.note, c.now, c.reportJsonKey, c.reportPdfKey],
  );
}

/** The report's storage keys of a closed case (null: no report). */
export async function reportKeys(
  q: Queryable,
  id: string,
): Promise<{ customer_id: string; report_json_key: string | null; report_pdf_key: string | null } | null> {
  const { rows } = await q.query<{
    customer_id: string;
    report_json_key: string | null;
    report_pdf_key: string | null;
  }>('select customer_id, report_json_key, report_pdf_key from monitoring_cases where id = $1', [id]);
  return rows[0] ?? null;
}

export interface ReportSubjectRow {
  address: string | null;
  postal_code: string | null;
  city: string | null;
  residence_country: string | null;
  ibans: string[];
}

/** What the report adds to the case's file: the customer's address and their accounts' IBANs. */
export async function reportSubject(q: Queryable, customerId: string): Promise<ReportSubjectRow> {
  const { rows } = await q.query<ReportSubjectRow>(
    `select c.address, c.postal_code, c.city, c.residence_country,
            coalesce((select array_agg(a.iban order by a.id) from ledger_accounts a
                       where a.customer_id = c.id and a.iban is not null), '{}') as ibans
       from customers c where c.id = $1`,
    [customerId],
  );
  const row = rows[0];
  if (!row) throw new Error('report subject vanished');
  return row;
}

/** The customer's case not yet decided and the rules it gathers (null: none). */
export async function undecidedCaseRules(
  q: Queryable,
  customerId: string,
): Promise<{ caseId: string; rules: MonitoringRule[] } | null> {
  const { rows } = await q.query<{ id: string; rules: MonitoringRule[] }>(
    `select c.id, coalesce(array(select distinct h.rule from monitoring_hits h where h.case_id = c.id),
                           '{}') as rules
       from monitoring_cases c where c.customer_id = $1 and c.status <> 'closed'`,
    [customerId],
  );
  const r = rows[0];
  return r ? { caseId: r.id, rules: r.rules } : null;
}
