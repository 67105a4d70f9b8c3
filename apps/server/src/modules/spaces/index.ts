// The public face of modules/spaces: what other modules and the application's wiring may use.
export { customerSpaceGoals } from './goals-service.ts';
export { moveEntry } from './move-service.ts';
export { openPastSpace } from './seed-service.ts';
