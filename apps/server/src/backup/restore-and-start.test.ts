import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { MUTATION } from '../testing/test-context.ts';

// The embedded sandbox, as `npm start` runs it: its data folder backed up, restored into a new one, started there.
const work = mkdtempSync(join(tmpdir(), 'comptoir-restore-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const first = join(work, 'first');
const second = join(work, 'second');
const archive = join(work, 'backup.tar.gz');

const configOf = (dataDir: string) =>
  loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });

const command = (name: string, args: string[], dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'cli', name), ...args], {
    env: { ...process.env, DATABASE_URL: '', MASTER_KEY: '', DATA_DIR: dataDir },
    encoding: 'utf8',
  });

/** The customer signs in, then reads their accounts. */
async function signInAndReadAccounts(app: FastifyInstance, customer: { email: string; password: string }) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: MUTATION,
    payload: { email: customer.email, password: customer.password },
  });
  expect(login.statusCode).toBe(200);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const accounts = await app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
  expect(accounts.statusCode).toBe(200);
  return accounts.json<unknown[]>();
}

describe('an embedded sandbox backup restored into an empty data folder', () => {
  it('starts there: ready, and the customer signs in to the same accounts', async () => {
    const original = await startServer(configOf(first));
    const customer = original.demo!.customer;
    let before: unknown[];
    try {
      before = await signInAndReadAccounts(original.app, customer);
    } finally {
      await original.stop();
    }

    const backup = command('backup.ts', ['--out', archive], first);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const restore = command('restore.ts', [archive], second);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    // The master key travels apart from the backups.
    copyFileSync(join(first, 'master.key'), join(second, 'master.key'));

    const restored = await startServer(configOf(second));
    try {
      const ready = await restored.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(await signInAndReadAccounts(restored.app, customer)).toEqual(before);
    } finally {
      await restored.stop();
    }
  }, 180_000);
});
