import type { Queryable } from '../../db/types.ts';

/** Records a reset request, whatever the address: the same single insert for every caller. */
export async function insertResetRequest(q: Queryable, email: string, now: Date): Promise<void> {
  await q.query('insert into password_reset_requests (email, requested_at) values ($1, $2)', [email, now]);
}

/**
 * Takes the oldest pending request off the queue, in the caller's transaction (several instances may
 * work at once: SKIP LOCKED). Null when none is left.
 */
export async function takeResetRequest(q: Queryable): Promise<{ email: string } | null> {
  const { rows } = await q.query<{ email: string }>(
    `delete from password_reset_requests
      where id = (select id from password_reset_requests order by id limit 1 for update skip locked)
      returning email`,
  );
  return rows[0] ?? null;
}
