import type { MessagePort } from 'node:worker_threads';
import type { Statement, StatementLine } from '../statement.ts';

/**
 * What the main thread and a statement renderer (a worker thread) say to each other. The main
 * thread reads the statement from the ledger and hands it over a page of lines at a time, when the
 * renderer asks; the renderer draws the file and sends its bytes back, and stops sending once too
 * many are not yet acknowledged (taken by the download). Either side closing the job's port ends
 * the job: the main thread closes it when the person downloading goes away.
 */

/** The formats drawn off the main thread (the CSV costs little and is written on it). */
export type RenderFormat = 'pdf' | 'camt053';

/** Main thread → renderer, on the worker's own port: one file to draw, and the port of its job. */
export interface RenderJob {
  format: RenderFormat;
  statement: Statement;
  port: MessagePort;
}

/** Main thread → renderer, on the job's port. */
export type ToRenderer =
  { type: 'lines'; lines: readonly StatementLine[] } | { type: 'end' } | { type: 'ack'; bytes: number };

/** Renderer → main thread, on the job's port. */
export type FromRenderer =
  | { type: 'pull' }
  | { type: 'bytes'; chunk: Uint8Array }
  | { type: 'done' }
  | { type: 'failed'; message: string };

/** Bytes a renderer may have sent that the download has not taken yet; beyond, it waits. */
export const BYTES_IN_FLIGHT = 1024 * 1024;
