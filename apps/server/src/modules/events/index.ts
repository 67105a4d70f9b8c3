// The public face of modules/events: what other modules and the application's wiring may use.
export { liveStreamsOpen } from './hub.ts';
export { purgeLiveEventLog } from './retention.ts';
