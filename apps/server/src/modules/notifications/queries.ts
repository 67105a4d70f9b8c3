import type { NotificationKind, NotificationPreferences } from '@comptoir/contracts';
import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

export interface NotificationRow {
  id: string;
  seq: string;
  kind: NotificationKind;
  amount: Cents | null;
  counterparty: string | null;
  number: string | null;
  reason: string | null;
  created_at: Date;
  read_at: Date | null;
}

export interface NewNotification {
  customerId: string;
  kind: NotificationKind;
  amount: bigint | null;
  counterparty: string | null;
  number: string | null;
  reason: string | null;
  now: Date;
}

const COLUMNS = `id, seq::text as seq, kind, amount, counterparty, number, reason, created_at, read_at`;

/** Texts longer than the columns allow are cut (a merchant name, a reason), never refused. */
const cut = (value: string | null, max: number): string | null =>
  value === null ? null : [...value].slice(0, max).join('');

/**
 * Keeps a new notification and drops the customer's older ones beyond the latest `keep`, in one
 * statement; answers the row, the unread count after both, and the customer's e-mail preferences
 * (both off when never set). The statement sees the notifications as they were before the insert:
 * the older ones kept are the latest `keep - 1`.
 */
export async function keepNotification(
  q: Queryable,
  n: NewNotification,
  keep: number,
): Promise<{ row: NotificationRow; unreadCount: number; preferences: NotificationPreferences }> {
  const { rows } = await q.query<NotificationRow & PreferencesRow & { unread_count: number }>(
    `with kept as (
       insert into notifications (customer_id, kind, amount, counterparty, number, reason, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       returning ${COLUMNS}
     ), dropped as (
       delete from notifications
        where customer_id = $1
          and seq <= (select seq from notifications where customer_id = $1
                       order by seq desc offset $8::int - 1 limit 1)
       returning read_at
     )
     select kept.*,
            (select count(*)::int from notifications where customer_id = $1 and read_at is null) + 1
              - (select count(*)::int from dropped where read_at is null) as unread_count,
            coalesce(p.email_on_credit, false) as email_on_credit,
            coalesce(p.email_on_card_payment, false) as email_on_card_payment
       from kept left join notification_preferences p on p.customer_id = $1`,
    [
      n.customerId,
      n.kind,
      n.amount,
      cut(n.counterparty, 140),
      cut(n.number, 40),
      cut(n.reason, 300),
      n.now,
      keep,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into notifications returned no row');
  const { unread_count, email_on_credit, email_on_card_payment, ...notification } = row;
  return {
    row: notification,
    unreadCount: unread_count,
    preferences: { emailOnCredit: email_on_credit, emailOnCardPayment: email_on_card_payment },
  };
}

/** One page of a customer's notifications, newest first (always filtered by the customer). */
export async function notificationPage(
  q: Queryable,
  customerId: string,
  f: { beforeSeq: string | null; limit: number },
): Promise<NotificationRow[]> {
  const { rows } = await q.query<NotificationRow>(
    `select ${COLUMNS} from notifications n
      where n.customer_id = $1 and ($2::bigint is null or n.seq < $2::bigint)
      order by n.seq desc
      limit $3`,
    [customerId, f.beforeSeq, f.limit],
  );
  return rows;
}

export async function unreadNotificationCount(q: Queryable, customerId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'select count(*)::int as n from notifications where customer_id = $1 and read_at is null',
    [customerId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks the customer's own notifications read (all of them when `ids` is null); returns how many. */
export async function markNotificationsRead(
  q: Queryable,
  customerId: string,
  ids: readonly string[] | null,
  now: Date,
): Promise<number> {
  const { rowCount } = await q.query(
    `update notifications set read_at = $3
      where customer_id = $1 and read_at is null and ($2::uuid[] is null or id = any ($2::uuid[]))`,
    [customerId, ids, now],
  );
  return rowCount;
}

interface PreferencesRow {
  email_on_credit: boolean;
  email_on_card_payment: boolean;
}

/** The customer's e-mail preferences; both off when never set. */
export async function notificationPreferences(
  q: Queryable,
  customerId: string,
): Promise<NotificationPreferences> {
  const { rows } = await q.query<PreferencesRow>(
    'select email_on_credit, email_on_card_payment from notification_preferences where customer_id = $1',
    [customerId],
  );
  const row = rows[0];
  return {
    emailOnCredit: row?.email_on_credit ?? false,
    emailOnCardPayment: row?.email_on_card_payment ?? false,
  };
}

export async function saveNotificationPreferences(
  q: Queryable,
  customerId: string,
  p: NotificationPreferences,
  now: Date,
): Promise<void> {
  await q.query(
    `insert into notification_preferences (customer_id, email_on_credit, email_on_card_payment, updated_at)
     values ($1, $2, $3, $4)
     on conflict (customer_id) do update
       set email_on_credit = excluded.email_on_credit,
           email_on_card_payment = excluded.email_on_card_payment,
           updated_at = excluded.updated_at`,
    [customerId, p.emailOnCredit, p.emailOnCardPayment, now],
  );
}

/** Where a notification mail goes (null for a customer gone or anonymised). */
export async function notificationRecipient(
  q: Queryable,
  customerId: string,
): Promise<{ email: string; first_name: string | null } | null> {
  const { rows } = await q.query<{ email: string; first_name: string | null }>(
    `select email, first_name from customers where id = $1 and anonymised_at is null and status = 'active'`,
    [customerId],
  );
  return rows[0] ?? null;
}
