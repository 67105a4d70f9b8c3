import type { Queryable } from '../../db/types.ts';

export interface ContactMessageRow {
  id: bigint;
  received_at: Date;
  name: string;
  company: string;
  email: string;
  message: string;
  handled_at: Date | null;
  handled_by: string | null;
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

const MESSAGE_COLUMNS = 'id, received_at, name, company, email, message, handled_at, handled_by';

/** One page of the inbox, newest first; `handled` null for every message. */
export async function contactMessagesPage(
  q: Queryable,
  f: { beforeId: bigint | null; handled: boolean | null; limit: number },
): Promise<ContactMessageRow[]> {
  const { rows } = await q.query<ContactMessageRow>(
    `select ${MESSAGE_COLUMNS}
       from contact_messages
      where ($1::bigint is null or id < $1::bigint)
        and ($2::boolean is null or (handled_at is not null) = $2::boolean)
      order by id desc
      limit $3`,
    [f.beforeId === null ? null : String(f.beforeId), f.handled, f.limit],
  );
  return rows;
}

/**
 * Marks a message handled; the first marking stays (a second call changes nothing). Null when no
 * message has that id.
 */
export async function markContactMessageHandled(
  q: Queryable,
  id: bigint,
  operatorId: string,
  now: Date,
): Promise<{ row: ContactMessageRow; changed: boolean } | null> {
  const { rows } = await q.query<ContactMessageRow & { changed: boolean }>(
    `with marked as (
       update contact_messages set handled_at = $3, handled_by = $2
        where id = $1 and handled_at is null
       returning ${MESSAGE_COLUMNS}
     )
     select ${MESSAGE_COLUMNS}, true as changed from marked
     union all
     select ${MESSAGE_COLUMNS}, false as changed from contact_messages
      where id = $1 and not exists (select 1 from marked)`,
    [String(id), operatorId, now],
  );
  const r = rows[0];
  if (!r) return null;
  const { changed, ...row } = r;
  return { row, changed };
}
