import type { AppContext } from './context.ts';
import { purgeOldKeys } from './idempotency/queries.ts';
import { createTransport } from './mail/transport.ts';
import { redactDeliveredMails, startMailWorker } from './mail/worker.ts';
import { sendRequestedPasswordResets } from './modules/auth/index.ts';
import { flushStorageDeletions } from './modules/onboarding/index.ts';
import { purgeAbandonedApplications } from './modules/onboarding/index.ts';
import { executeDueTransfers } from './modules/transfers/index.ts';
import { recoverInstantTransfers } from './modules/transfers/index.ts';
import { executeDueDirectDebits } from './modules/direct-debits/index.ts';
import { anonymiseClosedCustomers } from './modules/closure/index.ts';
import { expireCardAuthorizations } from './modules/cards/index.ts';
import { expireCardAuthentications } from './modules/card-authentications/index.ts';
import { drainPushQueue } from './modules/push/index.ts';

/** Runs `task` every `everyMs` (first run after `everyMs`), never overlapping itself; returns a stopper. */
export function every(everyMs: number, task: () => Promise<unknown>, onError: (e: unknown) => void) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(task).catch(onError);
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Background jobs of this instance; returns a function that stops them and waits for the last run. */
export function startJobs(ctx: AppContext): () => Promise<void> {
  const log = (name: string) => (error: unknown) =>
    console.error(`job ${name} failed:`, error instanceof Error ? error.message : error);
  const transport = createTransport(ctx.config);
  const mailWorker = startMailWorker(ctx, transport);
  const redactMails = () => redactDeliveredMails(ctx, transport);
  // Once at start (rows left by an earlier version), then hourly.
  const firstRedaction = redactMails().catch(log('mail-redaction'));
  const stops = [
    () => firstRedaction,
    every(60 * 60 * 1000, redactMails, log('mail-redaction')),
    // Idempotency keys are kept at least 24 h (docs/ledger.md#idempotency); purge after 48 h.
    every(60 * 60 * 1000, () => purgeOldKeys(ctx.db, 48), log('idempotency-purge')),
    // Reset requests are only queued by the route (no timing difference between addresses).
    every(1000, () => sendRequestedPasswordResets(ctx), log('password-reset')),
    // Files whose rows are gone (a duplicate application's documents…), off the request path.
    every(30 * 1000, () => flushStorageDeletions(ctx), log('storage-deletions')),
    // Retention (docs/product/onboarding.md#retention): hourly, so a short-lived instance still purges; the rule itself is 30 days.
    every(60 * 60 * 1000, () => purgeAbandonedApplications(ctx), log('application-retention')),
    // Standard and scheduled transfers whose business day has come (SKIP LOCKED: any number of instances).
    every(5 * 1000, () => executeDueTransfers(ctx), log('transfers-execute-due')),
    // Direct debits whose due date has come, or presented (SKIP LOCKED: any number of instances).
    every(5 * 1000, () => executeDueDirectDebits(ctx), log('direct-debits-execute-due')),
    // Instant transfers to other banks left pending by a crash (rail status, then book or release).
    every(5 * 1000, () => recoverInstantTransfers(ctx), log('transfers-instant-recovery')),
    // Push messages queued by committed transactions (SKIP LOCKED: any number of instances).
    every(1000, () => drainPushQueue(ctx), log('push-delivery')),
    // Card approvals not cleared within 7 days: reservation released (SKIP LOCKED: any number of instances).
    every(60 * 1000, () => expireCardAuthorizations(ctx), log('card-authorization-expiry')),
    // 3-D Secure challenges unanswered within 10 minutes; sealed authentication values never read
    // (SKIP LOCKED: any number of instances).
    every(30 * 1000, () => expireCardAuthentications(ctx), log('card-authentication-expiry')),
    // Closed customers past CUSTOMER_RETENTION_DAYS: personal data anonymised, ledger entries kept.
    every(60 * 60 * 1000, () => anonymiseClosedCustomers(ctx), log('customer-anonymisation')),
    async () => {
      await mailWorker.stop();
      await transport.close();
    },
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
