// The public face of modules/events: what other modules and the application's wiring may use.
export { type EventSubscriber, subscribe } from './port.ts';
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
export { eventRoutes } from './routes.ts';
export { liveStreamsOpen } from './hub.ts';
export { purgeLiveEventLog } from './retention.ts';
