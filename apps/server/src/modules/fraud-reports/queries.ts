import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

// SQL of modules/fraud-reports (migration 0064, docs/fraud-reports.md).

export type FraudReportStatus = 'submitted' | 'accepted' | 'rejected';

/** The customer's own transfer a report names (null: none of theirs). */
export interface ReportedTransfer {
  id: string;
  account_id: bigint;
  payee_iban: string;
  payee_name: string;
  amount: Cents;
  status: string;
}

export async function customerTransfer(
  q: Queryable,
  customerId: string,
  transferId: string,
): Promise<ReportedTransfer | null> {
  const { rows } = await q.query<ReportedTransfer>(
    `select id, account_id, payee_iban, payee_name, amount, status
       from transfers where id = $1 and customer_id = $2`,
    [transferId, customerId],
  );
  return rows[0] ?? null;
}

export interface NewFraudReport {
  customerId: string;
  transfer: ReportedTransfer;
  payeeIban: string;
  kind: 'impersonation' | 'other';
  description: string;
  policeReportNumber: string;
  file: { id: string; storageKey: string; mime: string; size: number } | null;
  now: Date;
}

/** The report's id, or null when the transfer was reported already (one report per transfer). */
export async function insertFraudReport(q: Queryable, r: NewFraudReport): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `insert into fraud_reports (customer_id, transfer_id, account_id, payee_iban, payee_name, amount, kind,
                                description, police_report_number, file_id, file_storage_key, file_mime,
                                file_size, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (transfer_id) do nothing returning id`,
    [
      r.customerId,
      r.transfer.id,
      String(r.transfer.account_id),
      r.payeeIban,
      r.transfer.payee_name,
      String(r.transfer.amount),
      r.kind,
      r.description,
      r.policeReportNumber,
      r.file?.id ?? null,
      r.file?.storageKey ?? null,
      r.file?.mime ?? null,
      r.file?.size ?? null,
      r.now,
    ],
  );
  return rows[0]?.id ?? null;
}

export interface FraudReportRow {
  id: string;
  customer_id: string;
  transfer_id: string;
  transfer_number: string;
  transfer_at: Date;
  kind: 'impersonation' | 'other';
  status: FraudReportStatus;
  amount: Cents;
  payee_name: string;
  payee_iban: string;
  description: string;
  police_report_number: string;
  file_id: string | null;
  created_at: Date;
  decided_at: Date | null;
  decided_note: string | null;
  refund_number: string | null;
  customer_number: string;
  first_name: string | null;
  last_name: string | null;
  decider_id: string | null;
  decider_name: string | null;
  decider_email: string | null;
  payee_reporters: number;
}

const VIEW = `
  select r.id, r.customer_id, r.transfer_id, t.number as transfer_number, t.created_at as transfer_at,
         r.kind, r.status, r.amount, r.payee_name, r.payee_iban, r.description, r.police_report_number,
         r.file_id, r.created_at, r.decided_at, r.decided_note, re.number as refund_number,
         c.customer_number::text as customer_number, c.first_name, c.last_name,
         o.id as decider_id, o.name as decider_name, o.email as decider_email,
         (select count(distinct x.customer_id)::int from fraud_reports x where x.payee_iban = r.payee_iban)
           as payee_reporters
    from fraud_reports r
    join transfers t on t.id = r.transfer_id
    join customers c on c.id = r.customer_id
    left join operators o on o.id = r.decided_by
    left join ledger_entries re on re.id = r.refund_entry_id`;

export async function customerFraudReports(q: Queryable, customerId: string): Promise<FraudReportRow[]> {
  const { rows } = await q.query<FraudReportRow>(
    `${VIEW} where r.customer_id = $1 order by r.created_at desc limit 100`,
    [customerId],
  );
  return rows;
}

export async function customerFraudReport(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<FraudReportRow | null> {
  const { rows } = await q.query<FraudReportRow>(`${VIEW} where r.customer_id = $1 and r.id = $2`, [
    customerId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function listFraudReports(
  q: Queryable,
  status: 'submitted' | 'decided',
): Promise<FraudReportRow[]> {
  const { rows } = await q.query<FraudReportRow>(
    status === 'submitted'
      ? `${VIEW} where r.status = 'submitted' order by r.created_at`
      : `${VIEW} where r.status <> 'submitted' order by r.decided_at desc limit 200`,
  );
  return rows;
}

export async function fraudReportById(q: Queryable, id: string): Promise<FraudReportRow | null> {
  const { rows } = await q.query<FraudReportRow>(`${VIEW} where r.id = $1`, [id]);
  return rows[0] ?? null;
}

export interface LockedFraudReport {
  id: string;
  customer_id: string;
  account_id: bigint;
  kind: 'impersonation' | 'other';
  status: FraudReportStatus;
  amount: Cents;
  transfer_number: string;
}

export async function lockFraudReport(q: Queryable, id: string): Promise<LockedFraudReport | null> {
  const { rows } = await q.query<LockedFraudReport>(
    `select r.id, r.customer_id, r.account_id, r.kind, r.status, r.amount, t.number as transfer_number
       from fraud_reports r join transfers t on t.id = r.transfer_id
      where r.id = $1 for update of r`,
    [id],
  );
  return rows[0] ?? null;
}

export async function recordFraudDecision(
  q: Queryable,
  d: {
    id: string;
    status: 'accepted' | 'rejected';
    operatorId: string;
    note: string;
    refundEntryId: bigint | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `update fraud_reports
        set status = $2, decided_by = $3, decided_at = $4, decided_note = $5, refund_entry_id = $6
      where id = $1`,
    [d.id, d.status, d.operatorId, d.now, d.note, d.refundEntryId === null ? null : String(d.refundEntryId)],
  );
}

export async function fraudReportFile(
  q: Queryable,
  id: string,
): Promise<{
  customer_id: string;
  file_id: string | null;
  file_storage_key: string | null;
  file_mime: string | null;
} | null> {
  const { rows } = await q.query<{
    customer_id: string;
    file_id: string | null;
    file_storage_key: string | null;
    file_mime: string | null;
  }>(`select customer_id, file_id, file_storage_key, file_mime from fraud_reports where id = $1`, [id]);
  return rows[0] ?? null;
}

/** How many different customers reported transfers to this payee IBAN (canonical form). */
export async function payeeReporterCount(q: Queryable, payeeIban: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(distinct customer_id)::int as n from fraud_reports where payee_iban = $1`,
    [payeeIban],
  );
  return rows[0]?.n ?? 0;
}

export interface FlaggedPayeeRow {
  payee_iban: string;
  reporters: number;
  reports: number;
  first_reported_at: Date;
  last_reported_at: Date;
}

/** Payee IBANs reported by at least `reporters` different customers, most reported first. */
export async function flaggedPayees(q: Queryable, reporters: number): Promise<FlaggedPayeeRow[]> {
  const { rows } = await q.query<FlaggedPayeeRow>(
    `select payee_iban, count(distinct customer_id)::int as reporters, count(*)::int as reports,
            min(created_at) as first_reported_at, max(created_at) as last_reported_at
       from fraud_reports group by payee_iban having count(distinct customer_id) >= $1
      order by reporters desc, payee_iban`,
    [reporters],
  );
  return rows;
}
