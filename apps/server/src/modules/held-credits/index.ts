// The public face of modules/held-credits: holding an incoming credit on arrival (docs/held-credits.md).
export { arrivalHoldFor, recordArrivalHold } from './arrival-service.ts';
