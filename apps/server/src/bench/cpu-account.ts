import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Where a run's CPU went (Linux, /proc): the PostgreSQL server's processes, the Node server under
 * test, and this process with its children (the load generator, pgbench). A ratio to pgbench says
 * how fast; this says why — how many milliseconds of database and of server work one request costs,
 * against one pgbench transaction's on the same machine.
 */
export interface CpuTimes {
  /** Every process named `postgres`, with the children they reaped (backends that ended). */
  database: number;
  /** The server under test. */
  server: number;
  /** This process (the load generator) and its reaped children (pgbench). */
  bench: number;
}

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of /proc/<pid>/stat, in seconds; the name; zeros when unreadable. */
function stat(pid: number | 'self'): { name: string; own: number; children: number } {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const name = text.slice(text.indexOf('(') + 1, close);
    // Fields after the name, from the 3rd (state): utime is the 14th field of the line, so index 11.
    const fields = text
      .slice(close + 2)
      .split(' ')
      .map(Number);
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return { name, own: (utime + stime) / TICKS_PER_SECOND, children: (cutime + cstime) / TICKS_PER_SECOND };
  } catch {
    return { name: '', own: 0, children: 0 };
  }
}

/** CPU seconds used so far; subtract two readings to get a run's. No server: its share reads 0. */
export function cpuTimes(serverPid?: number): CpuTimes {
  let database = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const process = stat(Number(entry));
    if (process.name === 'postgres') database += process.own + process.children;
  }
  const self = stat('self');
  return {
    database,
    server: serverPid === undefined ? 0 : stat(serverPid).own,
    bench: self.own + self.children,
  };
}

export const cpuSince = (before: CpuTimes, after: CpuTimes): CpuTimes => ({
  database: after.database - before.database,
  server: after.server - before.server,
  bench: after.bench - before.bench,
});

/** Runs `load` and returns its result with the CPU spent while it ran. */
export async function withCpu<T>(
  serverPid: number,
  load: () => T | Promise<T>,
): Promise<{ result: T; cpu: CpuTimes }> {
  const before = cpuTimes(serverPid);
  const result = await load();
  return { result, cpu: cpuSince(before, cpuTimes(serverPid)) };
}

/** « CPU per request: db 0.62 ms · server 1.40 ms · bench 0.30 ms » (`unit`: request, transaction). */
export const perRequest = (cpu: CpuTimes, count: number, unit = 'request'): string => {
  const ms = (seconds: number): string => `${((seconds / count) * 1000).toFixed(2)} ms`;
  return count > 0
    ? `CPU per ${unit}: db ${ms(cpu.database)} · server ${ms(cpu.server)} · bench ${ms(cpu.bench)}`
    : `CPU per ${unit}: none ran`;
};

/**
 * The most requests per second the database's own CPU per request leaves room for on this machine,
 * were the server and the load generator free, and that rate's ratio to pgbench's in the same run:
 * no change outside the database's work can take a run beyond it.
 */
export const databaseCeiling = (cpu: CpuTimes, count: number, referenceTps: number): string => {
  if (count === 0 || cpu.database <= 0) return 'database ceiling: none ran';
  const cores = availableParallelism();
  const perSecond = cores / (cpu.database / count);
  return `database ceiling (its CPU per request on ${cores} cores, server and load generator free): ${perSecond.toFixed(0)} /s = ${(perSecond / referenceTps).toFixed(2)}× pgbench`;
};

/**
 * The database's CPU per request over its CPU per pgbench transaction in the same run: how many
 * TPC-B transactions of work one request costs PostgreSQL (NaN when either ran nothing).
 */
export const databaseCostRatio = (
  cpu: CpuTimes,
  count: number,
  pgbench: { cpu: CpuTimes; transactions: number },
): number =>
  count > 0 && pgbench.transactions > 0 && pgbench.cpu.database > 0
    ? cpu.database / count / (pgbench.cpu.database / pgbench.transactions)
    : Number.NaN;
