import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import type { AppContext } from './context.ts';
import { connect } from './db/connect.ts';
import { secureDataDir } from './data-dir.ts';
import { sealPlaintextTaxIds } from './modules/customers/index.ts';
import { loadMasterKey } from './crypto/master-key.ts';
import { outbox } from './mail/outbox.ts';
import { documentFiles } from './storage/encrypted-files.ts';
import { ensureDemo, type DemoCredentials } from './seed/demo.ts';
import { startJobs } from './jobs.ts';
import { wireApplication } from './wiring.ts';
import { sandboxInstantRail } from './rails/sandbox-instant-rail.ts';

export interface RunningServer {
  ctx: AppContext;
  app: FastifyInstance;
  url: string;
  demo: DemoCredentials | null;
  stop(): Promise<void>;
}

/** Migrates, seeds the sandbox demo, serves HTTP and runs the jobs: what `npm start` runs. */
export async function startServer(
  config: Config,
  options: { clock?: Clock; logger?: boolean } = {},
): Promise<RunningServer> {
  secureDataDir(config.dataDir);
  const db = await connect({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const masterKey = loadMasterKey(config.masterKey, config.dataDir, config.masterKeyPrevious);
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
  wireApplication();
  const demo = config.sandbox ? await ensureDemo(ctx) : null;
  const app = await buildApp(ctx, { logger: options.logger ?? false });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  if (config.port === 0) config.publicUrl = url;
  const stopJobs = startJobs(ctx);
  return {
    ctx,
    app,
    url,
    demo,
    stop: async () => {
      await stopJobs();
      await app.close();
      await db.close();
    },
  };
}
