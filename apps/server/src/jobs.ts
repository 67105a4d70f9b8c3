import { announceDecoupledAuthorisations, purgeAccessCounts } from './modules/psd2/index.ts';
import type { AppContext } from './context.ts';
import { appLog } from './log.ts';
import { countJobFailure, countJobRun } from './metrics/count.ts';
import { tracing } from './tracing/port.ts';
import { purgeOldKeys } from './idempotency/queries.ts';
import { createTransport } from './mail/transport.ts';
import { redactDeliveredMails, startMailWorker } from './mail/worker.ts';
import { sendRequestedPasswordResets } from './modules/auth/index.ts';
import { flushStorageDeletions } from './storage/file-deletions.ts';
import { purgeAbandonedApplications } from './modules/onboarding/index.ts';
import { executeDueTransfers } from './modules/transfers/index.ts';
import { recoverInstantTransfers } from './modules/transfers/index.ts';
import { executeDueDirectDebits } from './modules/direct-debits/index.ts';
import { anonymiseClosedCustomers } from './modules/closure/index.ts';
import { expireCardAuthorizations } from './modules/cards/index.ts';
import { drainPushQueue } from './modules/push/index.ts';
import { expireCardAuthentications } from './modules/card-authentications/index.ts';
import { purgeLiveEventLog } from './modules/events/index.ts';
import { deliverPendingEvents, purgeDeliveredEvents } from './events/dispatcher.ts';
import { indexAllQueuedEntries } from './ledger/index.ts';
import { purgeRateLimits } from './http/rate-limit-queries.ts';
import { writeAuditCheckpoint } from './audit/checkpoint-job.ts';
import { runScreening } from './modules/screening/index.ts';
import { monitorAllMovements } from './modules/monitoring/index.ts';
import { fetchSanctionsListDaily } from './modules/sanctions-lists/index.ts';

/** The longest a failing job waits before its next try (unless its own interval is longer). */
export const JOB_RETRY_CAP_MS = 5 * 60 * 1000;

/**
 * How long a job waits after its `failures`-th failure in a row: its interval doubled at each
 * failure, at most max(JOB_RETRY_CAP_MS, its interval), then drawn between half and all of that
 * (`random` in [0, 1)), so that instances failing together do not retry together.
 */
export function retryDelayMs(everyMs: number, failures: number, random: number): number {
  const grown = Math.min(Math.max(JOB_RETRY_CAP_MS, everyMs), everyMs * 2 ** failures);
  return Math.round(grown * (0.5 + random / 2));
}

export interface Schedule {
  /** A number in [0, 1) for the jitter (tests choose it). */
  random?: () => number;
}

/**
 * Runs `task` every `everyMs` (first run after `everyMs`), never overlapping itself; after a run
 * that throws, the next one waits `retryDelayMs` instead (growing with each failure in a row, back
 * to `everyMs` after a success). Returns a stopper that waits for the run in progress.
 */
