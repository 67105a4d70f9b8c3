import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_RETRY_CAP_MS, job, retryDelayMs } from './jobs.ts';
import { appLog, createLogger, useAppLog } from './log.ts';
import { registry } from './metrics/registry.ts';

const before = appLog();
afterEach(() => useAppLog(before));

const counter = async (name: string, job: string): Promise<number> => {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = (metric?.values ?? []).find((v) => v.labels.job === job);
  return Number(value?.value ?? 0);
};

describe('a background job', () => {
  it('that fails writes one JSON line at error, naming the job, with the error’s message — and counts the run and the failure', async () => {
    const lines: string[] = [];
    useAppLog(createLogger('info', { write: (line) => lines.push(line) }));
    let runs = 0;
    const stop = job('test-failing', 5, async () => {
      runs++;
      if (runs === 1) throw new Error('boom: the database went away');
    });
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2));
    await stop();

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 50, job: 'test-failing', msg: 'job test-failing failed' });
    expect(entries[0]?.err).toMatchObject({ type: 'Error', message: 'boom: the database went away' });
    expect(await counter('comptoir_job_failures_total', 'test-failing')).toBe(1);
    expect(await counter('comptoir_job_runs_total', 'test-failing')).toBeGreaterThanOrEqual(2);
  });

  it('stopped waits for the run in progress (its batch) before resolving', async () => {
    let finished = false;
    let started = false;
    const stop = job('test-slow', 5, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    await vi.waitFor(() => expect(started).toBe(true));
    await stop();
    expect(finished).toBe(true);
  });
});

describe('a failing job backs off', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits longer after each failure in a row, jittered and capped, and its interval again once it succeeds', async () => {
    vi.useFakeTimers();
    useAppLog(createLogger('silent'));
    const started = Date.now();
    const runs: number[] = [];
    let failing = 4;
    const stop = job(
      'test-backoff',
      1000,
      async () => {
        runs.push(Date.now() - started);
        if (failing-- > 0) throw new Error('the database went away');
      },
      { random: () => 0.5 },
    );
    for (let i = 0; i < 7; i++) await vi.advanceTimersToNextTimerAsync();
    await stop();
    // 1 s, then after each failure 2, 4, 8, 16 s times ¾ (the jitter drawn at 0.5), then 1 s again.
    const gaps = runs.map((at, i) => at - (runs[i - 1] ?? 0));
    expect(gaps).toEqual([1000, 1500, 3000, 6000, 12_000, 1000, 1000]);
  });

  it('draws each delay between half and all of the doubled interval, never above the cap', () => {
    expect(retryDelayMs(1000, 1, 0)).toBe(1000);
    expect(retryDelayMs(1000, 1, 0.999_999)).toBe(2000);
    expect(retryDelayMs(5000, 3, 0.5)).toBe(30_000);
    expect(retryDelayMs(1000, 30, 0.999_999)).toBe(JOB_RETRY_CAP_MS);
    expect(retryDelayMs(1000, 30, 0)).toBe(JOB_RETRY_CAP_MS / 2);
    // A job slower than the cap keeps its own interval as the longest wait.
    const hourly = 60 * 60 * 1000;
    expect(retryDelayMs(hourly, 5, 0.999_999)).toBeLessThanOrEqual(hourly);
    expect(retryDelayMs(hourly, 5, 0.999_999)).toBeGreaterThan(hourly - 10);
    const draws = Array.from({ length: 50 }, (_, i) => retryDelayMs(1000, 2, i / 50));
    expect(new Set(draws).size).toBe(50);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...draws)).toBeLessThanOrEqual(4000);
  });
});
