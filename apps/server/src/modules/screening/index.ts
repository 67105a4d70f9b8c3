// The public face of modules/screening: what other modules and the application's wiring may use.
export { runScreening, type ScreeningRunOptions } from './run-screening-service.ts';
// The name matcher (pure, no I/O): the benchmarks prepare a list and screen generated subjects with it.
export { buildListIndex, screenSubject } from './matching/index.ts';
export type { ListedEntity, ListIndex, ScreeningSubject, SubjectScreening } from './matching/index.ts';
