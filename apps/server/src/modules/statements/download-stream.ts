import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The person downloading went away: the statement stops being made (its transaction ends). */
export class DownloadAbandoned extends Error {
  constructor() {
    super('the statement download was abandoned');
    this.name = 'DownloadAbandoned';
  }
}

function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Between two pages of a statement: lets the event loop serve other requests, then waits while the
 * reader is behind (so a file is never held whole in memory). Throws once the reader is gone.
 */
export async function breathe(out: Writable): Promise<void> {
  await nextTurn();
  while (!out.destroyed && out.writableNeedDrain) await drained(out);
  if (out.destroyed) throw new DownloadAbandoned();
}

/** Writes text (UTF-8) into the download, throwing once the reader is gone. */
export function put(out: Writable, text: string): void {
  if (out.destroyed) throw new DownloadAbandoned();
  out.write(text);
}
