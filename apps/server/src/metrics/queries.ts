import type { Queryable } from '../db/types.ts';

/** What waits to be sent, for the scrape: pending mails (a partial index) and queued push deliveries. */
export async function outboxBacklog(q: Queryable): Promise<{ mail: number; push: number }> {
  const { rows } = await q.query<{ mail: number; push: number }>(
    `select (select count(*) from mail_outbox where status = 'pending')::int as mail,
            (select count(*) from push_deliveries)::int as push`,
  );
  return { mail: rows[0]?.mail ?? 0, push: rows[0]?.push ?? 0 };
}
