import { LiveEvent } from '@comptoir/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { waitAtMost } from '../db/wait-at-most.ts';
import { appLog } from '../log.ts';
import {
  claimPendingEvents,
  earliestHeldElsewhere,
  markDelivered,
  purgeDeliveredEventsBefore,
  recordFailedDelivery,
  type PendingEvent,
} from './dispatch-queries.ts';
import { announceLive, collectLiveEvents } from './log-queries.ts';
import { setCommittedEventsDelivery } from './delivery-hook.ts';
import { deliver, type PublishContext, type PublishedEventType } from './port.ts';

/** How many events one delivery transaction takes at most. */
export const DELIVERY_BATCH = 200;
/**
 * How long a publishing commit's caller waits for its events' delivery before going on (its answer
 * then leaves; the delivery carries on, and the jobs' pass would finish it): a delivery held up — by
 * a lock, say — never holds a payment's answer for longer.
 */
export const DELIVERY_WAIT_MS = 2_000;
/**
 * After an event's delivery fails, how long before each new attempt: a passing fault (a lock or
 * statement timeout, a connection lost) heals within them; once they are spent — about 6 minutes —
 * the event is set aside. Meanwhile its customer's later events wait, so they still go out in order.
 */
export const DELIVERY_RETRY_DELAYS_MS = [1_000, 10_000, 60_000, 300_000] as const;

/** When to try again after `attempts` failed deliveries, in ms from now; null: set it aside. */
export const retryDelayAfter = (attempts: number): number | null =>
  DELIVERY_RETRY_DELAYS_MS[attempts - 1] ?? null;

/** How long delivered events stay in `domain_events` (the transaction-monitoring windows read them). */
export const DELIVERED_EVENT_RETENTION_DAYS = 35;

/** What delivering needs: the database, and what the subscribers need (clock, config, outbox). */
export type DeliveryContext = PublishContext & { db: Db };

const DURABLE_TYPES = new Set<string>([
  'credit',
  'transfer',
  'card',
  'message',
  'direct_debit',
  'card_authentication',
  'psd2_authorisation',
  'document_request',
  'identity_change',
  'status',
  'sessions',
  'spaces',
  'held_credit',
] satisfies PublishedEventType[]);

const isDurableType = (type: string): type is Exclude<PublishedEventType, 'notification'> =>
  DURABLE_TYPES.has(type);

/**
 * Delivers one event in the dispatcher's transaction: its live form goes to the customer's event log
 * and, at commit, to the streams of every instance (NOTIFY — here, never in the publisher's
 * transaction: the pass's announcements are written together, in order, before its commit); then
 * each subscriber writes what follows from it. The live form is the event as the
 * contracts define it: facts kept for subscribers only (a transfer's amount, a document's label)
 * are left out.
 */
async function deliverOne(ctx: DeliveryContext, q: Queryable, event: PendingEvent): Promise<void> {
  if (!isDurableType(event.type)) return;
  const live = LiveEvent.safeParse({ ...event.payload, type: event.type });
  if (live.success) await announceLive(q, event.customer_id, live.data);
  await deliver(event.type, ctx, q, event.customer_id, event.payload as never);
}

interface PassOutcome {
  claimed: number;
  delivered: number;
}

/**
 * One instance's dispatcher: one pass at a time, each a transaction that claims the oldest
 * undelivered events (others' skipped), delivers those it may — a customer's events in order, never
 * past one that another instance holds — and marks them delivered in the same commit. A crash at any
 * point leaves the events undelivered for the next pass, here or on another instance.
 */
class EventDispatcher {
  #current: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  constructor(private readonly ctx: DeliveryContext) {}

