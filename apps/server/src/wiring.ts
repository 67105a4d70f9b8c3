import type { AppContext } from './context.ts';
import { attachEventDelivery } from './events/dispatcher.ts';
import { resolveCustomerSessionsWith } from './http/customer-guard.ts';
import { resolveOperatorSessionsWith } from './http/operator-guard.ts';
import { resolveCustomerSession } from './modules/auth/index.ts';
import { subscribeNotifications } from './modules/notifications/index.ts';
import { requireRole, resolveOperatorSession } from './modules/operators/index.ts';
import { subscribePush } from './modules/push/index.ts';
import { cancelTransfer, placeInitiatedTransfer } from './modules/transfers/index.ts';
import { attachInitiatedTransfers } from './ports/initiated-transfers.ts';

/**
 * Attaches what the modules reach only through ports, so that no module imports the ones that
 * follow it: the notifications (and their e-mails) kept after a published event, and the push
 * messages queued for them and for 3-D Secure requests, written by this instance's event
 * dispatcher after the publisher's commit; the session lookups behind the HTTP guards; the
 * transfers a third party initiates through the PSD2 interface.
 * Idempotent; called wherever the application is put together — buildApp, and the server before
 * it seeds the demo.
 */
export function wireApplication(ctx: AppContext): void {
  subscribeNotifications();
  subscribePush();
  attachEventDelivery(ctx);
  resolveCustomerSessionsWith(resolveCustomerSession);
  resolveOperatorSessionsWith({ resolveOperatorSession, requireRole });
  attachInitiatedTransfers({ place: placeInitiatedTransfer, cancel: cancelTransfer });
}
