import { readFileSync } from 'node:fs';

/** One target of a benchmark: what is asked, what was measured, and whether it holds. */
export interface Target {
  label: string;
  wanted: string;
  measured: string;
  met: boolean;
}

/** Prints every target with its measured value, then how many are met (a report: the exit code stays 0). */
export function printTargets(title: string, targets: readonly Target[]): void {
  console.log(`\n${title}`);
  for (const t of targets) {
    console.log(
      `  ${t.met ? 'met    ' : 'NOT MET'}  ${t.label.padEnd(46)} ${t.measured.padStart(12)}   target ${t.wanted}`,
    );
  }
  const met = targets.filter((t) => t.met).length;
  console.log(`  ${met} of ${targets.length} targets met`);
}

/** Throughput against pgbench's in the same run: at least `wanted`×, every request a success. */
export function ratioTarget(
  label: string,
  run: { perSecond: number; failures: number } | undefined,
  reference: number,
  wanted: number,
): Target[] {
  if (!run) return [];
  const ratio = run.perSecond / reference;
  return [
    {
      label,
      wanted: `≥ ${wanted}× pgbench`,
      measured: `${ratio.toFixed(2)}×`,
      met: ratio >= wanted && !run.failures,
    },
  ];
}

/** A 99th percentile latency of at most `wantedMs`. */
export function p99Target(label: string, run: { p99: number } | undefined, wantedMs: number): Target[] {
  if (!run) return [];
  return [
    { label, wanted: `≤ ${wantedMs} ms`, measured: `${run.p99.toFixed(1)} ms`, met: run.p99 <= wantedMs },
  ];
}

/** The database's CPU per request, in pgbench transactions' worth (`databaseCostRatio`): at most `wanted`. */
export function cpuCostTarget(label: string, ratio: number | undefined, wanted: number): Target[] {
  if (ratio === undefined) return [];
  return [
    {
      label,
      wanted: `≤ ${wanted}× one pgbench tx`,
      measured: `${ratio.toFixed(2)}×`,
      met: ratio <= wanted,
    },
  ];
}

/** The peak resident memory of a process so far (Linux: VmHWM), in MB; NaN when unreadable. */
export function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