  /** Resolves once a pass that started after this call has ended: it saw every event committed before. */
  settle(): Promise<void> {
    if (this.#current) {
      this.#next ??= this.#current.then(() => {
        this.#next = null;
        return this.settle();
      });
      return this.#next;
    }
    this.#current = this.#run()
      .catch((error: unknown) => appLog().error({ err: error }, 'event delivery failed'))
      .finally(() => {
        this.#current = null;
      });
    return this.#current;
  }

  async #run(): Promise<void> {
    for (;;) {
      let outcome: PassOutcome;
      let alone = false;
      try {
        outcome = await this.#pass(DELIVERY_BATCH);
      } catch {
        // Some event's delivery failed: one at a time, the failing one is found and set aside.
        outcome = await this.#passAlone();
        alone = true;
      }
      if (outcome.delivered === 0 || (!alone && outcome.claimed < DELIVERY_BATCH)) return;
    }
  }

  #pass(limit: number, claimedFirst?: (id: string) => void): Promise<PassOutcome> {
    return this.ctx.db.tx(async (q) => {
      const claimed = await claimPendingEvents(q, limit, this.ctx.clock.now());
      const first = claimed[0];
      const last = claimed.at(-1);
      if (!first || !last) return { claimed: 0, delivered: 0 };
      claimedFirst?.(first.id);
      const heldElsewhere = await earliestHeldElsewhere(
        q,
        [...new Set(claimed.map((e) => e.customer_id))],
        claimed.map((e) => e.id),
        last.id,
      );
      const deliverable = claimed.filter((e) => {
        const held = heldElsewhere.get(e.customer_id);
        return held === undefined || BigInt(e.id) < held;
      });
      const live = collectLiveEvents(q);
      for (const event of deliverable) await deliverOne(this.ctx, q, event);
      await live.flush();
      if (deliverable.length > 0)
        await markDelivered(
          q,
          deliverable.map((e) => e.id),
        );
      return { claimed: claimed.length, delivered: deliverable.length };
    });
  }

  /**
   * One event alone: the first one due. If its delivery fails, it is tried again later
   * (`DELIVERY_RETRY_DELAYS_MS`), or set aside once its attempts are spent; either way the pass
   * counts it, and the passes go on with the other customers' events.
   */
  async #passAlone(): Promise<PassOutcome> {
    let failing: string | undefined;
    try {
      return await this.#pass(1, (id) => {
        failing = id;
      });
    } catch (error) {
      if (failing === undefined) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const attempts = await recordFailedDelivery(
        this.ctx.db,
        failing,
        message,
        this.ctx.clock.now(),
        DELIVERY_RETRY_DELAYS_MS,
      );
      const retryInMs = retryDelayAfter(attempts);
      appLog().error(
        { err: error, eventId: failing, attempts, retryInMs },
        retryInMs === null
          ? 'an event could not be delivered: set aside'
          : 'an event could not be delivered: tried again later',
      );
      return { claimed: 1, delivered: 1 };
    }
  }
}

const dispatchers = new WeakMap<object, EventDispatcher>();

/**
 * Gives an instance's database its dispatcher (once per database opened, whichever copy of its Db
 * comes first: the application is built once per process in production, many times in tests).
 * Without one, events wait for an instance that has one.
 */
export function attachEventDelivery(ctx: DeliveryContext): void {
  if (!dispatchers.has(ctx.db.handle)) dispatchers.set(ctx.db.handle, new EventDispatcher(ctx));
  setCommittedEventsDelivery(deliverAfterCommit);
}

/**
 * Delivers what is undelivered, on this instance: after each publishing commit (the publisher's
 * `tx` returns once its events are delivered — unless another instance holds them, or
 * DELIVERY_WAIT_MS passed) and by a job every quarter second (what a killed or busy instance left).
 */
export async function deliverPendingEvents(db: Db): Promise<void> {
  await dispatchers.get(db.handle)?.settle();
}

/** After a publishing commit: its events delivered, or DELIVERY_WAIT_MS passed. */
export const deliverAfterCommit = (db: Db): Promise<void> =>
  waitAtMost(deliverPendingEvents(db), DELIVERY_WAIT_MS);

/** Forgets the delivered events past their retention (a job). */
export const purgeDeliveredEvents = (db: Db): Promise<number> =>
  purgeDeliveredEventsBefore(db, DELIVERED_EVENT_RETENTION_DAYS);
