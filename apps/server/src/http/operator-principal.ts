import type { Operator } from '@comptoir/contracts';

/** The signed-in operator the operator guard hands to a route (`request.operator`), with their session. */
export interface OperatorPrincipal extends Operator {
  sessionTokenHash: string;
  sessionExpiresAt: Date;
}
