import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { ListedEntity, ScreeningSubject, SubjectScreening } from './matching/types.ts';
import type { FromMatcher, ToMatcher } from './matcher-messages.ts';

/** The matcher thread's entry: the boot file in the sources, the compiled matcher in the build. */
export const MATCHER_ENTRY = new URL('./matcher-boot.mjs', import.meta.url);

/** Entities written to JSON at a time before the event loop gets a turn. */
const ENTITIES_A_PART = 250;

type Request =
  | { kind: 'load'; versionId: string; parts: string[] }
  | { kind: 'screen'; versionId: string; subjects: ScreeningSubject[]; threshold: number };

/** `entities` as JSON arrays of ENTITIES_A_PART each, written between turns of the event loop. */
async function jsonParts(entities: readonly ListedEntity[]): Promise<string[]> {
  const parts: string[] = [];
  for (let i = 0; i < entities.length; i += ENTITIES_A_PART) {
    if (i > 0) await nextTurn();
    parts.push(JSON.stringify(entities.slice(i, i + ENTITIES_A_PART)));
  }
  return parts;
}

/**
 * The screening's matcher, in a worker thread of its own: it builds the index of a list version
 * once (per version, per process) and screens the job's batches against it. The thread starts when
 * first needed, again after it stops, and never keeps the process alive while idle.
 */
export class MatcherThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (m: FromMatcher) => void; reject: (e: Error) => void }
  >();
  /** The version whose index the thread holds (or is building). */
  private loaded: { versionId: string; ready: Promise<void> } | null = null;

  constructor(private readonly entry: URL = MATCHER_ENTRY) {}

  /**
   * The thread holds the index of `versionId`, built from `load()` — called only when the thread
   * does not hold that version yet (a new version, or a new thread).
   */
  useVersion(versionId: string, load: () => Promise<ListedEntity[]>): Promise<void> {
    if (this.loaded?.versionId === versionId) return this.loaded.ready;
    const ready = load().then(async (entities) => {
      await this.ask({ kind: 'load', versionId, parts: await jsonParts(entities) });
    });
    const loaded = { versionId, ready };
    this.loaded = loaded;
    ready.catch(() => {
      if (this.loaded === loaded) this.loaded = null;
    });
    return ready;
  }

  /** Screens `subjects` against the version `useVersion` made ready, in order. */
  async screen(
    versionId: string,
    subjects: ScreeningSubject[],
    threshold: number,
  ): Promise<SubjectScreening[]> {
    if (subjects.length === 0) return [];
    const reply = await this.ask({ kind: 'screen', versionId, subjects, threshold });
    if (reply.kind !== 'screened') throw new Error('the matcher answered out of turn');
    return reply.results;
  }

  /** Stops the thread (what it was asked fails). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.loaded = null;
    await worker?.terminate();
  }

  private ask(request: Request): Promise<FromMatcher> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<FromMatcher>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id } satisfies ToMatcher);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, {
      // The entry registers its own loader; the main thread's flags stay there.
      execArgv: [],
      name: 'screening-matcher',
    });
    worker.on('message', (message: FromMatcher) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.kind === 'failed') waiting.reject(new Error(`screening matcher: ${message.message}`));
      else waiting.resolve(message);
    });
    let failure: Error | null = null;
    worker.on('error', (error: Error) => (failure = error));
    worker.on('exit', (code) => {
      if (this.worker === worker) {
        this.worker = null;
        this.loaded = null;
      }
      const error = failure ?? new Error(`the screening matcher stopped (exit code ${code})`);
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const w of waiting) w.reject(error);
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

let shared: MatcherThread | null = null;

/** The process's matcher thread (one per instance), started when first needed. */
export const matcherThread = (): MatcherThread => (shared ??= new MatcherThread());
