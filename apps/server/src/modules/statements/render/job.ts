import type { Writable } from 'node:stream';
import { DownloadAbandoned } from '../download-stream.ts';
import type { Statement, StatementLines } from '../statement.ts';
import type { FromRenderer, RenderFormat, ToRenderer } from './messages.ts';
import type { RenderPool } from './pool.ts';

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Has a renderer thread draw one statement file into `out`: its lines go to the renderer a page at
 * a time as it asks for them (read from the ledger on this thread), its bytes come back and are
 * written into `out`, each acknowledged once `out` takes it (so the renderer waits while the
 * download is behind). `begin` is called with the first bytes: a failure before them (the renderer
 * would not start, or broke at once) rejects with nothing sent yet. Rejects with `DownloadAbandoned`
 * once `out` is closed (the renderer's job then stops), and with the renderer's error if it fails
 * or stops.
 */
export function renderOffThread(
  pool: RenderPool,
  format: RenderFormat,
  statement: Statement,
  lines: StatementLines,
  out: Writable,
  begin: () => void,
): Promise<void> {
  const pages = lines[Symbol.asyncIterator]();
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let begun = false;
    /** Bytes written into `out` while it was full, acknowledged once it drains. */
    let owed = 0;
    const send = (message: ToRenderer) => {
      if (!settled) job.port.postMessage(message);
    };
    const onDrain = () => {
      if (owed === 0) return;
      send({ type: 'ack', bytes: owed });
      owed = 0;
    };
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      out.off('close', onClose);
      out.off('drain', onDrain);
      job.close();
      if (error) reject(error);
      else resolve();
    };
    const onClose = () => settle(new DownloadAbandoned());
    const job = pool.open(format, statement, (error) => settle(error));
    out.on('close', onClose);
    out.on('drain', onDrain);

    job.port.on('message', (message: FromRenderer) => {
      if (settled) return;
      switch (message.type) {
        case 'pull':
          pages.next().then(
            (page) => send(page.done ? { type: 'end' } : { type: 'lines', lines: page.value }),
            (error: unknown) => settle(asError(error)),
          );
          return;
        case 'bytes': {
          if (out.destroyed) return settle(new DownloadAbandoned());
          if (!begun) {
            begun = true;
            begin();
          }
          const { chunk } = message;
          if (out.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)))
            send({ type: 'ack', bytes: chunk.byteLength });
          else owed += chunk.byteLength;
          return;
        }
        case 'done':
          if (!begun) begin();
          return settle();
        case 'failed':
          return settle(new Error(`the statement renderer failed: ${message.message}`));
      }
    });
  });
}
