import type { Queryable } from '../db/types.ts';
import type { MailMessage } from './mail-message.ts';

export interface OutboxRow {
  id: bigint;
  to_address: string;
  template: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** Queues one mail (called inside the transaction of the change that causes it). */
export async function insertOutboxMail(q: Queryable, m: MailMessage): Promise<void> {
  await q.query(
    `insert into mail_outbox (to_address, template, subject, text_body, html_body) values ($1, $2, $3, $4, $5)`,
    [m.to, m.template, m.subject, m.text, m.html],
  );
}

const COLUMNS = `id, to_address, template, subject, text_body, html_body, status, attempts, next_attempt_at,
  last_error, created_at, sent_at`;

/**
 * Claims up to `limit` due mails for one sender: `FOR UPDATE SKIP LOCKED` so concurrent workers
 * (several instances) never take the same row, then a lease (`next_attempt_at = leaseUntil`) and
 * `attempts + 1` so the row stays claimed after this statement commits while the mail is sent.
 * A crash mid-send makes the row due again when the lease ends. A mail never tried is due at once.
 */
export async function claimDueMails(
  q: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  const { rows } = await q.query<OutboxRow>(
    `update mail_outbox m set attempts = m.attempts + 1, next_attempt_at = $2
      where m.id in (
        select id from mail_outbox
         where status = 'pending' and (attempts = 0 or next_attempt_at <= $1)
         order by id
         limit $3
         for update skip locked)
      returning ${COLUMNS}`,
    [now, leaseUntil, limit],
  );
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Marks a claimed mail sent (only if this worker's claim still holds) and, unless `keepBody`, empties
 * its bodies in the same statement: one-time links must not outlive their delivery in the database.
 * Recipient, template, subject and timestamps stay for the record.
 */
export async function markMailSent(
  q: Queryable,
  id: bigint,
  attempts: number,
  now: Date,
  keepBody = false,
): Promise<void> {
  await q.query(
    `update mail_outbox set status = 'sent', sent_at = $3, last_error = null,
            text_body = case when $4::boolean then text_body else '' end,
            html_body = case when $4::boolean then html_body else '' end
      where id = $1 and attempts = $2 and status = 'pending'`,
    [String(id), attempts, now, keepBody],
  );
}

/**
 * Empties the bodies of mails delivered (or given up) at or before `before`: the sandbox mailbox keeps
 * them for a while, and rows written by versions that kept them forever are cleaned up.
 */
export async function redactMailBodiesBefore(q: Queryable, before: Date): Promise<number> {
  const { rowCount } = await q.query(
    `update mail_outbox set text_body = '', html_body = ''
      where status in ('sent', 'failed') and coalesce(sent_at, next_attempt_at) <= $1
        and (text_body <> '' or html_body <> '')`,
    [before],
  );
  return rowCount;
}

/**
 * Records a failed attempt: retried at `nextAttemptAt`, or `failed` for good when it is null — then
 * its bodies are emptied too (a link nobody received is of no use to anyone).
 */
export async function markMailAttemptFailed(
  q: Queryable,
  id: bigint,
  attempts: number,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await q.query(
    `update mail_outbox
        set status = case when $4::timestamptz is null then 'failed' else 'pending' end,
            next_attempt_at = coalesce($4::timestamptz, next_attempt_at),
            last_error = $3,
            text_body = case when $4::timestamptz is null then '' else text_body end,
            html_body = case when $4::timestamptz is null then '' else html_body end
      where id = $1 and attempts = $2 and status = 'pending'`,
    [String(id), attempts, error.slice(0, 500), nextAttemptAt],
  );
}

export async function outboxRowById(q: Queryable, id: bigint): Promise<OutboxRow | null> {
  const { rows } = await q.query<OutboxRow>(`select ${COLUMNS} from mail_outbox where id = $1`, [String(id)]);
  return rows[0] ?? null;
}

/** The sandbox mailbox: newest first, optionally for one address. */
export async function mailboxRows(q: Queryable, to: string | null, limit: number): Promise<OutboxRow[]> {
  const { rows } = await q.query<OutboxRow>(
    `select ${COLUMNS} from mail_outbox
      where ($1::text is null or lower(to_address) = lower($1::text))
      order by id desc
      limit $2`,
    [to, limit],
  );
  return rows;
}
