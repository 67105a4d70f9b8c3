import type { ScreeningOutcome, ScreeningReason, ScreeningSubjectKind } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

/** The one threshold: a score at or above it opens an alert. */
export async function matchThreshold(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ match_threshold: number }>(
    'select match_threshold from screening_settings where id',
  );
  const threshold = rows[0]?.match_threshold;
  if (threshold === undefined) throw new Error('screening_settings has no row');
  return threshold;
}

export interface ScreeningRecord {
  subjectKind: ScreeningSubjectKind;
  subjectId: string;
  customerId: string;
  reason: ScreeningReason;
  identitySha256: string;
  outcome: ScreeningOutcome;
  topScore: number;
}

/**
 * Records one screening per subject (against `versionId`, with the threshold in force) and moves
 * each subject's last screening to it. Returns the id of each subject's screening row.
 */
export async function recordScreenings(
  q: Queryable,
  p: { versionId: string; threshold: number; today: string; at: Date; records: readonly ScreeningRecord[] },
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (p.records.length === 0) return ids;
  const kinds = p.records.map((r) => r.subjectKind);
  const subjects = p.records.map((r) => r.subjectId);
  const customers = p.records.map((r) => r.customerId);
  const identities = p.records.map((r) => r.identitySha256);
  const { rows } = await q.query<{ id: string; subject_kind: string; subject_id: string }>(
    `insert into screenings (subject_kind, subject_id, customer_id, list_version_id, reason,
                             identity_sha256, threshold, outcome, top_score, screened_at)
     select x.kind, x.subject, x.customer, $1::uuid, x.reason, x.identity, $2::smallint, x.outcome,
            x.score, $3::timestamptz
       from unnest($4::text[], $5::uuid[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::smallint[])
         as x(kind, subject, customer, reason, identity, outcome, score)
     returning id::text, subject_kind, subject_id`,
    [
      p.versionId,
      p.threshold,
      p.at,
      kinds,
      subjects,
      customers,
      p.records.map((r) => r.reason),
      identities,
      p.records.map((r) => r.outcome),
      p.records.map((r) => r.topScore),
    ],
  );
  for (const row of rows) ids.set(`${row.subject_kind}:${row.subject_id}`, row.id);
  await q.query(
    `insert into screening_subjects (subject_kind, subject_id, customer_id, identity_sha256,
                                     list_version_id, screened_on, screened_at)
     select x.kind, x.subject, x.customer, x.identity, $1::uuid, $2::date, $3::timestamptz
       from unnest($4::text[], $5::uuid[], $6::uuid[], $7::text[]) as x(kind, subject, customer, identity)
     on conflict (subject_kind, subject_id) do update
        set customer_id = excluded.customer_id, identity_sha256 = excluded.identity_sha256,
            list_version_id = excluded.list_version_id, screened_on = excluded.screened_on,
            screened_at = excluded.screened_at`,
    [p.versionId, p.today, p.at, kinds, subjects, customers, identities],
  );
  return ids;
}

export interface AlertToOpen {
  id: string;
  subjectKind: ScreeningSubjectKind;
  subjectId: string;
  customerId: string;
  screeningId: string;
  entryId: string;
  logicalId: number;
  subjectIdentitySha256: string;
  entryContentSha256: string;
  score: number;
  explanation: unknown;
}

/**
 * Opens an alert for each possible match, unless one is still undecided for that (subject, listed
 * entity), or a decided one for that pair holds: closed with the same subject identity and the same
 * entry content (a false positive stays decided until either changes). Returns the ids opened.
 */
export async function openAlerts(q: Queryable, at: Date, alerts: readonly AlertToOpen[]): Promise<string[]> {
  if (alerts.length === 0) return [];
  const { rows } = await q.query<{ id: string }>(
    `insert into screening_alerts (id, subject_kind, subject_id, customer_id, screening_id, entry_id,
                                   logical_id, subject_identity_sha256, entry_content_sha256, score,
                                   explanation, created_at)
     select x.id, x.kind, x.subject, x.customer, x.screening, x.entry, x.logical, x.identity, x.content,
            x.score, x.explanation::jsonb, $1::timestamptz
       from unnest($2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::bigint[], $7::uuid[], $8::bigint[],
                   $9::text[], $10::text[], $11::smallint[], $12::text[])
         as x(id, kind, subject, customer, screening, entry, logical, identity, content, score, explanation)
      where not exists (
              select 1 from screening_alerts a
               where a.subject_kind = x.kind and a.subject_id = x.subject and a.logical_id = x.logical
                 and a.status = 'closed' and a.subject_identity_sha256 = x.identity
                 and a.entry_content_sha256 = x.content)
     on conflict (subject_kind, subject_id, logical_id) where status <> 'closed' do nothing
     returning id`,
    [
      at,
      alerts.map((a) => a.id),
      alerts.map((a) => a.subjectKind),
      alerts.map((a) => a.subjectId),
      alerts.map((a) => a.customerId),
      alerts.map((a) => a.screeningId),
      alerts.map((a) => a.entryId),
      alerts.map((a) => String(a.logicalId)),
      alerts.map((a) => a.subjectIdentitySha256),
      alerts.map((a) => a.entryContentSha256),
      alerts.map((a) => a.score),
      alerts.map((a) => JSON.stringify(a.explanation)),
    ],
  );
  return rows.map((r) => r.id);
}
