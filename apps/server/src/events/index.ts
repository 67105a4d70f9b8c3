/**
 * The event port: a use case publishes a fact in its own transaction (numbered in the customer's
 * live event log, announced on CUSTOMER_EVENTS_CHANNEL at commit) and hands it to the subscribers
 * attached at wiring time. Kernel code: it imports no module, so every feature may publish, and
 * the live stream (modules/events) only listens.
 */
export {
  type EventSubscriber,
  type PublishContext,
  type PublishedEvents,
  type PublishedEventType,
  subscribe,
} from './port.ts';
export {
  publishCard,
  publishCardAuthentication,
  publishCredit,
  publishDirectDebit,
  publishDocumentRequest,
  publishIdentityChange,
  publishMessage,
  publishNotification,
  publishSessionsChanged,
  publishSpacesChanged,
  publishStatus,
  publishTransfer,
} from './publish.ts';
export { CUSTOMER_EVENTS_CHANNEL } from './log-queries.ts';
