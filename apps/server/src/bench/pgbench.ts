import { execFileSync } from 'node:child_process';
import { cpuSince, cpuTimes, type CpuTimes } from './cpu-account.ts';

/** How long the postmaster is given to reap pgbench's backends before their CPU is read. */
const REAP_WAIT_MS = 500;

/**
 * pgbench's built-in TPC-B-like transaction (3 updates, 1 select, 1 insert) on `url`, the reference
 * every database benchmark here is divided by. The scale is at least the client count: at scale 1
 * every client updates the one `pgbench_branches` row and queues on its lock, which would make the
 * reference slow and any ratio against it flattering.
 */
export function pgbenchTps(
  url: string,
  clients: number,
  seconds: number,
): { tps: number; scale: number; transactions: number; cpu: CpuTimes } {
  const scale = Math.max(10, clients);
  const u = new URL(url);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', u.username || 'postgres'];
  const db = u.pathname.slice(1);
  execFileSync('pgbench', [...args, '-i', '-q', '-s', String(scale), db], { stdio: 'ignore' });
  const before = cpuTimes();
  const out = execFileSync(
    'pgbench',
    [...args, '-c', String(clients), '-j', '2', '-T', String(seconds), '-n', db],
    { encoding: 'utf8' },
  );
  // pgbench's backends have exited; their CPU reaches the postmaster's count of its children only
  // once it has reaped them, a moment later.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, REAP_WAIT_MS);
  const cpu = cpuSince(before, cpuTimes());
  const match = /tps = ([\d.]+)/.exec(out);
  const processed = /number of transactions actually processed: (\d+)/.exec(out);
  if (!match?.[1] || !processed?.[1]) throw new Error(`could not read pgbench output:\n${out}`);
  return { tps: Number(match[1]), scale, transactions: Number(processed[1]), cpu };
}

/** p-th quantile (0–1) of sorted latencies, in ms. */
export const quantile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
