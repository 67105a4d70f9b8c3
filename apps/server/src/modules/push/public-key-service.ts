import type { PushPublicKey } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { vapidKeys } from './vapid-keys.ts';

/** `GET /api/push/public-key`: the bank's VAPID public key, for the browser's `applicationServerKey`. */
export async function pushPublicKey(ctx: AppContext): Promise<PushPublicKey> {
  return { publicKey: (await vapidKeys(ctx)).publicKey };
}
