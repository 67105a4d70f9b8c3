import { spawn } from 'node:child_process';

/** pg_dump / pg_restore: from PG_BIN_DIR when set, else the PATH. */
const bin = (name: string): string => (process.env.PG_BIN_DIR ? `${process.env.PG_BIN_DIR}/${name}` : name);

/** Runs a PostgreSQL client tool; its standard output, or an error carrying its standard error. */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(name), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) =>
      reject(new Error(`${name} could not run (${e.message}): install the PostgreSQL client`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(new Error(`${name} failed (${code}): ${Buffer.concat(err).toString().trim()}`)),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** The client tool's major version (`pg_dump (PostgreSQL) 15.20` → 15). */
export async function pgToolMajor(name: 'pg_dump' | 'pg_restore'): Promise<number> {
  const text = (await runPgTool(name, ['--version'])).toString();
  const major = /(\d+)(?:\.\d+)?/.exec(text);
  if (!major) throw new Error(`cannot read the version of ${name}: ${text}`);
  return Number(major[1]);
}

/** libpq takes the URL as is; node-postgres-only parameters would not matter here. */
export const connectionArgs = (url: string): string[] => ['--dbname', url];
