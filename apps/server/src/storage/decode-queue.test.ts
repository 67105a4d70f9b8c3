import { describe, expect, it } from 'vitest';
import { decodeQueue } from './decode-queue.ts';

/** A task the test finishes by hand. */
function gate() {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe('decode queue', () => {
  it('runs at most `slots` tasks at once, the others in arrival order, and refuses beyond the waiting room', async () => {
    const queue = decodeQueue({ slots: 1, maxWaiting: 2, full: () => new Error('full') });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await g.done;
        running--;
        return i;
      }),
    );
    expect(queue.active).toBe(1);
    expect(queue.waiting).toBe(2);
    await expect(queue.run(async () => 'late')).rejects.toThrow('full');

    gates[2]!.open(); // the last one may finish early: it still waits for its turn
    gates[0]!.open();
    gates[1]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
    expect(mostAtOnce).toBe(1);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const queue = decodeQueue({ slots: 2, maxWaiting: 0, full: () => new Error('full') });
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    const g = gate();
    const both = [queue.run(() => g.done), queue.run(() => g.done)];
    expect(queue.active).toBe(2);
    await expect(queue.run(async () => 'third')).rejects.toThrow('full');
    g.open();
    await Promise.all(both);
    expect(queue.active).toBe(0);
  });
});
