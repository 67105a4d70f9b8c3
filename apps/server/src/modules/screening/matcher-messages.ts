import type { ScreeningSubject, SubjectScreening } from './matching/types.ts';

/** What the screening job asks of its matcher thread (matcher-thread.ts ↔ matcher-worker.ts). */
export type ToMatcher =
  /**
   * Build the index of this list version (replacing the one held) from its entities, sent as JSON
   * arrays of a few hundred each: text crosses to the thread as a plain copy, and writing it in
   * parts holds the sending thread a few milliseconds at a time (a structured clone of thousands of
   * entities would hold it for tens).
   */
  | { kind: 'load'; id: number; versionId: string; parts: string[] }
  /** Screen these subjects against the index of `versionId` (which must be the one held). */
  | { kind: 'screen'; id: number; versionId: string; subjects: ScreeningSubject[]; threshold: number };

export type FromMatcher =
  | { kind: 'loaded'; id: number }
  | { kind: 'screened'; id: number; results: SubjectScreening[] }
  | { kind: 'failed'; id: number; message: string };
