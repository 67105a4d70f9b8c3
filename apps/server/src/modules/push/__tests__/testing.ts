// Test scaffolding of modules/push for other modules' tests; never imported by production code.
export { resolvePushHostsWith } from '../endpoint-check.ts';
export { drainPushQueue } from '../worker.ts';
