import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { startServer, type RunningServer } from '../server.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface TestServer {
  url: string;
  server: RunningServer;
  demoCustomer: { email: string; password: string };
  demoOperator: { email: string; password: string; totpSecret: string };
  stop(): Promise<void>;
}

/**
 * The real product, as `npm start` runs it, on a random port with a fresh data folder (PGlite, or
 * PostgreSQL when DATABASE_URL is set). For browser tests.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-e2e-'));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const base = loadConfig({
    ...process.env,
    ...(database ? { DATABASE_URL: database.url } : {}),
    SANDBOX: 'true',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  const server = await startServer({ ...base, ...overrides });
  if (!server.demo) throw new Error('the test server runs in sandbox mode');
  return {
    url: server.url,
    server,
    demoCustomer: server.demo.customer,
    demoOperator: server.demo.operator,
    stop: async () => {
      await server.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
