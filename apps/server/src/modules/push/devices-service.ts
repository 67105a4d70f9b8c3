import type { PushDeviceList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { customerSubscriptions } from './queries.ts';

/** `GET /api/push/subscriptions`: the customer's devices with push on, oldest first. */
export async function pushDevices(ctx: AppContext, customerId: string): Promise<PushDeviceList> {
  const rows = await customerSubscriptions(ctx.db, customerId);
  return {
    items: rows.map((r) => ({
      endpoint: r.endpoint,
      showAmounts: r.show_amounts,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
