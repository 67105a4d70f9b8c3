// The real server (apps/server/src/main.ts through tsx, as `npm start` runs it) in a child process
// whose standard output and error are kept whole, for the tests of what it writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase } from './scratch-database.ts';
import { freePort } from './server-process.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

export interface ServerRun {
  base: string;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit. */
  stop(): Promise<number | null>;
}

/** Starts the sandbox server on a free port with `env` added; resolves once it is ready. */
export async function runServer(env: NodeJS.ProcessEnv, imports: string[] = []): Promise<ServerRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-run-'));
  const port = await freePort();
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const child: ChildProcess = spawn(
    process.execPath,
    [...['tsx', ...imports].flatMap((m) => ['--import', m]), 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        PSD2_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SANDBOX: 'true',
        LOG_LEVEL: 'info',
        DATABASE_URL: scratch?.url ?? '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const cleanUp = async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const ready = await Promise.race([
    new Promise<boolean>((done) => {
      const check = () => (/ready at http/.test(out) ? done(true) : setTimeout(check, 50));
      check();
    }),
    exited.then(() => false),
  ]);
  if (!ready) {
    await cleanUp();
    throw new Error(`server exited before it was ready:\n${out}\n${err}`);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      await cleanUp();
      return code;
    },
  };
}
