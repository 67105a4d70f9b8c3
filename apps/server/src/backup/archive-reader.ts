import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';

/**
 * Reads a backup archive (tar, gzip) from disk entry by entry, each handed to `onEntry` in turn and
 * streamed (node-tar's Parser, with backpressure): never whole in memory. Strict: a damaged or
 * truncated archive, or an entry type node-tar does not know, fails the read.
 */
export async function readArchive(path: string, onEntry: (entry: ReadEntry) => Promise<void>): Promise<void> {
  const parser = new Parser({ strict: true, noResume: true });
  let failure: Error | null = null;
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = (error) => {
      failure ??= error instanceof Error ? error : new Error(String(error));
      reject(failure);
    };
  });
  failed.catch(() => undefined);
  let chain = Promise.resolve();
  parser.on('entry', (entry: ReadEntry) => {
    chain = chain.then(async () => {
      if (failure) return;
      try {
        await onEntry(entry);
        if (!entry.emittedEnd) entry.resume(); // what the handler left unread
      } catch (error) {
        fail(error);
      }
    });
  });
  parser.on('ignoredEntry', (entry: ReadEntry) =>
    fail(new Error(`${entry.path}: an entry of a kind a backup never holds (${String(entry.header.type)})`)),
  );
  parser.on('error', (error: Error) => fail(error));
  const ended = new Promise<void>((resolve) => parser.on('end', () => resolve()));

  const input = pipeline(createReadStream(path), createGunzip(), () => undefined);
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (failure) break;
      if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), failed]);
    }
    if (!failure) {
      parser.end();
      await Promise.race([ended, failed]);
      await chain;
    }
  } catch (error) {
    fail(error);
  } finally {
    input.destroy();
  }
  // Set by the handlers and listeners above, which the compiler does not follow.
  const failedWith = failure as Error | null;
  if (failedWith) throw failedWith;
}
