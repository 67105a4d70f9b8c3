import type { FastifyInstance } from 'fastify';
import { buildApp, buildPsd2App } from './app.ts';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import type { AppContext } from './context.ts';
import { connect } from './db/connect.ts';
import { secureDataDir } from './data-dir.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Db } from './db/types.ts';
import { sealPlaintextTaxIds } from './modules/customers/index.ts';
import { loadMasterKey } from './crypto/master-key.ts';
import { outbox } from './mail/outbox.ts';
import { documentFiles } from './storage/encrypted-files.ts';
import { ensureDemo, type DemoCredentials } from './seed/demo.ts';
import { startJobs } from './jobs.ts';
import { startDraining } from './lifecycle.ts';
import { useAppLog, type Logger } from './log.ts';
import { startMetricsListener } from './metrics/listener.ts';
import { liveStreamsOpen } from './modules/events/index.ts';
import { wireApplication } from './wiring.ts';
import { sandboxInstantRail } from './rails/sandbox-instant-rail.ts';
import { listenerCertificate, PSD2_BASE, trustedAuthorities } from './modules/psd2/index.ts';

export interface RunningServer {
  ctx: AppContext;
  app: FastifyInstance;
  url: string;
  /** The Prometheus scrape address (METRICS_PORT), null when off. */
  metricsUrl: string | null;
  /** The PSD2 interface's own mutual-TLS address (`https://…/psd2/v1`), null when off. */
  psd2Url: string | null;
  demo: DemoCredentials | null;
  /**
   * The graceful stop (SIGTERM): readiness answers 503 at once, the listener takes no new
   * connection, requests in flight finish, live streams are told to reconnect (elsewhere) and
   * closed, jobs finish their batch, then the database closes. Calling it again waits for the same stop.
   */
  stop(): Promise<void>;
}

/** Migrates, seeds the sandbox demo, serves HTTP and runs the jobs: what `npm start` runs. */
export async function startServer(
  config: Config,
  options: { clock?: Clock; logger?: boolean } = {},
): Promise<RunningServer> {
  secureDataDir(config.dataDir);
  // The embedded database is this process's only: no backup, rotation or second server meanwhile.
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir, 'npm start');
  let db: Db;
  let masterKey: Buffer;
  try {
    masterKey = loadMasterKey(config.masterKey, config.dataDir, config.masterKeyPrevious);
    db = await connect({
      databaseUrl: config.databaseUrl,
      migrationDatabaseUrl: config.migrationDatabaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const ctx: AppContext = {
    config,
    db,
    clock: options.clock ?? systemClock,
    masterKey,
    outbox,
    files: documentFiles(config, masterKey),
    rails: { instant: sandboxInstantRail() },
  };
  await sealPlaintextTaxIds(ctx);
  wireApplication(ctx);
  const demo = config.sandbox ? await ensureDemo(ctx) : null;
  const app = await buildApp(ctx, { logger: options.logger ?? false });
  // Jobs and workers write through the same logger as the requests.
  if (options.logger) useAppLog(app.log as Logger);
  await app.listen({ port: config.port, host: config.host });
  const metrics = config.metrics
    ? await startMetricsListener(ctx, config.metrics, { liveStreams: () => liveStreamsOpen(db) })
    : null;
  const psd2 = await startPsd2Listener(ctx, config.host);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  if (config.port === 0) config.publicUrl = url;
  const stopJobs = startJobs(ctx);
  let stopping: Promise<void> | null = null;
  const drain = async () => {
    const log = app.log.child({ stop: true });
    startDraining(db);
    const jobsStopped = stopJobs().then(() => log.info('jobs stopped'));
    // Fastify: preClose ends the live streams, then the listener closes and waits for the requests in
    // flight. A keep-alive connection whose response ends meanwhile (a live stream's) would be kept
    // open for the keep-alive timeout: close each one as soon as it is idle.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close().finally(() => clearInterval(reaper));
    log.info('requests drained');
    await jobsStopped;
    await metrics?.close();
    await psd2?.close();
    await db.close();
    unlock();
    log.info('database closed');
  };
  return {
    ctx,
    app,
    url,
    metricsUrl: metrics?.url ?? null,
    psd2Url: psd2?.url ?? null,
    demo,
    stop: () => (stopping ??= drain()),
  };
}

export interface Psd2Listener {
  /** `https://<host>:<port>/psd2/v1` */
  url: string;
  close(): Promise<void>;
}

/**
 * The PSD2 interface's own listener (PSD2_PORT): TLS asking every client for its certificate. The
 * handshake proves the TPP holds the certificate's key; whether its authority is trusted, its dates
 * and its roles are checked per call by the interface (modules/psd2/tpp-caller.ts), so that a
 * refusal is the standard's error rather than a broken handshake. Null when there is no port or no
 * certificate to serve with (production without PSD2_TLS_CERT_FILE: the interface is then only
 * behind the front).
 */
export async function startPsd2Listener(ctx: AppContext, host: string): Promise<Psd2Listener | null> {
  if (ctx.config.psd2.port === null) return null;
  const certificate = await listenerCertificate(ctx);
  if (!certificate) return null;
  const app = await buildPsd2App(ctx, {
    cert: certificate.certificate,
    key: certificate.privateKey,
    ca: await trustedAuthorities(ctx),
  });
  await app.listen({ port: ctx.config.psd2.port, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.psd2.port;
  // Its certificate names localhost: the address TPPs on this machine use, whichever loopback it binds.
  const shown = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(host) ? 'localhost' : host;
  return { url: `https://${shown}:${port}${PSD2_BASE}`, close: () => app.close() };
}
