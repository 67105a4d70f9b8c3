export { RotationRefused, rotateMasterKey, type RotationReport } from './rotate.ts';
export { SEALED_VALUE_SETS, type SealedValueSet } from './sealed-values.ts';
export { rotationFinished } from './queries.ts';
