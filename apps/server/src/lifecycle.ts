import type { Db } from './db/types.ts';

/** Instances (known by their database handle, one per instance) that are shutting down. */
const draining = new WeakSet<Db>();

/** SIGTERM: from now on readiness answers 503, so the load balancer sends no new requests here. */
export function startDraining(db: Db): void {
  draining.add(db);
}

export const isDraining = (db: Db): boolean => draining.has(db);
