import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { parseSanctionsList } from './parse-list.ts';
import type { FromParser } from './parse-off-thread.ts';

/**
 * Reads one sanctions list file in a worker thread (parse-off-thread.ts), so that a list of tens of
 * megabytes never holds the server's main thread. Input: workerData `{ bytes }`; output: one message.
 */
const { bytes } = workerData as { bytes: Uint8Array };
let message: FromParser;
try {
  message = { parsed: parseSanctionsList(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
} catch (error) {
  message =
    error instanceof AppError
      ? { refused: { code: error.code, extra: error.extra } }
      : { failed: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(message);
