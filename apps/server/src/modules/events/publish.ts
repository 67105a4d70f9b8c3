import type { CustomerStatus } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { notifyCustomerStatus } from './queries.ts';

/**
 * Announces a customer's new status to their live streams on every instance. Call it inside the
 * transaction that changes the status: the notification leaves only if that transaction commits.
 */
export const publishStatus = (q: Queryable, customerId: string, status: CustomerStatus): Promise<void> =>
  notifyCustomerStatus(q, customerId, status);
