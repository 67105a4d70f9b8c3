// The name matcher: pure code, no I/O. `buildListIndex` once per list version, then
// `screenSubject` for each customer or beneficiary (docs/screening-matching.md).
export { buildListIndex } from './list-index.ts';
export { screenSubject } from './screen-subject.ts';
export type {
  EntityMatch,
  ListedEntity,
  ListIndex,
  MatchedToken,
  MatchExplanation,
  ScreeningSubject,
  SubjectScreening,
} from './types.ts';
