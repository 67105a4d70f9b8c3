import { Writable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { BYTES_IN_FLIGHT, type FromRenderer } from './messages.ts';

/**
 * The file as a renderer writes it: its bytes go to the main thread over the job's port, what was
 * written in one turn of the worker's loop in one message. Once `BYTES_IN_FLIGHT` are not yet
 * acknowledged, writes wait (the stream fills up and the writers' `breathe` waits for it to drain).
 */
export class PortSink extends Writable {
  private inFlight = 0;
  private blocked: (() => void) | null = null;

  constructor(private readonly port: MessagePort) {
    super({ highWaterMark: 256 * 1024 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.send([chunk], callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: () => void): void {
    this.send(
      chunks.map((c) => c.chunk),
      callback,
    );
  }

  /** The main thread took `bytes` more. */
  acknowledged(bytes: number): void {
    this.inFlight -= bytes;
    if (this.blocked && this.inFlight <= BYTES_IN_FLIGHT) {
      const go = this.blocked;
      this.blocked = null;
      go();
    }
  }

  private send(chunks: Buffer[], callback: () => void): void {
    // A copy of its own, so the transfer never detaches a buffer pdfkit or Node's pool still uses.
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    const message: FromRenderer = { type: 'bytes', chunk: bytes };
    this.port.postMessage(message, [bytes.buffer]);
    this.inFlight += bytes.length;
    // Called back on the next turn: whatever is written meanwhile goes out together (`_writev`).
    if (this.inFlight > BYTES_IN_FLIGHT) this.blocked = callback;
    else setImmediate(callback);
  }
}
