import type { LiveEvent } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { liveHub } from './hub.ts';
import { customerStatus, sessionState } from './queries.ts';

/** How often a stream sends a heartbeat and re-checks its session. */
export const HEARTBEAT_MS = 20_000;

/** What a stream needs of the customer's signed-in session: whose it is, and its token's hash. */
export interface LiveSession {
  customerId: string;
  tokenHash: string;
}

export interface LiveStreamSink {
  /** One SSE message (a JSON event) or a comment line. */
  write(chunk: string): void;
  /** The server ends the stream (session over). */
  end(): void;
}

/**
 * A customer's live stream: first the current status, then every change committed on any
 * instance, and a heartbeat that also ends the stream once the session is signed out or expired.
 * Returns the function that stops it (call it when the client goes away).
 */
export async function openLiveStream(
  ctx: AppContext,
  session: LiveSession,
  sink: LiveStreamSink,
  options: { heartbeatMs?: number } = {},
): Promise<() => void> {
  let stopped = false;
  const write = (event: LiveEvent) => sink.write(`data: ${JSON.stringify(event)}\n\n`);
  const state = () =>
    sessionState(ctx.db, session.tokenHash, ctx.clock.now(), ctx.config.customerIdleSeconds);
  /** The session is over: say why, then end the stream (the browser goes to /connexion). */
  const signOut = (reason: 'revoked' | 'expired') => {
    if (stopped) return;
    write({ type: 'signed_out', reason });
    stop();
    sink.end();
  };
  const send = (event: LiveEvent) => {
    if (event.type !== 'sessions') return write(event);
    // Some session of this customer was revoked: this one, or another (then pass the news on).
    void state()
      .then((now) => {
        if (stopped) return;
        if (now === 'live') write(event);
        else signOut(now);
      })
      .catch(() => undefined);
  };
  // Subscribe before reading the status: a change committed in between is not lost.
  const unsubscribe = await liveHub(ctx.db).subscribe(session.customerId, send);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    unsubscribe();
  };
  const timer = setInterval(() => {
    void state()
      .then((now) => {
        if (stopped) return;
        if (now === 'live') sink.write(': ping\n\n');
        else signOut(now);
      })
      .catch(() => undefined);
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  try {
    sink.write('retry: 3000\n\n');
    const status = await customerStatus(ctx.db, session.customerId);
    if (status) send({ type: 'status', status });
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
