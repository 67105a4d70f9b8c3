import { z } from 'zod';
import { AmountCents, text } from './common.ts';

/** General-ledger accounts a manual entry may use as its counterpart (never a bare balance edit). */
export const MANUAL_ENTRY_GL_ACCOUNTS = ['gl:adjustments', 'gl:fees'] as const;
export const ManualEntryGlAccount = z.enum(MANUAL_ENTRY_GL_ACCOUNTS);
export const ManualEntryDirection = z.enum(['credit', 'debit']);
export const ManualEntryStatus = z.enum(['pending', 'posted', 'refused']);
/**
 * Why an entry waited for a second operator: its amount passed the threshold, or with what its maker
 * had booked alone over the last 24 hours it passed the threshold for this customer, or the maker's
 * daily limit over all customers.
 */
export const ManualEntryApprovalReason = z.enum(['amount', 'cumulative_customer', 'cumulative_operator']);
export type ManualEntryApprovalReason = z.infer<typeof ManualEntryApprovalReason>;

/** `POST /api/backoffice/customers/{id}/manual-entries` (admin, compliance; Idempotency-Key). */
export const ManualEntryRequest = z.object({
  amount: AmountCents.positive('Le montant doit être positif.').max(
    100_000_000,
    'Montant trop élevé (1 000 000 € au maximum).',
  ),
  direction: ManualEntryDirection,
  reason: text().trim().min(1, 'Le motif est obligatoire.').max(140),
  glAccount: ManualEntryGlAccount,
});
export type ManualEntryRequest = z.infer<typeof ManualEntryRequest>;

/** `POST /api/backoffice/manual-entries/{id}/refuse`. */
export const ManualEntryRefusal = z.object({ reason: text().trim().max(500).default('') });
export type ManualEntryRefusal = z.infer<typeof ManualEntryRefusal>;

export const ManualEntry = z
  .object({
    id: z.string(),
    customerId: z.string(),
    customerEmail: z.string(),
    accountId: z.string(),
    amount: AmountCents,
    direction: ManualEntryDirection,
    reason: z.string(),
    glAccount: ManualEntryGlAccount,
    status: ManualEntryStatus,
    makerId: z.string(),
    makerEmail: z.string(),
    checkerId: z.string().nullable(),
    checkerEmail: z.string().nullable(),
    refusalReason: z.string().nullable(),
    number: z.string().nullable().meta({ description: 'The ledger entry’s st- number once posted' }),
    approvalReason: ManualEntryApprovalReason.nullable().meta({
      description: 'Why it waited for a second operator; null when its maker posted it alone',
    }),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'ManualEntry' });
export type ManualEntry = z.infer<typeof ManualEntry>;

/** `GET /api/backoffice/manual-entries?status=pending` and `GET …/customers/{id}/manual-entries`. */
export const ManualEntriesQuery = z.object({ status: ManualEntryStatus.optional() });
export const ManualEntryList = z.object({
  items: z.array(ManualEntry),
  thresholdCents: AmountCents.meta({ description: 'Above this amount a second operator must approve' }),
  operatorDailyLimitCents: AmountCents.meta({
    description: 'Above this sum of one operator’s entries over 24 hours, a second operator must approve',
  }),
});
export type ManualEntryList = z.infer<typeof ManualEntryList>;

/** `POST /api/backoffice/customers/{id}/close` and `DELETE /api/backoffice/customers/{id}`. */
export const CloseCustomerResponse = z.object({
  id: z.string(),
  status: z.literal('closed'),
  closedAt: z.string(),
  cardsCancelled: z.number().int(),
  transfersCancelled: z.number().int(),
});
export type CloseCustomerResponse = z.infer<typeof CloseCustomerResponse>;
export const EraseCustomerResponse = z.object({ id: z.string(), erased: z.literal(true) });
export type EraseCustomerResponse = z.infer<typeof EraseCustomerResponse>;
