// The request bodies and parameters of the PSD2 interface for TPPs (Berlin Group NextGenPSD2
// 1.3.x, under /psd2/v1; docs/psd2.md). Unknown optional members and parameters are accepted and
// ignored, as the standard asks; what is read is checked.
import { z } from 'zod';

const Iban = z
  .string()
  .max(42)
  .transform((v) => v.replace(/\s+/g, '').toUpperCase());
const AccountReference = z.looseObject({ iban: Iban, currency: z.string().max(3).optional() });
const References = z.array(AccountReference).max(20);
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `POST /consents`: NextGenPSD2 IG §6.3.1.1. */
export const Psd2ConsentsRequest = z.looseObject({
  access: z.looseObject({
    accounts: References.optional(),
    balances: References.optional(),
    transactions: References.optional(),
    availableAccounts: z.enum(['allAccounts', 'allAccountsWithOwnerName']).optional(),
    availableAccountsWithBalance: z.enum(['allAccounts', 'allAccountsWithOwnerName']).optional(),
    allPsd2: z.enum(['allAccounts', 'allAccountsWithOwnerName']).optional(),
  }),
  recurringIndicator: z.boolean(),
  validUntil: IsoDay,
  frequencyPerDay: z.number().int().min(1).max(1000),
  combinedServiceIndicator: z.boolean().optional(),
});
export type Psd2ConsentsRequest = z.infer<typeof Psd2ConsentsRequest>;

/** `GET /accounts/{id}/transactions`: IG §6.3.4. */
export const Psd2TransactionsQuery = z.looseObject({
  bookingStatus: z.enum(['booked', 'pending', 'both', 'information', 'all']),
  dateFrom: IsoDay.optional(),
  dateTo: IsoDay.optional(),
  withBalance: z.enum(['true', 'false']).optional(),
  /** The page after which to read (from `_links.next`). */
  page: z.string().max(100).optional(),
});
export type Psd2TransactionsQuery = z.infer<typeof Psd2TransactionsQuery>;

/** `POST /funds-confirmations`: IG §7 (confirmation of funds, PIIS). */
export const Psd2FundsConfirmationRequest = z.looseObject({
  cardNumber: z.string().max(35).optional(),
  account: AccountReference,
  payee: z.string().max(70).optional(),
  instructedAmount: z.looseObject({
    currency: z.string().regex(/^[A-Z]{3}$/),
    amount: z.string().regex(/^\d{1,14}(\.\d{1,2})?$/),
  }),
});
export type Psd2FundsConfirmationRequest = z.infer<typeof Psd2FundsConfirmationRequest>;

/**
 * `POST /payments/{payment-product}`: IG §5.3 (a single SEPA or instant SEPA credit transfer). The
 * amount is in euros with at most two decimals; `requestedExecutionDate`, a later day, is offered
 * for the SEPA credit transfer only.
 */
export const Psd2PaymentRequest = z.looseObject({
  endToEndIdentification: z.string().max(35).optional(),
  debtorAccount: AccountReference,
  instructedAmount: z.looseObject({
    currency: z.literal('EUR'),
    amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  }),
  creditorAccount: AccountReference,
  creditorName: z.string().trim().min(1).max(70),
  creditorAgent: z
    .string()
    .regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/)
    .optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
  requestedExecutionDate: IsoDay.optional(),
});
export type Psd2PaymentRequest = z.infer<typeof Psd2PaymentRequest>;
