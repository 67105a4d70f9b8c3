import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../testing/server-process.ts';
import type { LoadResult } from './http-load.ts';

let built = false;

/**
 * The real server in a child process, as `npm start` runs it in production (the compiled build,
 * made here first; BENCH_SOURCES=1 runs the TypeScript sources through tsx instead), on `databaseUrl` (sandbox, port 0, a
 * throw-away DATA_DIR); `env` adds variables (a master key, a sandbox key).
 * `env.LOOP_DELAY_FILE`: the server measures its event loop's delays into that file (loop-delay-probe.ts).
 * `options.dataDir`: another instance's data folder, shared as a volume would be (its sandbox keys
 * included); it is left for that instance to remove.
 * BENCH_SERVER_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<{ url: string; pid: number; dataDir: string; stop(): Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'comptoir-bench-'));
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const probe = env.LOOP_DELAY_FILE ? ['./apps/server/src/bench/loop-delay-probe.ts'] : [];
  const compiled = process.env.BENCH_SOURCES !== '1';
  if (compiled && !built) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    built = true;
  }
  const server = await spawnServer(
    {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      SANDBOX: 'true',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '16',
    },
    { nodeArgs, imports: probe, stderr: 'inherit', compiled },
  );
  return {
    url: server.url,
    pid: server.pid,
    dataDir,
    stop: async () => {
      await server.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One result line: rate, p50, p99 and the ratio to the pgbench reference of the same run. */
export const resultLine = (label: string, r: LoadResult, reference: number): string =>
  `${label.padEnd(38)} ${r.perSecond.toFixed(0).padStart(6)} /s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   ${(r.perSecond / reference).toFixed(2)}× pgbench${
    r.failures ? `   (${r.failures} failed: ${r.firstFailure ?? ''})` : ''
  }`;
