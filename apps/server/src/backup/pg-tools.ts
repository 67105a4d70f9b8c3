import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** pg_dump / pg_restore: from PG_BIN_DIR when set, else the PATH. */
const bin = (name: string): string => (process.env.PG_BIN_DIR ? `${process.env.PG_BIN_DIR}/${name}` : name);

type PgTool = 'pg_dump' | 'pg_restore';

/**
 * Runs a PostgreSQL client tool, its standard input fed from `input` and its standard output
 * handed to `output` (both streamed); rejects with its standard error when it fails.
 */
function runStreaming(
  name: PgTool,
  args: string[],
  io: { input?: AsyncIterable<Buffer>; output: (stdout: Readable) => Promise<void> },
): Promise<void> {
  const child = spawn(bin(name), args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const err: Buffer[] = [];
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (e) =>
      reject(new Error(`${name} could not run (${e.message}): install the PostgreSQL client`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${name} failed (${code}): ${Buffer.concat(err).toString().trim()}`)),
    );
  });
  child.stdin.on('error', () => undefined);
  const fed = io.input
    ? pipeline(Readable.from(io.input), child.stdin).catch(() => undefined)
    : Promise.resolve(child.stdin.end());
  return Promise.all([exited, io.output(child.stdout), fed]).then(() => undefined);
}

/** A client tool's standard output, whole (for short answers such as `--version`). */
export async function runPgTool(name: PgTool, args: string[]): Promise<Buffer> {
  const out: Buffer[] = [];
  await runStreaming(name, args, {
    output: async (stdout) => {
      for await (const chunk of stdout as AsyncIterable<Buffer>) out.push(chunk);
    },
  });
  return Buffer.concat(out);
}

/** Runs `name`, its standard output written to `path` (owner-only) as it comes: its size and SHA-256. */
export async function runPgToolToFile(
  name: PgTool,
  args: string[],
  path: string,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await runStreaming(name, args, {
    output: (stdout) =>
      pipeline(
        stdout,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(path, { mode: 0o600, flags: 'wx' }),
      ),
  });
  return { size, sha256: hash.digest('hex') };
}

/** Runs `name` with `input` streamed to its standard input. */
export function runPgToolFrom(name: PgTool, args: string[], input: AsyncIterable<Buffer>): Promise<void> {
  return runStreaming(name, args, {
    input,
    output: async (stdout) => {
      stdout.resume();
      await new Promise((resolve) => stdout.on('end', resolve));
    },
  });
}

/** The client tool's major version (`pg_dump (PostgreSQL) 15.20` → 15). */
export async function pgToolMajor(name: PgTool): Promise<number> {
  const text = (await runPgTool(name, ['--version'])).toString();
  const major = /(\d+)(?:\.\d+)?/.exec(text);
  if (!major) throw new Error(`cannot read the version of ${name}: ${text}`);
  return Number(major[1]);
}

/** libpq takes the URL as is; node-postgres-only parameters would not matter here. */
export const connectionArgs = (url: string): string[] => ['--dbname', url];
