import { afterEach, describe, expect, it, vi } from 'vitest';
import { job } from './jobs.ts';
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
