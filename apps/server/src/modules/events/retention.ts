import type { AppContext } from '../../context.ts';
import { purgeExpiredLiveStreams, purgeLiveEvents } from './queries.ts';

/**
 * The event log keeps 10 minutes of events (enough for a stream to reconnect) and the stream slots
 * of a killed instance age out: both are forgotten here (a job; any number of instances).
 */
export async function purgeLiveEventLog(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await purgeLiveEvents(ctx.db);
  await purgeExpiredLiveStreams(ctx.db);
}
