import type { CustomerStatus } from '@comptoir/contracts';

/** Where a customer session stands: waiting for its second factor after a right password, or active. */
export type CustomerSessionStage = 'second_factor' | 'active';

/** The signed-in customer the customer guards hand to a route (`request.customerSession`). */
export interface CustomerSession {
  customerId: string;
  status: CustomerStatus;
  expiresAt: Date;
  tokenHash: string;
  /** 'second_factor' after a right password until the customer's second factor is given. */
  stage: CustomerSessionStage;
}
