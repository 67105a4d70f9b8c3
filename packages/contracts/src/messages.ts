// Adviser and secure messages (docs/product/profile-and-security.md#profil).
import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';

export const MESSAGE_MAX_LENGTH = 2000;

/** The customer's adviser as the customer sees it; `phone` null when the operator has none. */
export const Adviser = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Adviser = z.infer<typeof Adviser>;

/** `GET /api/me/adviser`: the assigned adviser, or null (the profile then shows the institution's contact). */
export const MyAdviser = z.object({ adviser: Adviser.nullable() });
export type MyAdviser = z.infer<typeof MyAdviser>;

/** `PUT /api/backoffice/customers/{id}/adviser`: an active operator, or null to remove the adviser. */
export const AssignAdviserRequest = z.object({ operatorId: text().max(64).nullable() });
export type AssignAdviserRequest = z.infer<typeof AssignAdviserRequest>;

/** An operator who can be chosen as adviser (active operators). */
export const AdviserOption = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const AdviserOptions = z.object({
  items: z.array(AdviserOption),
  /** The customer's current adviser (operator id), when one is assigned. */
  currentId: z.string().nullable(),
});
export type AdviserOptions = z.infer<typeof AdviserOptions>;

export const MessageDirection = z.enum(['customer', 'bank']);
export type MessageDirection = z.infer<typeof MessageDirection>;

/** One message of a thread. Plain text: never rendered as HTML. */
export const SecureMessage = z
  .object({
    id: z.string(),
    direction: MessageDirection,
    body: z.string(),
    /** Who wrote a bank message (the operator's name); null for the customer's own. */
    author: z.string().nullable(),
    createdAt: IsoDateTime,
    readAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'SecureMessage' });
export type SecureMessage = z.infer<typeof SecureMessage>;

/** A page of the thread, newest first; `unread` counts the other side's unread messages. */
export const MessagesPage = z.object({
  items: z.array(SecureMessage),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type MessagesPage = z.infer<typeof MessagesPage>;

export const MessagesQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type MessagesQuery = z.infer<typeof MessagesQuery>;

/** `POST /api/messages` and `POST /api/backoffice/customers/{id}/messages`. */
export const SendMessageRequest = z.object({
  body: text()
    .trim()
    .min(1, 'Le message ne peut pas être vide.')
    .max(MESSAGE_MAX_LENGTH, 'Le message ne peut pas dépasser 2 000 caractères.'),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

export const UnreadMessages = z.object({ unread: z.number().int() });

/** Customers with unread messages from them (the back office's customers table badge). */
export const UnreadByCustomer = z.object({
  items: z.array(z.object({ customerId: z.string(), unread: z.number().int() })),
});
export type UnreadByCustomer = z.infer<typeof UnreadByCustomer>;

/**
 * A `GET /api/events` message: a message was added to the customer's thread (a bank message, or the
 * customer's own from another session) or messages were read. The browser refetches the thread.
 */
export const MessageLiveEvent = z.object({
  type: z.literal('message'),
  direction: MessageDirection,
  unread: z.number().int(),
});
export type MessageLiveEvent = z.infer<typeof MessageLiveEvent>;
