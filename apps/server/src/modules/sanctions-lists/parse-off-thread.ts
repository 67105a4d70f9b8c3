// Error codes thrown here: sanctions_list_invalid, sanctions_list_too_large.
import { Worker } from 'node:worker_threads';
import type { ErrorCode, SanctionsListProblem } from '@comptoir/contracts';
import { AppError } from '../../errors.ts';
import { parseSanctionsList, type ParsedList } from './parse-list.ts';

/** The reader thread's entry: the boot file in the sources, the compiled reader in the build. */
const PARSER_ENTRY = new URL('./sanctions-parser-boot.mjs', import.meta.url);

/** Files up to this size are read on the calling thread: a few dozen milliseconds, less than a thread's start. */
const INLINE_BYTES = 1024 * 1024;
/** How long a reading may take before its thread is stopped. */
const PARSE_TIMEOUT_MS = 5 * 60 * 1000;
/** The reader thread's own heap: a 100 MB file, its text and its tree fit. */
const PARSER_HEAP_MB = 2048;

/** What the reader thread answers. */
export type FromParser =
  | { parsed: ParsedList }
  | { refused: { code: ErrorCode; extra: Record<string, unknown> } }
  | { failed: string };

function fromParser(message: FromParser): ParsedList {
  if ('parsed' in message) return message.parsed;
  if ('failed' in message) throw new Error(`sanctions list reader: ${message.failed}`);
  if (message.refused.code === 'sanctions_list_invalid') {
    const problem = message.refused.extra as unknown as SanctionsListProblem;
    throw new AppError('sanctions_list_invalid', problem, { ...problem });
  }
  throw new AppError('sanctions_list_too_large');
}

/**
 * `parseSanctionsList` (same answers, same refusals) in a short-lived worker thread for any file
 * over a megabyte: the full EU list takes seconds to read, which must not stall requests, jobs or
 * instant transfers meanwhile.
 */
export function parseSanctionsListOffThread(bytes: Buffer): Promise<ParsedList> {
  if (bytes.length <= INLINE_BYTES) return Promise.resolve().then(() => parseSanctionsList(bytes));
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSER_ENTRY, {
      workerData: { bytes: new Uint8Array(bytes) },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: PARSER_HEAP_MB },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error('sanctions list reader timed out'))),
      PARSE_TIMEOUT_MS,
    );
    worker.once('message', (message: FromParser) =>
      settle(() => {
        try {
          resolve(fromParser(message));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
    worker.once('error', (error: Error) => settle(() => reject(error)));
    worker.once('exit', () => settle(() => reject(new Error('sanctions list reader stopped'))));
  });
}
