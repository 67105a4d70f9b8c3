import { describe, expect, it } from 'vitest';
import { databaseCostRatio } from './cpu-account.ts';
import { cpuCostTarget, p99Target, ratioTarget } from './targets.ts';

const cpu = (database: number) => ({ database, server: 0, bench: 0 });

describe('a bench target', () => {
  it('counts the database CPU per request in pgbench transactions of the same run', () => {
    // 3 s for 1,000 transfers against 1 s for 2,000 pgbench transactions: 3 ms against 0.5 ms.
    expect(databaseCostRatio(cpu(3), 1_000, { cpu: cpu(1), transactions: 2_000 })).toBeCloseTo(6);
    expect(databaseCostRatio(cpu(3), 0, { cpu: cpu(1), transactions: 2_000 })).toBeNaN();
    expect(databaseCostRatio(cpu(3), 1_000, { cpu: cpu(0), transactions: 2_000 })).toBeNaN();
  });

  it('is met at or under the CPU asked for, and not met above it or unmeasured', () => {
    expect(cpuCostTarget('db', 3, 3)[0]?.met).toBe(true);
    expect(cpuCostTarget('db', 3.01, 3)[0]?.met).toBe(false);
    expect(cpuCostTarget('db', Number.NaN, 3)[0]?.met).toBe(false);
    expect(cpuCostTarget('db', undefined, 3)).toEqual([]);
  });

  it('wants the throughput ratio with no request failed', () => {
    expect(ratioTarget('a', { perSecond: 300, failures: 0 }, 1_000, 0.3)[0]).toMatchObject({
      measured: '0.30×',
      met: true,
    });
    expect(ratioTarget('a', { perSecond: 299, failures: 0 }, 1_000, 0.3)[0]?.met).toBe(false);
    expect(ratioTarget('a', { perSecond: 400, failures: 1 }, 1_000, 0.3)[0]?.met).toBe(false);
    expect(ratioTarget('a', undefined, 1_000, 0.3)).toEqual([]);
  });

  it('wants the 99th percentile at most the latency asked for', () => {
    expect(p99Target('p99', { p99: 50 }, 50)[0]?.met).toBe(true);
    expect(p99Target('p99', { p99: 50.1 }, 50)[0]).toMatchObject({ measured: '50.1 ms', met: false });
  });
});
