import type { Queryable } from '../db/types.ts';
import { screeningBacklog, settleDatabase } from './queries.ts';

/** How long the server may take to screen a bench's new customers and payees. */
const SCREENING_WAIT_MS = 120_000;

/**
 * After a bench's setup, the database as it runs in service: the server has screened the new
 * customers and payees (its screening job would otherwise run during the first measurement, on the
 * same cores), then everything is vacuumed, analysed and checkpointed, so that neither autovacuum
 * nor a checkpoint of the setup's writes lands in a measurement. Says how long it waited.
 */
export async function quietDatabase(q: Queryable): Promise<void> {
  const started = performance.now();
  let left = await screeningBacklog(q);
  while (left > 0 && performance.now() - started < SCREENING_WAIT_MS) {
    await new Promise((done) => setTimeout(done, 250));
    left = await screeningBacklog(q);
  }
  await settleDatabase(q);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    left === 0
      ? `database quiet: setup screened, vacuumed, checkpointed (${seconds} s)`
      : `database not quiet: ${left} subjects still to screen after ${seconds} s`,
  );
}
