import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DataDirLocked, EXIT_DATA_DIR_LOCKED, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import { startServer } from './server.ts';

const made: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'comptoir-lock-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const runVerify = (dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cli', 'ledger-verify.ts')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
  });

/** A process that has ended: its PID names nobody (until the system gives it again, long after). */
const deadPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
};

describe('the data folder is one process’s at a time (embedded database)', () => {
  it('a tool is refused while the server runs, naming it; once the server stops, the tool runs', async () => {
    const dataDir = newDataDir();
    const config = loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    const server = await startServer(config);
    let refused;
    try {
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
        pid: process.pid,
        command: 'npm start',
      });
      refused = runVerify(dataDir);
    } finally {
      await server.stop();
    }
    expect(refused.status).toBe(EXIT_DATA_DIR_LOCKED);
    expect(refused.stderr).toContain(`est déjà utilisé par « npm start » (PID ${process.pid}`);
    expect(refused.stderr).toContain(`is in use by "npm start" (PID ${process.pid}`);
    expect(refused.stderr).toMatch(/Stop that process first/);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    const ok = runVerify(dataDir);
    expect(ok.stdout).toContain('ledger ok');
    expect(ok.status).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('a second command is refused while another holds the folder, and gets it once that one ends', async () => {
    const dataDir = newDataDir();
    // Another process takes the lock and keeps it until its standard input closes.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(import.meta.dirname, 'data-dir-lock.ts')}').then((m) => { m.lockDataDir(${JSON.stringify(dataDir)}, 'npm run backup'); console.log('locked'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0)); })`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) =>
      holder.stdout.on('data', (b: Buffer) => b.includes('locked') && resolve()),
    );
    const refused = (() => {
      try {
        lockDataDir(dataDir, 'npm run master-key:rotate');
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(DataDirLocked);
    expect(refused).toMatchObject({ holder: { pid: holder.pid, command: 'npm run backup' } });

    const ended = new Promise((resolve) => holder.on('exit', resolve));
    holder.stdin.end();
    await ended;
    const release = lockDataDir(dataDir, 'npm run master-key:rotate');
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 30_000);

  it('takes over the lock of a process that died without removing it, and a garbled one', () => {
    const dataDir = newDataDir();
    const lock = join(dataDir, LOCK_FILE);
    const pid = deadPid();
    writeFileSync(lock, JSON.stringify({ pid, command: 'npm start', since: '2026-01-01T00:00:00.000Z' }));
    const ok = runVerify(dataDir);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(existsSync(lock)).toBe(false);

    writeFileSync(lock, '{"pid":');
    const release = lockDataDir(dataDir, 'npm run restore');
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'npm run restore',
    });
    release();
  }, 60_000);
});
