import { z } from 'zod';
import { AmountCents, text } from './common.ts';

/** A main account's type is its holder's; an Espace (sub-account, no IBAN) is a `space`. */
export const AccountType = z.enum(['individual', 'professional', 'space']);
export const Account = z
  .object({
    id: z.string(),
    iban: z.string().nullable(),
    bic: z.string(),
    name: z.string(),
    type: AccountType,
    kind: z.enum(['main', 'sub']),
    bookedBalance: AmountCents,
    availableBalance: AmountCents,
    /** ISO 8601 instant the account was opened: its statements start in that month. */
    openedAt: z.string(),
    /** An Espace's goal in cents, or null (always null for a main account). */
    goal: AmountCents.nullable(),
    /**
     * The customer's funds are frozen (an asset freeze in force): credits are still booked, no debit
     * goes through. The customer reads only the neutral ACCOUNT_FROZEN_MESSAGE, never why.
     */
    frozen: z.boolean(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

export const ENTRY_KINDS = ['transfer', 'card', 'direct_debit', 'adjustment', 'internal'] as const;

export const Operation = z
  .object({
    id: z.string(),
    number: z.string(),
    kind: z.enum(ENTRY_KINDS),
    status: z.enum(['pending', 'posted', 'voided']),
    amount: AmountCents.meta({ description: 'Signed: negative for a debit' }),
    balanceAfter: AmountCents.nullable(),
    counterpartyName: z.string().nullable(),
    counterpartyIban: z.string().nullable(),
    reference: z.string().nullable(),
    description: z.string().nullable(),
    createdAt: z.string(),
    postedAt: z.string().nullable(),
    rejectionReason: z.string().nullable().meta({
      description:
        'A transfer the other bank rejected (status voided: no money moved): the French reason, else null',
    }),
    initiatedVia: z.string().nullable().meta({
      description:
        'The third party (PSD2 payment initiation) through which the customer ordered it, shown « via … »; else null',
    }),
  })
  .meta({ id: 'Operation' });
export type Operation = z.infer<typeof Operation>;

export const OperationsQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: text().trim().max(100).optional().meta({
    description:
      'Search, case- and accent-insensitive: counterparty, reason, description, st- number; an amount in euros (« 12,50 ») too',
  }),
  month: text()
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'Mois attendu au format AAAA-MM')
    .optional()
    .meta({ description: 'YYYY-MM: operations dated (created_at) in that Europe/Luxembourg month' }),
});
export const OperationsPage = z.object({ items: z.array(Operation), nextCursor: z.string().nullable() });
export type OperationsPage = z.infer<typeof OperationsPage>;

/**
 * `GET /api/accounts/{id}/rib.pdf`: the account's bank details (relevé d'identité bancaire). Bytes,
 * not JSON: typed `unknown` so the server can send a buffer, documented as a binary string.
 */
export const RibPdf = z.unknown().meta({
  id: 'RibPdf',
  type: 'string',
  format: 'binary',
  description: 'Relevé d’identité bancaire, PDF A4 (attachment)',
});

/** Where the RIB of one of the signed-in customer's accounts is downloaded. */
export const ribPdfPath = (accountId: string): string =>
  `/api/accounts/${encodeURIComponent(accountId)}/rib.pdf`;
