/**
 * Loaded into the benched server (`--import`): measures how late its event loop runs
 * (perf_hooks.monitorEventLoopDelay). SIGUSR2 starts the measure afresh; at exit the max, p99 and
 * mean delays (ms) are written as JSON to LOOP_DELAY_FILE.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => delay.reset());
  process.on('exit', () => {
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    writeFileSync(
      file,
      JSON.stringify({ max: ms(delay.max), p99: ms(delay.percentile(99)), mean: ms(delay.mean) }),
    );
  });
}
