import type { ListedEntity, ScreeningSubject, SubjectScreening } from './matching/types.ts';

/** What the screening job asks of its matcher thread (matcher-thread.ts ↔ matcher-worker.ts). */
export type ToMatcher =
  /** Build the index of this list version (replacing the one held). */
  | { kind: 'load'; id: number; versionId: string; entities: ListedEntity[] }
  /** Screen these subjects against the index of `versionId` (which must be the one held). */
  | { kind: 'screen'; id: number; versionId: string; subjects: ScreeningSubject[]; threshold: number };

export type FromMatcher =
  | { kind: 'loaded'; id: number }
  | { kind: 'screened'; id: number; results: SubjectScreening[] }
  | { kind: 'failed'; id: number; message: string };
