import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Every path under `root` (itself included) whose mode gives anything to group or others. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

async function startAndStop(dataDir: string): Promise<void> {
  const config = loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
  const server = await startServer(config);
  await server.stop();
}

describe('the data folder is the owner’s only', () => {
  it('a fresh DATA_DIR (embedded database, WAL, master key) has no file or folder open to others', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'comptoir-data-'));
    made.push(parent);
    const dataDir = join(parent, 'data');
    await startAndStop(dataDir);
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['db', 'master.key']));
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(5);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('a folder left readable by an earlier version is made owner-only at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-data-'));
    made.push(dataDir);
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'files', 'ab'), { recursive: true, mode: 0o755 });
    chmodSync(join(dataDir, 'files'), 0o777);
    chmodSync(join(dataDir, 'files', 'ab'), 0o755);
    writeFileSync(join(dataDir, 'files', 'ab', 'old-document'), 'sealed bytes', { mode: 0o666 });
    chmodSync(join(dataDir, 'files', 'ab', 'old-document'), 0o666);
    expect(openToOthers(dataDir).length).toBe(4);

    await startAndStop(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
