import { useQuery } from '@tanstack/react-query';
import { type PushSubscriptionRequest } from '@comptoir/contracts';
import { pushRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';

/** Web Push for this device (`/api/push/…`, docs/product/profile-and-security.md#push-notifications). */
export const pushKeys = { devices: ['push', 'devices'] as const };

/** The customer's devices with push on (to know whether this one is, and whether it shows amounts). */
export const usePushDevices = () =>
  useQuery({
    queryKey: pushKeys.devices,
    queryFn: ({ signal }) => apiCall(pushRoutes.getPushSubscriptions, { signal }),
  });

/** The bank's VAPID public key (base64url), asked for each time push is turned on. */
export const pushPublicKey = async (): Promise<string> =>
  (await apiCall(pushRoutes.getPushPublicKey)).publicKey;

/** Turns push on for this device, or changes whether it shows amounts. */
export const savePushSubscription = (body: PushSubscriptionRequest) =>
  apiCall(pushRoutes.postPushSubscriptions, { body });

/** Turns push off for this device. */
export const deletePushSubscription = (endpoint: string) =>
  apiCall(pushRoutes.deletePushSubscriptions, { body: { endpoint } });
