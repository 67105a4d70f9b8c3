import type { MessagePort } from 'node:worker_threads';
import { DownloadAbandoned } from '../download-stream.ts';
import type { StatementLine, StatementLines } from '../statement.ts';
import type { FromRenderer, ToRenderer } from './messages.ts';

type Answer = Extract<ToRenderer, { type: 'lines' | 'end' }>;

/**
 * A statement's lines as a renderer reads them: asked of the main thread a page at a time, the next
 * page asked as soon as one arrives (so it is read from the ledger while this one is drawn): never
 * more than two pages in the worker.
 */
export class PortLines implements StatementLines {
  private arrived: Answer | null = null;
  private waiting: ((answer: Answer | null) => void) | null = null;
  private abandoned = false;

  constructor(private readonly port: MessagePort) {}

  /** A page (or the end) from the main thread. */
  receive(answer: Answer): void {
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = null;
      wake(answer);
    } else this.arrived = answer;
  }

  /** The job's port closed: whoever waits for a page stops. */
  abandon(): void {
    this.abandoned = true;
    this.waiting?.(null);
    this.waiting = null;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<readonly StatementLine[]> {
    this.pull();
    for (;;) {
      const answer = await this.next();
      if (!answer) throw new DownloadAbandoned();
      if (answer.type === 'end') return;
      this.pull();
      yield answer.lines;
    }
  }

  private pull(): void {
    const message: FromRenderer = { type: 'pull' };
    this.port.postMessage(message);
  }

  private next(): Promise<Answer | null> {
    if (this.abandoned) return Promise.resolve(null);
    const answer = this.arrived;
    if (answer) {
      this.arrived = null;
      return Promise.resolve(answer);
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }
}
