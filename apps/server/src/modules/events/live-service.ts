import { LiveEvent } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { liveHub } from './hub.ts';
import { customerEventsAfter, customerStatus, sessionState } from './queries.ts';

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
 * Every change carries its number in the customer's log (an SSE `id:` line). Resuming after
 * `lastEventId` (the browser's `Last-Event-ID`), the stream first replays the kept events that
 * followed it, then goes live — none twice, none missed: it subscribes first and holds what arrives
 * while it reads the log, then passes on only numbers above the last one sent. When some of the
 * missed events were already purged, `resync` tells the client to read everything again.
 * Returns the function that stops it (call it when the client goes away).
 */
export async function openLiveStream(
  ctx: AppContext,
  session: LiveSession,
  sink: LiveStreamSink,
  options: { heartbeatMs?: number; lastEventId?: number; onHeartbeat?: () => Promise<void> } = {},
): Promise<() => void> {
  let stopped = false;
  /** The highest number sent (or the client's own on resume): anything at or below it is not sent again. */
  let lastSent = options.lastEventId ?? 0;
  /** What arrives before the replay is written, in arrival order. */
  let held: { event: LiveEvent; seq: number | undefined }[] | null = [];
  const write = (event: LiveEvent, seq?: number) =>
    sink.write(`${seq === undefined ? '' : `id: ${seq}\n`}data: ${JSON.stringify(event)}\n\n`);
  const state = () =>
    sessionState(ctx.db, session.tokenHash, ctx.clock.now(), ctx.config.customerIdleSeconds);
  /** The session is over: say why, then end the stream (the browser goes to /connexion). */
  const signOut = (reason: 'revoked' | 'closed' | 'expired') => {
    if (stopped) return;
    write({ type: 'signed_out', reason });
    stop();
    sink.end();
  };
  const send = (event: LiveEvent, seq: number | undefined) => {
    if (stopped) return;
    if (seq !== undefined) {
      if (seq <= lastSent) return;
      lastSent = seq;
    }
    if (event.type !== 'sessions') return write(event, seq);
    // Some session of this customer was revoked: this one, or another (then pass the news on).
    void state()
      .then((now) => {
        if (stopped) return;
        if (now === 'live') write(event, seq);
        else signOut(now);
      })
      .catch(() => undefined);
  };
  // Subscribe before reading the status and the log: a change committed in between is held, not lost.
  const unsubscribe = await liveHub(ctx.db).subscribe(session.customerId, (event, seq) => {
    if (held) held.push({ event, seq });
    else send(event, seq);
  });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    unsubscribe();
  };
  const timer = setInterval(() => {
    void Promise.all([state(), options.onHeartbeat?.()])
      .then(([now]) => {
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
    if (status) send({ type: 'status', status }, undefined);
    if (options.lastEventId !== undefined) {
      const missed = await customerEventsAfter(ctx.db, session.customerId, options.lastEventId);
      if (!missed.complete) {
        write({ type: 'resync' });
        lastSent = Math.min(lastSent, missed.last);
      }
      for (const { seq, event } of missed.events) {
        const parsed = LiveEvent.safeParse(event);
        if (parsed.success) send(parsed.data, seq);
      }
    }
    const waiting = held;
    held = null;
    for (const { event, seq } of waiting) send(event, seq);
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
