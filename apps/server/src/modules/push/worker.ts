import type { AppContext } from '../../context.ts';
import { appLog } from '../../log.ts';
import { endpointProblem } from './endpoint-check.ts';
import {
  claimDueDeliveries,
  deleteDelivery,
  deleteExpiredDeliveries,
  deleteSubscriptionById,
  markAttemptFailed,
  markDelivered,
  type DeliveryRow,
} from './queries.ts';
import { sendPush, type DnsLookup } from './sender.ts';
import { vapidKeys, vapidSubject, type VapidKeys } from './vapid-keys.ts';

/** After this many attempts a delivery is dropped (and logged). */
export const MAX_PUSH_ATTEMPTS = 6;
/** First retry after 10 seconds, then 20, 40 … (capped at 15 minutes, and never past the time to live). */
export const PUSH_RETRY_BASE_MS = 10_000;
export const PUSH_RETRY_MAX_MS = 15 * 60_000;
/** A claimed delivery is left alone by other workers this long (longer than a send may take). */
export const PUSH_CLAIM_LEASE_MS = 60_000;
const BATCH = 20;

export const pushRetryDelayMs = (attempts: number): number =>
  Math.min(PUSH_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), PUSH_RETRY_MAX_MS);

export interface PushDrainResult {
  sent: number;
  /** Subscriptions removed: the push service said they are gone (404/410), or their endpoint is no longer acceptable. */
  removed: number;
  retried: number;
  /** Deliveries given up: refused by the push service (400/413) or out of attempts. */
  dropped: number;
  /** Deliveries past their time to live, never sent. */
  expired: number;
}

/** The endpoint's origin only, for the log: the rest of the URL is the device's capability. */
const origin = (endpoint: string): string => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '(invalid endpoint)';
  }
};

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ');

interface DrainOptions {
  /** Tests: the DNS lookup sends go through. */
  lookup?: DnsLookup;
  log?: (line: string) => void;
}

async function deliver(
  ctx: AppContext,
  keys: VapidKeys,
  row: DeliveryRow,
  result: PushDrainResult,
  options: DrainOptions,
) {
  const log = options.log ?? ((line: string) => appLog().warn({ worker: 'push' }, line));
  const now = ctx.clock.now();
  if (endpointProblem(row.endpoint, ctx.config.sandboxPushPort) !== null) {
    await deleteSubscriptionById(ctx.db, row.subscription_id);
    log(`push worker: subscription to ${origin(row.endpoint)} removed (endpoint no longer acceptable)`);
    result.removed++;
    return;
  }
  try {
    const answer = await sendPush(row, row.payload, {
      vapid: { subject: vapidSubject(ctx), ...keys },
      ttlSeconds: Math.max(0, Math.floor((row.expires_at.getTime() - now.getTime()) / 1000)),
      urgency: row.urgency,
      sandboxPushPort: ctx.config.sandboxPushPort,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    if (answer.status >= 200 && answer.status < 300) {
      await markDelivered(ctx.db, row, ctx.clock.now());
      result.sent++;
      return;
    }
    if (answer.status === 404 || answer.status === 410) {
      await deleteSubscriptionById(ctx.db, row.subscription_id);
      result.removed++;
      return;
    }
    if (answer.status === 400 || answer.status === 413) {
      await deleteDelivery(ctx.db, row.id);
      log(`push worker: ${origin(row.endpoint)} refused a message (${answer.status}): ${answer.body}`);
      result.dropped++;
      return;
    }
    throw new Error(`push service answered ${answer.status}: ${answer.body}`);
  } catch (error) {
    const next = new Date(ctx.clock.now().getTime() + pushRetryDelayMs(row.attempts));
    if (row.attempts >= MAX_PUSH_ATTEMPTS || next >= row.expires_at) {
      await deleteDelivery(ctx.db, row.id);
      log(`push worker: gave up on a message to ${origin(row.endpoint)}: ${describe(error)}`);
      result.dropped++;
    } else {
      await markAttemptFailed(ctx.db, row, describe(error), next);
      result.retried++;
    }
  }
}

/**
 * Sends every push message due now, batch after batch (any number of instances: claims use SKIP
 * LOCKED), after dropping the stale ones. The job calls it every second; tests call it directly.
 */
export async function drainPushQueue(ctx: AppContext, options: DrainOptions = {}): Promise<PushDrainResult> {
  const result: PushDrainResult = { sent: 0, removed: 0, retried: 0, dropped: 0, expired: 0 };
  result.expired = await deleteExpiredDeliveries(ctx.db, ctx.clock.now());
  for (let round = 0; round < 100; round++) {
    const now = ctx.clock.now();
    const rows = await claimDueDeliveries(ctx.db, now, new Date(now.getTime() + PUSH_CLAIM_LEASE_MS), BATCH);
    if (rows.length === 0) break;
    const keys = await vapidKeys(ctx);
    await Promise.all(rows.map((row) => deliver(ctx, keys, row, result, options)));
    if (rows.length < BATCH) break;
  }
  return result;
}
