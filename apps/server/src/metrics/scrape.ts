import { collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.ts';
import { isDraining } from '../lifecycle.ts';
import { outboxBacklog as readBacklog } from './queries.ts';
import { dbPool, draining, liveStreams, outboxBacklog, registry } from './registry.ts';

export const METRICS_CONTENT_TYPE = registry.contentType;

/** What the server reads for the scrape from modules the metrics do not import (no cycle through http/). */
export interface GaugeReaders {
  liveStreams(): number;
}

let processMetrics = false;

/** Adds Node's own metrics (memory, event loop lag, CPU, open handles) once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/**
 * The Prometheus text of this instance. Gauges of the moment are read now: the pool's counts, the
 * live streams, the drain, and the outbox backlog by one cheap query (left at its last value if
 * the database does not answer — the scrape itself never fails for it).
 */
export async function scrape(ctx: AppContext, readers: GaugeReaders): Promise<string> {
  const pool = ctx.db.poolStats();
  dbPool.set({ state: 'in_use' }, pool.inUse);
  dbPool.set({ state: 'idle' }, pool.idle);
  dbPool.set({ state: 'waiting' }, pool.waiting);
  liveStreams.set(readers.liveStreams());
  draining.set(isDraining(ctx.db) ? 1 : 0);
  try {
    const backlog = await readBacklog(ctx.db);
    outboxBacklog.set({ queue: 'mail' }, backlog.mail);
    outboxBacklog.set({ queue: 'push' }, backlog.push);
  } catch {
    // Database down: readiness says so; the other metrics still matter.
  }
  return registry.metrics();
}
