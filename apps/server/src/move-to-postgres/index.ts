export { moveToPostgres, type MoveTarget } from './move.ts';
export { MoveRefused } from './errors.ts';
export type { MoveCheck } from './verify-move.ts';
