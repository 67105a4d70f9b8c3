import type { MessageDirection } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface MessageRow {
  id: string;
  seq: string;
  direction: MessageDirection;
  body: string;
  author: string | null;
  created_at: Date;
  read_at: Date | null;
}

export async function insertMessage(
  q: Queryable,
  m: { customerId: string; direction: MessageDirection; operatorId: string | null; body: string; now: Date },
): Promise<{ id: string }> {
  const { rows } = await q.query<{ id: string }>(
    `insert into messages (customer_id, direction, operator_id, body, created_at)
     values ($1, $2, $3, $4, $5)
     returning id`,
    [m.customerId, m.direction, m.operatorId, m.body, m.now],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into messages returned no row');
  return row;
}

/** One page of a customer's thread, newest first (always filtered by the customer). */
export async function threadPage(
  q: Queryable,
  customerId: string,
  f: { beforeSeq: string | null; limit: number },
): Promise<MessageRow[]> {
  const { rows } = await q.query<MessageRow>(
    `select m.id, m.seq::text as seq, m.direction, m.body, o.name as author, m.created_at, m.read_at
       from messages m
       left join operators o on o.id = m.operator_id
      where m.customer_id = $1 and ($2::bigint is null or m.seq < $2::bigint)
      order by m.seq desc
      limit $3`,
    [customerId, f.beforeSeq, f.limit],
  );
  return rows;
}

/** Marks the messages one side wrote to the customer's thread as read; returns how many. */
export async function markThreadRead(
  q: Queryable,
  customerId: string,
  direction: MessageDirection,
  now: Date,
): Promise<number> {
  const { rowCount } = await q.query(
    `update messages set read_at = $3
      where customer_id = $1 and direction = $2 and read_at is null`,
    [customerId, direction, now],
  );
  return rowCount;
}

/** Unread messages written by one side in the customer's thread. */
export async function unreadCount(
  q: Queryable,
  customerId: string,
  direction: MessageDirection,
): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from messages
      where customer_id = $1 and direction = $2 and read_at is null`,
    [customerId, direction],
  );
  return rows[0]?.n ?? 0;
}

/** Customers with unread messages from them, for the back office's badge. */
export async function unreadCustomerMessages(q: Queryable): Promise<{ customer_id: string; n: number }[]> {
  const { rows } = await q.query<{ customer_id: string; n: number }>(
    `select customer_id, count(*)::int as n from messages
      where direction = 'customer' and read_at is null
      group by customer_id`,
  );
  return rows;
}

/** Messages the customer wrote since `since` (the per-customer rate limit). */
export async function customerMessagesSince(q: Queryable, customerId: string, since: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from messages
      where customer_id = $1 and direction = 'customer' and created_at > $2`,
    [customerId, since],
  );
  return rows[0]?.n ?? 0;
}

export interface MessageCustomerRow {
  id: string;
  email: string;
  first_name: string | null;
  status: string;
  adviser_id: string | null;
}

/**
 * The customer a message concerns, its row locked for the rest of the transaction when asked: one
 * customer's messages are then counted and written one at a time (the rate limit holds under races).
 */
export async function messageCustomer(
  q: Queryable,
  customerId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<MessageCustomerRow | null> {
  const { rows } = await q.query<MessageCustomerRow>(
    `select id, email, first_name, status, adviser_id from customers where id = $1
     ${opts.forUpdate ? 'for update' : ''}`,
    [customerId],
  );
  return rows[0] ?? null;
}
