import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { writeStatementCamt053 } from '../statement-camt053.ts';
import { writeStatementPdf } from '../statement-pdf.ts';
import type { Statement, StatementLines } from '../statement.ts';
import type { FromRenderer, RenderFormat, RenderJob, ToRenderer } from './messages.ts';
import { PortLines } from './port-lines.ts';
import { PortSink } from './port-sink.ts';

/**
 * A statement renderer: a worker thread drawing the PDFs and camt.053 files the main thread hands
 * it (`render-pool.ts`), several at once, each taking turns between rows. Loaded through
 * `worker-boot.mjs`.
 */

const WRITERS: Record<RenderFormat, (s: Statement, lines: StatementLines, out: Writable) => Promise<void>> = {
  pdf: writeStatementPdf,
  camt053: writeStatementCamt053,
};

/**
 * A tagged PDF keeps its structure tree (a few dozen bytes a row) until its end, so a renderer draws
 * its PDFs one after the other: its memory holds one tree at a time. camt.053 files, written as
 * they go, are drawn alongside.
 */
let pdfTurn: Promise<void> = Promise.resolve();

async function render({ format, statement, port }: RenderJob, turn: Promise<void>): Promise<void> {
  const sink = new PortSink(port);
  const lines = new PortLines(port);
  let closed = false;
  port.on('close', () => {
    closed = true;
    lines.abandon();
    sink.destroy();
  });
  port.on('message', (message: ToRenderer) => {
    if (message.type === 'ack') sink.acknowledged(message.bytes);
    else lines.receive(message);
  });
  let answer: FromRenderer;
  try {
    await turn;
    if (closed) return; // the download was abandoned while it waited
    const write = WRITERS[format] as (typeof WRITERS)[RenderFormat] | undefined;
    if (!write) throw new Error(`no statement renderer for ${format}`);
    await write(statement, lines, sink);
    sink.end();
    await finished(sink);
    answer = { type: 'done' };
  } catch (error) {
    answer = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  // The main thread closes the port once it has the answer (or has gone: then nobody listens).
  if (!closed) port.postMessage(answer);
}

parentPort?.on('message', (job: RenderJob) => {
  if (job.format !== 'pdf') return void render(job, Promise.resolve());
  const done = render(job, pdfTurn);
  pdfTurn = done;
});
