// The public face of modules/monitoring: the transaction monitoring's job (docs/monitoring.md).
export { monitorAllMovements, monitorMovements, MONITORING_BATCH } from './monitor-service.ts';
export { undecidedCaseOf } from './watch-service.ts';
