// Test scaffolding of modules/events for other modules' tests; never imported by production code.
export { openLiveStream } from '../live-service.ts';
export { listenLive, readEventStream } from './helpers.ts';
