import { PushDeviceList, PushPublicKey, PushSubscriptionRequest, PushUnsubscribeRequest } from '../push.ts';
import { Ok } from '../common.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

/** The routes of push/routes.ts. */
export const pushRoutes = {
  getPushPublicKey: defineRoute({
    method: 'GET',
    path: '/api/push/public-key',
    auth: 'customer',
    tags: ['notifications'],
    summary: 'The bank’s VAPID public key, to subscribe this device to push notifications',
    response: { 200: PushPublicKey, 401: Problem, 403: Problem },
  }),
  getPushSubscriptions: defineRoute({
    method: 'GET',
    path: '/api/push/subscriptions',
    auth: 'customer',
    tags: ['notifications'],
    summary: 'The customer’s devices with push notifications on',
    response: { 200: PushDeviceList, 401: Problem, 403: Problem },
  }),
  postPushSubscriptions: defineRoute({
    method: 'POST',
    path: '/api/push/subscriptions',
    auth: 'customer',
    tags: ['notifications'],
    summary: 'Turn push notifications on for this device (or change whether it shows amounts)',
    description:
      'The endpoint must be an https URL of a public host (no loopback, private or link-local ' +
      'address; in the sandbox, http://127.0.0.1 too): else 422, and nothing is ever sent to it.',
    body: PushSubscriptionRequest,
    response: { 200: Ok, 400: Problem, 401: Problem, 403: Problem, 422: Problem },
  }),
  deletePushSubscriptions: defineRoute({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    auth: 'customer',
    tags: ['notifications'],
    summary: 'Turn push notifications off for this device',
    body: PushUnsubscribeRequest,
    response: { 200: Ok, 400: Problem, 401: Problem, 403: Problem },
  }),
} as const;
