import type { ScreeningOutcome, ScreeningReason, ScreeningSubjectKind } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export async function customerExists(q: Queryable, customerId: string): Promise<boolean> {
  const { rows } = await q.query<{ found: boolean }>(
    'select exists (select 1 from customers where id = $1) as found',
    [customerId],
  );
  return rows[0]?.found ?? false;
}

export interface ScreeningRow {
  id: string;
  screened_at: Date;
  version_number: number;
  reason: ScreeningReason;
  subject_kind: ScreeningSubjectKind;
  subject_name: string | null;
  outcome: ScreeningOutcome;
  top_score: number;
  threshold: number;
}

/**
 * One page of a customer's screenings and their beneficiaries', newest first; keyset on
 * (screened_at, id). The subject's name is the one on file now (null: a beneficiary deleted since).
 */
export async function customerScreeningPage(
  q: Queryable,
  customerId: string,
  p: { after: { at: Date; id: string } | null; limit: number },
): Promise<ScreeningRow[]> {
  const { rows } = await q.query<ScreeningRow>(
    `select s.id::text as id, s.screened_at, v.version_number, s.reason, s.subject_kind,
            case when s.subject_kind = 'customer'
                 then nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '')
                 else b.name end as subject_name,
            s.outcome, s.top_score, s.threshold
       from screenings s
       join sanctions_list_versions v on v.id = s.list_version_id
       left join customers c on s.subject_kind = 'customer' and c.id = s.subject_id
       left join beneficiaries b on s.subject_kind = 'beneficiary' and b.id = s.subject_id
      where s.customer_id = $1
        and ($2::timestamptz is null or (s.screened_at, s.id) < ($2::timestamptz, $3::bigint))
      order by s.screened_at desc, s.id desc
      limit $4`,
    [customerId, p.after?.at ?? null, p.after?.id ?? null, p.limit],
  );
  return rows;
}

export interface ScreeningSummaryRow {
  last_screened_at: Date | null;
  list_version_number: number | null;
  open_alerts: number;
  frozen: boolean;
}

/**
 * The customer's own last screening (when, which list version), their alerts and their
 * beneficiaries' not yet decided, and whether an asset freeze of the customer is in force.
 */
export async function customerScreeningSummary(
  q: Queryable,
  customerId: string,
): Promise<ScreeningSummaryRow> {
  const { rows } = await q.query<ScreeningSummaryRow>(
    `select s.screened_at as last_screened_at, v.version_number as list_version_number,
            (select count(*)::int from screening_alerts a
              where a.customer_id = $1 and a.status <> 'closed') as open_alerts,
            exists (select 1 from asset_freezes f
                     where f.customer_id = $1 and f.subject_kind = 'customer'
                       and f.status <> 'lifted') as frozen
       from (select 1) one
       left join lateral (select s.screened_at, s.list_version_id from screenings s
                           where s.subject_kind = 'customer' and s.subject_id = $1
                           order by s.screened_at desc, s.id desc limit 1) s on true
       left join sanctions_list_versions v on v.id = s.list_version_id`,
    [customerId],
  );
  const row = rows[0];
  if (!row) throw new Error('the summary query returned no row');
  return row;
}

/** When anyone was last screened (the newest screening row). */
export async function lastScreeningAt(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ screened_at: Date }>(
    'select screened_at from screenings order by id desc limit 1',
  );
  return rows[0]?.screened_at ?? null;
}
