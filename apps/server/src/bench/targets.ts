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

/** The peak resident memory of a process so far (Linux: VmHWM), in MB; NaN when unreadable. */
export function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
