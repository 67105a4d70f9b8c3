import type { Queryable } from '../../db/types.ts';

export interface ContactMessageRow {
  id: bigint;
  received_at: Date;
  name: string;
  company: string;
  email: string;
  message: string;
}

export async function insertContactMessage(
  q: Queryable,
  m: { name: string; company: string; email: string; message: string; receivedAt: Date },
): Promise<{ id: bigint; received_at: Date }> {
  const { rows } = await q.query<{ id: bigint; received_at: Date }>(
    `insert into contact_messages (received_at, name, company, email, message, consent_at)
     values ($1, $2, $3, $4, $5, $1)
     returning id, received_at`,
    [m.receivedAt, m.name, m.company, m.email, m.message],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into contact_messages returned no row');
  return row;
}

/** How many messages an address sent since `since` (the per-address limit). */
export async function countMessagesFrom(q: Queryable, email: string, since: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from contact_messages where email = $1 and received_at > $2`,
    [email, since],
  );
  return rows[0]?.n ?? 0;
}

/** One page of the inbox, newest first. */
export async function contactMessagesPage(
  q: Queryable,
  f: { beforeId: bigint | null; limit: number },
): Promise<ContactMessageRow[]> {
  const { rows } = await q.query<ContactMessageRow>(
    `select id, received_at, name, company, email, message
       from contact_messages
      where ($1::bigint is null or id < $1::bigint)
      order by id desc
      limit $2`,
    [f.beforeId === null ? null : String(f.beforeId), f.limit],
  );
  return rows;
}
