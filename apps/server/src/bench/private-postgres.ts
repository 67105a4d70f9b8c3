import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Where Debian puts PostgreSQL 15's server programs; PG_BIN names another folder. */
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres, trusted (owner-only folder, loopback only). */
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** Stops the cluster (fast shutdown, by its pid) and deletes its folder. */
  stop(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the bench's own, in a temporary owner-only folder, listening on a free
 * loopback port, with `settings` given to the server (`-c name=value`): for a profile that the
 * machine's own server cannot give, e.g. `shared_preload_libraries=pg_stat_statements`. Run as root,
 * initdb and postgres run as the `postgres` system user, which PostgreSQL requires.
 */
export async function startPrivatePostgres(settings: Record<string, string>): Promise<PrivatePostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'comptoir-pg-'));
  chmodSync(folder, 0o700);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(folder, systemId('-u'), systemId('-g'));
  const run = (program: string, args: string[]): void => {
    const [command, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(BIN, program), ...args]]
      : [join(BIN, program), args];
    execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const data = join(folder, 'data');
  let pid: number | null = null;
  const stop = async (): Promise<void> => {
    if (pid !== null) await stopByPid(pid);
    pid = null;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${folder}`,
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' ');
    run('pg_ctl', ['start', '-w', '-D', data, '-l', join(folder, 'server.log'), '-o', options]);
    pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The postgres system user's uid (`-u`) or gid (`-g`). */
const systemId = (flag: '-u' | '-g'): number =>
  Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));

/** A loopback port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** SIGINT is PostgreSQL's fast shutdown: sessions are ended, then a checkpoint; waits until it exits. */
async function stopByPid(pid: number): Promise<void> {
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(); waited += 100) {
    // SIGQUIT, the immediate shutdown, if the fast one has not ended within 30 s.
    if (waited === 30_000) process.kill(pid, 'SIGQUIT');
    if (waited === 60_000) throw new Error(`the private PostgreSQL (pid ${pid}) did not stop`);
    await sleep(100);
  }
}
