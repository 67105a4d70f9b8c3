import type { AppContext } from '../context.ts';
import { appLog } from '../log.ts';
import type { MailTransport } from './transport.ts';
import {
  claimDueMails,
  markMailAttemptFailed,
  markMailSent,
  redactMailBodiesBefore,
  type OutboxRow,
} from './queries.ts';

/** After this many attempts a mail is `failed` for good (visible in the outbox, never retried). */
export const MAX_MAIL_ATTEMPTS = 8;
/** First retry after 1 minute, then 2, 4, 8 … (capped at 2 hours). */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 2 * 60 * 60_000;
/** A claimed mail is left alone by other workers this long (longer than the SMTP timeouts). */
export const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 10;
/**
 * How long the sandbox mailbox shows a delivered mail's body: the longest link it can hold (address
 * verification, e-mail change) is valid 24 hours. With SMTP, the body is emptied as the mail is sent.
 */
export const SANDBOX_MAILBOX_HOURS = 24;

/**
 * Empties the bodies of delivered or abandoned mails that nobody needs any more: at once with SMTP
 * (catching rows from versions that kept them), after SANDBOX_MAILBOX_HOURS in the sandbox mailbox.
 */
export function redactDeliveredMails(
  ctx: AppContext,
  transport: Pick<MailTransport, 'kind'>,
): Promise<number> {
  const keepMs = transport.kind === 'sandbox' ? SANDBOX_MAILBOX_HOURS * 3600_000 : 0;
  return redactMailBodiesBefore(ctx.db, new Date(ctx.clock.now().getTime() - keepMs));
}

/** Delay before the next try once `attempts` tries have failed (exponential backoff). */
export const retryDelayMs = (attempts: number): number =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ');

async function deliver(ctx: AppContext, transport: MailTransport, row: OutboxRow, result: DrainResult) {
  try {
    await transport.send({
      from: ctx.config.mailFrom,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
    });
    // The sandbox mailbox is the outbox itself: it keeps the body (for SANDBOX_MAILBOX_HOURS).
    await markMailSent(ctx.db, row.id, row.attempts, ctx.clock.now(), transport.kind === 'sandbox');
    result.sent++;
  } catch (error) {
    const giveUp = row.attempts >= MAX_MAIL_ATTEMPTS;
    const next = giveUp ? null : new Date(ctx.clock.now().getTime() + retryDelayMs(row.attempts));
    await markMailAttemptFailed(ctx.db, row.id, row.attempts, describe(error), next);
    if (giveUp) result.failed++;
    else result.retried++;
  }
}

/**
 * Sends every mail due now, batch after batch, and returns what happened. The worker loop calls it;
 * tests call it directly instead of waiting for the poll.
 */
export async function drainOutbox(ctx: AppContext, transport: MailTransport): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  for (let round = 0; round < 1000; round++) {
    const now = ctx.clock.now();
    const rows = await claimDueMails(ctx.db, now, new Date(now.getTime() + CLAIM_LEASE_MS), BATCH);
    for (const row of rows) await deliver(ctx, transport, row, result);
    if (rows.length < BATCH) break;
  }
  return result;
}

export interface MailWorker {
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
}

/**
 * Polls the outbox about every second (several instances may run it: claims use SKIP LOCKED).
 * Errors (database down…) are reported and the loop keeps going.
 */
export function startMailWorker(
  ctx: AppContext,
  transport: MailTransport,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): MailWorker {
  const intervalMs = options.intervalMs ?? 1000;
  const onError =
    options.onError ??
    ((error: unknown) => appLog().error({ worker: 'mail', err: error }, 'mail worker failed'));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = drainOutbox(ctx, transport)
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
