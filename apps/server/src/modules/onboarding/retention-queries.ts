import type { Queryable } from '../../db/types.ts';

/** Drafts and duplicates untouched since `cutoff`, locked (skipping ones in use), at most `limit`. */
export async function abandonedApplications(q: Queryable, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select id from onboarding_applications
      where status in ('draft', 'duplicate') and updated_at < $1
      order by updated_at limit $2 for update skip locked`,
    [cutoff, limit],
  );
  return rows.map((r) => r.id);
}

export async function deleteApplications(q: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await q.query('delete from onboarding_applications where id = any($1::uuid[])', [ids]);
}

/**
 * Customers who never verified their address since `cutoff` and hold no account, locked; with
 * their application ids (the documents to queue for deletion).
 */
export async function abandonedCustomers(
  q: Queryable,
  cutoff: Date,
  limit: number,
): Promise<{ id: string; application_id: string | null }[]> {
  const { rows } = await q.query<{ id: string; application_id: string | null }>(
    `select c.id, a.id as application_id
       from customers c left join onboarding_applications a on a.customer_id = c.id
      where c.status = 'pending_email' and c.created_at < $1
        and not exists (select 1 from ledger_accounts l where l.customer_id = c.id)
      order by c.created_at limit $2
      for update of c skip locked`,
    [cutoff, limit],
  );
  return rows;
}

/** Deletes customers (their sessions, tokens, application and corrections cascade; their live events too). */
export async function deleteCustomers(q: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const table of ['live_events', 'live_streams', 'live_event_heads', 'domain_events'])
    await q.query(`delete from ${table} where customer_id = any($1::uuid[])`, [ids]);
  await q.query('delete from customers where id = any($1::uuid[])', [ids]);
}

/** Rejected applications decided before `cutoff` that still have documents. */
export async function expiredRejectedApplications(
  q: Queryable,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select a.id from onboarding_applications a
      where a.status = 'rejected' and a.decided_at < $1
        and exists (select 1 from onboarding_documents d where d.application_id = a.id)
      limit $2`,
    [cutoff, limit],
  );
  return rows.map((r) => r.id);
}