export function every(
  everyMs: number,
  task: () => Promise<unknown>,
  onError: (e: unknown) => void,
  schedule: Schedule = {},
) {
  const random = schedule.random ?? Math.random;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = Promise.resolve()
        .then(task)
        .then(
          () => {
            failures = 0;
            next(everyMs);
          },
          (error: unknown) => {
            failures++;
            try {
              onError(error);
            } finally {
              next(retryDelayMs(everyMs, failures, random()));
            }
          },
        );
    }, delayMs);
    timer.unref();
  };
  next(everyMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** What a failed run leaves: an `error` line naming the job (through the instance's logger) and a count. */
export const jobFailed = (job: string) => (error: unknown) => {
  countJobFailure(job);
  appLog().error({ job, err: error }, `job ${job} failed`);
};

/** Runs the job `name` every `everyMs` (backing off while it fails), counting its runs and logging its failures. */
export function job(name: string, everyMs: number, task: () => Promise<unknown>, schedule?: Schedule) {
  return every(
    everyMs,
    () =>
      tracing().job(name, async () => {
        try {
          await task();
        } finally {
          countJobRun(name);
        }
      }),
    jobFailed(name),
    schedule,
  );
}

/** Background jobs of this instance; returns a function that stops them and waits for the last run. */
export function startJobs(ctx: AppContext): () => Promise<void> {
  const transport = createTransport(ctx.config);
  const mailWorker = startMailWorker(ctx, transport, { onError: jobFailed('mail-outbox') });
  const redactMails = () => redactDeliveredMails(ctx, transport);
  // Once at start (rows left by an earlier version), then hourly.
  const firstRedaction = redactMails().catch(jobFailed('mail-redaction'));
  const stops = [
    () => firstRedaction,
    job('mail-redaction', 60 * 60 * 1000, redactMails),
    // Idempotency keys are kept at least 24 h (docs/ledger.md#idempotency); purge after 48 h.
    job('idempotency-purge', 60 * 60 * 1000, () => purgeOldKeys(ctx.db, 48)),
    // Reset requests are only queued by the route (no timing difference between addresses).
    job('password-reset', 1000, () => sendRequestedPasswordResets(ctx)),
    // Files whose rows are gone (a duplicate application's documents…), off the request path.
    job('storage-deletions', 30 * 1000, () => flushStorageDeletions(ctx)),
    // Retention (docs/product/onboarding.md#retention): hourly, so a short-lived instance still purges; the rule itself is 30 days.
    job('application-retention', 60 * 60 * 1000, () => purgeAbandonedApplications(ctx)),
    // Standard and scheduled transfers whose business day has come (SKIP LOCKED: any number of instances).
    job('transfers-execute-due', 5 * 1000, () => executeDueTransfers(ctx)),
    // Direct debits whose due date has come, or presented (SKIP LOCKED: any number of instances).
    job('direct-debits-execute-due', 5 * 1000, () => executeDueDirectDebits(ctx)),
    // Instant transfers to other banks left pending by a crash (rail status, then book or release).
    job('transfers-instant-recovery', 5 * 1000, () => recoverInstantTransfers(ctx)),
    // Push messages queued by committed transactions (SKIP LOCKED: any number of instances).
    job('push-delivery', 1000, () => drainPushQueue(ctx)),
    // Card approvals not cleared within 7 days: reservation released (SKIP LOCKED: any number of instances).
    job('card-authorization-expiry', 60 * 1000, () => expireCardAuthorizations(ctx)),
    // 3-D Secure challenges unanswered within 10 minutes; sealed authentication values never read
    // (SKIP LOCKED: any number of instances).
    job('card-authentication-expiry', 30 * 1000, () => expireCardAuthentications(ctx)),
    // Sanctions screening (docs/screening.md#screening): every customer and beneficiary due — new,
    // changed, a new list version, a new Paris day — screened once, batches claimed with SKIP LOCKED
    // (any number of instances).
    job('screening', 2 * 1000, () => runScreening(ctx)),
    // The EU sanctions list from SANCTIONS_LIST_URL, once per Paris day across instances (the day is
    // claimed in one row); a refused file or a failed download is recorded, logged here and tried
    // again at a next tick (docs/screening.md#the-daily-fetch).
    job('sanctions-list-fetch', 10 * 60 * 1000, async () => {
      const result = await fetchSanctionsListDaily(ctx);
      if (result.outcome === 'refused' || result.outcome === 'failed') {
        throw new Error(`sanctions list fetch ${result.outcome}: ${result.detail}`);
      }
    }),
    // Events another instance left undelivered (killed between a commit and its delivery, or busy):
    // each instance's own are delivered after each commit (docs/events.md#delivery).
    job('event-delivery', 250, () => deliverPendingEvents(ctx.db)),
    // Entries posted but not yet in the operations search's index, which each posting writes after its
    // commit: what a killed instance left (docs/events.md#the-search-index; SKIP LOCKED).
    job('search-index', 250, () => indexAllQueuedEntries(ctx.db)),
    // The transaction monitoring's rules on every movement the ledger's feed holds, once each, after
    // the commit and never in it (docs/monitoring.md; SKIP LOCKED).
    job('transaction-monitoring', 1000, () => monitorAllMovements(ctx)),
    // Live events past their 10 minutes, stream slots of killed instances, ended rate-limit windows;
    // delivered events past their retention.
    job('live-event-purge', 60 * 1000, () => purgeLiveEventLog(ctx)),
    job('event-purge', 60 * 60 * 1000, () => purgeDeliveredEvents(ctx.db)),
    job('rate-limit-purge', 60 * 1000, () => purgeRateLimits(ctx.db)),
    // The PSD2 interface's daily counters of unattended calls, once their day is over (docs/psd2.md).
    job('psd2-access-count-purge', 60 * 60 * 1000, () => purgeAccessCounts(ctx)),
    // A TPP's request to decide in the app (decoupled): the customer its PSU-ID names is found and
    // told, in the app and by push, after the request's answer (docs/psd2.md#the-customers-side).
    job('psd2-decoupled-announce', 1000, () => announceDecoupledAuthorisations(ctx)),
    // Closed customers past CUSTOMER_RETENTION_DAYS: personal data anonymised, ledger entries kept.
    job('customer-anonymisation', 60 * 60 * 1000, () => anonymiseClosedCustomers(ctx)),
    // The audit chain's checkpoint outside the database (file store and a log line), when it moved;
    // one instance at a time (an advisory lock). docs/back-office.md#audit-log
    job('audit-checkpoint', 60 * 1000, () =>
      writeAuditCheckpoint({
        db: ctx.db,
        store: ctx.files.store,
        masterKey: ctx.masterKey,
        clock: ctx.clock,
      }),
    ),
    async () => {
      await mailWorker.stop();
      await transport.close();
    },
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
