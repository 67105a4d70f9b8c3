import { availableParallelism } from 'node:os';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { AppContext } from '../../../context.ts';
import type { Statement } from '../statement.ts';
import type { RenderFormat, RenderJob } from './messages.ts';

/** The renderer's entry: plain JS that loads the TypeScript one (`worker.ts`), under any loader. */
export const RENDERER_ENTRY = new URL('./worker-boot.mjs', import.meta.url);

/**
 * Renderer threads per process: one, two when the machine has more than two cores (the main thread
 * and the database keep the rest). Every statement being made at once (`STATEMENT_BUILDS.total`)
 * shares them, each taking turns between rows.
 */
export const RENDERERS = availableParallelism() > 2 ? 2 : 1;

/**
 * A renderer's own heap, in MB (it shares the process's memory). A file is sent as it is drawn, but
 * a tagged PDF keeps its structure tree (a few dozen bytes a row, one PDF at a time) until its end; beyond this the
 * renderer stops, its files fail and the next one starts afresh: the server itself never runs out.
 */
export const RENDERER_HEAP_MB = 256;

interface Renderer {
  worker: Worker;
  /** What to tell each job it has if the thread stops. */
  jobs: Set<(error: Error) => void>;
  failure: Error | null;
}

/** One file handed to a renderer: its port, and `close` once it is done with (or abandoned). */
export interface RenderHandle {
  port: MessagePort;
  close(): void;
}

/** A few worker threads drawing statements, started when first needed and again if one stops. */
export class RenderPool {
  private readonly renderers: Renderer[] = [];

  constructor(
    private readonly entry: URL,
    private readonly size: number,
  ) {}

  /**
   * Hands one file to the least busy renderer (a new one while fewer than `size` run and all are
   * busy). `lost` is called if that renderer stops before the handle is closed.
   */
  open(format: RenderFormat, statement: Statement, lost: (error: Error) => void): RenderHandle {
    const renderer = this.pick();
    const { port1, port2 } = new MessageChannel();
    renderer.jobs.add(lost);
    renderer.worker.ref();
    const job: RenderJob = { format, statement, port: port2 };
    renderer.worker.postMessage(job, [port2]);
    return {
      port: port1,
      close: () => {
        port1.close();
        if (renderer.jobs.delete(lost) && renderer.jobs.size === 0) renderer.worker.unref();
      },
    };
  }

  /** Files being drawn now, by all the renderers. */
  get jobs(): number {
    return this.renderers.reduce((n, r) => n + r.jobs.size, 0);
  }

  /** Stops every renderer (their files fail). */
  async close(): Promise<void> {
    await Promise.all(this.renderers.map((r) => r.worker.terminate()));
  }

  private pick(): Renderer {
    let least: Renderer | null = null;
    for (const r of this.renderers) if (!least || r.jobs.size < least.jobs.size) least = r;
    if (least && (least.jobs.size === 0 || this.renderers.length >= this.size)) return least;
    return this.start();
  }

  private start(): Renderer {
    const worker = new Worker(this.entry, {
      // The entry registers its own loader; the main thread's flags (`--import tsx`, a profiler's) stay there.
      execArgv: [],
      name: 'statement-renderer',
      resourceLimits: { maxOldGenerationSizeMb: RENDERER_HEAP_MB },
    });
    const renderer: Renderer = { worker, jobs: new Set(), failure: null };
    worker.on('error', (error: Error) => (renderer.failure = error));
    worker.on('exit', (code) => {
      this.renderers.splice(this.renderers.indexOf(renderer), 1);
      const error = renderer.failure ?? new Error(`the statement renderer stopped (exit code ${code})`);
      const jobs = [...renderer.jobs];
      renderer.jobs.clear();
      for (const lost of jobs) lost(error);
    });
    worker.unref();
    this.renderers.push(renderer);
    return renderer;
  }
}

let shared: RenderPool | null = null;
const chosen = new WeakMap<AppContext, RenderPool>();

/** The renderers drawing `ctx`'s statements: the process's own, started when first needed. */
export function statementRenderers(ctx: AppContext): RenderPool {
  return chosen.get(ctx) ?? (shared ??= new RenderPool(RENDERER_ENTRY, RENDERERS));
}

/** Tests: `ctx`'s statements are drawn by `pool` (a renderer that fails, say). */
export function useStatementRenderers(ctx: AppContext, pool: RenderPool): void {
  chosen.set(ctx, pool);
}
