// Contact form contracts (docs/product/marketing-site.md#pages).
import { z } from 'zod';
import { Email, text } from './common.ts';

/** Limits shared by the form and the server. */
export const CONTACT_LIMITS = {
  name: 100,
  company: 120,
  message: 5000,
  /** A person needs more than this to fill the form; a script posting at once does not. */
  minFillTimeMs: 3000,
  /** More links than this in a message is the signature of spam. */
  maxLinks: 3,
} as const;

const required = (label: string, max: number) =>
  text({ error: `Veuillez indiquer ${label}.` })
    .trim()
    .min(1, `Veuillez indiquer ${label}.`)
    .max(max, `Ce champ ne peut pas dépasser ${max} caractères.`);

/** `POST /api/contact`: every field is required; `website` is a honeypot people never see. */
export const ContactRequest = z
  .object({
    name: required('votre nom', CONTACT_LIMITS.name),
    company: required('votre société', CONTACT_LIMITS.company),
    email: Email,
    message: required('votre message', CONTACT_LIMITS.message),
    consent: z.literal(true, {
      error: 'Veuillez accepter la politique de confidentialité pour envoyer votre message.',
    }),
    /** Honeypot: hidden from people and assistive technologies; a robot that fills it is refused. */
    website: text().max(500).optional(),
    /** Milliseconds between the form appearing and its submission, measured by the page. */
    fillTimeMs: z.number().int().min(0).max(86_400_000).optional(),
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactReceipt = z
  .object({ id: z.string(), receivedAt: z.string() })
  .meta({ id: 'ContactReceipt' });
export type ContactReceipt = z.infer<typeof ContactReceipt>;

/** One message of the back-office contact inbox. */
export const ContactMessage = z
  .object({
    id: z.string(),
    receivedAt: z.string(),
    name: z.string(),
    company: z.string(),
    email: z.string(),
    message: z.string(),
    /** When an operator marked it handled (« Marquer comme traité »), and who. */
    handledAt: z.string().nullable(),
    handledBy: z.string().nullable(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof ContactMessage>;

export const ContactMessagesQuery = z.object({
  /** `open`: not handled yet; `handled`; absent: every message. Newest first in each case. */
  state: z.enum(['open', 'handled']).optional(),
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ContactMessagesQuery = z.infer<typeof ContactMessagesQuery>;

export const ContactMessagesPage = z
  .object({ items: z.array(ContactMessage), nextCursor: z.string().nullable() })
  .meta({ id: 'ContactMessagesPage' });
export type ContactMessagesPage = z.infer<typeof ContactMessagesPage>;
