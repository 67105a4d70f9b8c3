import type { AppContext } from '../../context.ts';
import { migrationFiles } from '../../db/migrate.ts';
import { isDraining } from '../../lifecycle.ts';
import { appliedMigrations, ping } from './queries.ts';

/** How long the database has to answer a health check. */
export const HEALTH_TIMEOUT_MS = 2000;

/** Resolves `fallback` when `work` has not settled (or failed) within HEALTH_TIMEOUT_MS. */
function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), HEALTH_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

/** True only when the database answers within two seconds. */
export function databaseAnswers(ctx: AppContext): Promise<boolean> {
  return within(
    ping(ctx.db).then(() => true),
    false,
  );
}

let known: string[] | null = null;

export type Readiness = 'ready' | 'draining' | 'database' | 'migrations';

/**
 * Whether this instance should get traffic: not shutting down, the database answering within two
 * seconds, and every migration this code knows applied (an instance of a newer version waits for
 * its migrations; an older one keeps serving a database migrated further, expand-then-contract).
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  if (isDraining(ctx.db)) return 'draining';
  const applied = await within<string[] | null>(appliedMigrations(ctx.db), null);
  if (applied === null) return 'database';
  const done = new Set(applied);
  known ??= migrationFiles();
  if (!known.every((file) => done.has(file))) return 'migrations';
  return isDraining(ctx.db) ? 'draining' : 'ready';
}
