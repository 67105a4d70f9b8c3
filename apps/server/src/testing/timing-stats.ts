import { performance } from 'node:perf_hooks';

/** Timing comparison of two kinds of request, for the enumeration tests (never used in production). */

export interface TimingComparison {
  /** Median duration of each kind, in milliseconds. */
  medianA: number;
  medianB: number;
  /** Two-sample Kolmogorov–Smirnov statistic: the largest gap between the two empirical CDFs. */
  ks: number;
  /**
   * Share of single requests the best threshold rule (« slower than t → kind A ») labels right, for
   * equally many requests of each kind: (1 + ks) / 2. 0.5 is a coin toss.
   */
  bestGuess: number;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

/** The two-sample Kolmogorov–Smirnov statistic D = sup |F_a(t) − F_b(t)|. */
export function ksStatistic(a: readonly number[], b: readonly number[]): number {
  const xs = [...a].sort((x, y) => x - y);
  const ys = [...b].sort((x, y) => x - y);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < xs.length && j < ys.length) {
    const t = Math.min(xs[i] ?? Infinity, ys[j] ?? Infinity);
    while (i < xs.length && (xs[i] ?? Infinity) <= t) i++;
    while (j < ys.length && (ys[j] ?? Infinity) <= t) j++;
    d = Math.max(d, Math.abs(i / xs.length - j / ys.length));
  }
  return d;
}

export function compareTimings(a: readonly number[], b: readonly number[]): TimingComparison {
  const ks = ksStatistic(a, b);
  return { medianA: median(a), medianB: median(b), ks, bestGuess: (1 + ks) / 2 };
}

/**
 * Times `rounds` pairs of requests, one of each kind, in an order that alternates A B / B A so that
 * a drift of the machine's load (or a warm-up) weighs on both kinds alike.
 */
export async function timePairs(
  rounds: number,
  kindA: (round: number) => Promise<unknown>,
  kindB: (round: number) => Promise<unknown>,
  options: { between?: (round: number) => Promise<unknown> } = {},
): Promise<{ a: number[]; b: number[] }> {
  const a: number[] = [];
  const b: number[] = [];
  const time = async (run: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await run();
    into.push(performance.now() - start);
  };
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      await time(() => kindA(round), a);
      await time(() => kindB(round), b);
    } else {
      await time(() => kindB(round), b);
      await time(() => kindA(round), a);
    }
    await options.between?.(round);
  }
  return { a, b };
}
