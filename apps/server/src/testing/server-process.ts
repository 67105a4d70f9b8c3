import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  /** `http://host:port` the server said it is ready at. */
  url: string;
  port: number;
  pid: number;
  /** Settles when the process has exited (by itself or killed). */
  exited: Promise<void>;
  /** The signal that ended it, once it has. */
  signal(): NodeJS.Signals | null;
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** A TCP port free right now on 127.0.0.1 (for a process that must listen on a known port). */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * The real server in a child process, as `npm start` runs it from the sources (apps/server/src/main.ts
 * through tsx), with exactly `env`; resolves once it says it is ready. For the fault tests and the
 * benchmarks (never imported by production code). `nodeArgs` are Node flags; `imports` are loaded
 * after tsx, before the entry point. `compiled`: the production build (apps/server/dist/main.mjs,
 * `npm run build:server` made beforehand) instead of the sources.
 */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  options: {
    nodeArgs?: string[];
    imports?: string[];
    stderr?: 'inherit' | 'pipe';
    readyTimeoutMs?: number;
    compiled?: boolean;
  } = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(options.compiled && !options.imports?.length ? [] : ['tsx', ...(options.imports ?? [])]).flatMap(
        (m) => ['--import', m],
      ),
      options.compiled ? 'apps/server/dist/main.mjs' : 'apps/server/src/main.ts',
    ],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`server did not start: ${out}`)),
      options.readyTimeoutMs ?? 90_000,
    );
    const read = (chunk: Buffer) => {
      if (out.length < 100_000) out += chunk.toString();
      const match = /ready at (http:\/\/\S+)/.exec(out);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', read);
      child.stderr?.off('data', read);
      child.stdout?.resume();
      child.stderr?.resume();
      const url = match[1].replace(/\/$/, '');
      done({
        url,
        port: Number(new URL(url).port),
        pid: child.pid ?? 0,
        exited,
        signal: () => child.signalCode,
        kill: (signal = 'SIGTERM') => void child.kill(signal),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code}) before it was ready:\n${out}`));
    });
  });
}
