// Live updates (docs/product/api.md).
//
// `GET /api/events` is a text/event-stream for the signed-in customer (any status).
// Every message is an unnamed SSE event (`data: <JSON LiveEvent>`), read with `EventSource.onmessage`;
// the first message is the current status, then one per change. Comment lines are heartbeats.
// Every change has an SSE `id:` — its number in the customer's event log, kept 10 minutes. A stream
// opened again with `Last-Event-ID: <id>` (EventSource sends it by itself when it reconnects; or the
// query `?lastEventId=<id>` for a new EventSource) first receives, after the status, what followed that
// id, on whichever instance it reaches — none twice, none missed — then goes live. When some of those
// were already purged, a `resync` message comes first: the client reads everything again.
import { z } from 'zod';
import { CustomerStatus } from './auth.ts';
import { CreditEvent } from './live-credit.ts';
import { TransferEvent } from './transfers.ts';
import { CardEvent } from './cards.ts';
import { CardAuthenticationLiveEvent } from './card-authentications.ts';
import { DirectDebitLiveEvent } from './direct-debits.ts';
import { DocumentRequestLiveEvent } from './document-requests.ts';
import { IdentityChangeLiveEvent } from './identity-changes.ts';
import { MessageLiveEvent } from './messages.ts';
import { NotificationLiveEvent } from './notifications.ts';
import { SessionsLiveEvent, SignedOutLiveEvent } from './profile.ts';
import { SpacesLiveEvent } from './spaces.ts';
import { HeldCreditLiveEvent } from './held-credits.ts';
import { Psd2AuthorisationLiveEvent } from './psd2.ts';

/** One message of `GET /api/events` (the JSON in an SSE `data:` line). */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: CustomerStatus }),
  CreditEvent,
  TransferEvent,
  CardEvent,
  CardAuthenticationLiveEvent,
  Psd2AuthorisationLiveEvent,
  DirectDebitLiveEvent,
  DocumentRequestLiveEvent,
  IdentityChangeLiveEvent,
  MessageLiveEvent,
  NotificationLiveEvent,
  SessionsLiveEvent,
  SignedOutLiveEvent,
  SpacesLiveEvent,
  HeldCreditLiveEvent,
  /** Some events missed while the stream was down are no longer kept: read everything again. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
