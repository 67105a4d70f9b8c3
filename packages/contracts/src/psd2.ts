// Open banking (PSD2, docs/psd2.md): what the customer and the back office see of third parties
// (TPPs) — the authorisation page a TPP redirects to, « Accès tiers » (the permissions dashboard),
// the TPPs seen — and the sandbox's certificate issuer. The TPPs' own interface (Berlin Group
// NextGenPSD2, under /psd2/v1) is described in psd2-interface.ts.
import { z } from 'zod';
import { PayeeVerification } from './beneficiaries.ts';
import { AmountCents, Id, IsoDateTime, text } from './common.ts';
import type { Psd2PaymentScaDetails } from './sca.ts';

/** The PSD2 roles a TPP's certificate may carry (ETSI TS 119 495). */
export const PspRole = z.enum(['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC']);
export type PspRole = z.infer<typeof PspRole>;

const IsoDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ attendue.');

/**
 * What a consent lets the TPP do: read the accounts, their balances, their operations (account
 * information), or ask whether an amount is available (`funds`: confirmation of funds, for a card
 * issuer).
 */
export const ConsentScope = z.enum(['accounts', 'balances', 'transactions', 'funds']);
export type ConsentScope = z.infer<typeof ConsentScope>;

export const Psd2ConsentStatus = z.enum([
  'received',
  'valid',
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
]);
export type Psd2ConsentStatus = z.infer<typeof Psd2ConsentStatus>;

export const Psd2Tpp = z.object({ name: z.string(), organisationId: z.string() });

/** One of the customer's accounts, as the authorisation page offers it. */
export const Psd2AccountChoice = z.object({
  id: Id,
  iban: z.string(),
  name: z.string(),
  /** Named by the TPP's request (a consent for given accounts): checked and fixed. */
  requested: z.boolean(),
  /** What the TPP would get on this account (a TPP naming its accounts asks per account). */
  scopes: z.array(ConsentScope),
});

/** The payment products of the interface: a SEPA credit transfer, or an instant one. */
export const PSD2_PAYMENT_PRODUCTS = ['sepa-credit-transfers', 'instant-sepa-credit-transfers'] as const;
export const Psd2PaymentProduct = z.enum(PSD2_PAYMENT_PRODUCTS);
export type Psd2PaymentProduct = z.infer<typeof Psd2PaymentProduct>;

/** A payment a TPP initiates, as the customer is asked to authorise it. */
export const Psd2PaymentTerms = z.object({
  product: Psd2PaymentProduct,
  amount: AmountCents,
  creditorName: z.string(),
  /** Electronic format (no spaces). */
  creditorIban: z.string(),
  creditorBic: z.string().nullable(),
  reference: z.string(),
  /** A later day the TPP asked for; null: now (instant) or standard timing. */
  executionDate: IsoDay.nullable(),
  /** Verification of Payee on the creditor's name and IBAN, as when adding a beneficiary. */
  verification: PayeeVerification,
});
export type Psd2PaymentTerms = z.infer<typeof Psd2PaymentTerms>;

/**
 * The details a TPP's payment is bound to when the customer approves it from `accountId`: the page
 * builds its challenge with it, the server checks the token against it.
 */
export const psd2PaymentScaDetails = (
  authorisationId: string,
  accountId: string,
  payment: Pick<Psd2PaymentTerms, 'amount' | 'creditorIban' | 'creditorName' | 'executionDate' | 'product'>,
): Psd2PaymentScaDetails => ({
  authorisationId,
  accountId,
  amount: payment.amount,
  payeeIban: payment.creditorIban,
  payeeName: payment.creditorName,
  executionDate: payment.executionDate,
  rail: payment.product === 'instant-sepa-credit-transfers' ? 'instant' : 'sepa',
});

/**
 * What the customer is asked on `/psd2/autorisation/{id}`: a consent (account information) or a
 * payment, never both. `decoupled`: the TPP asked the customer to decide in the bank's app (no
 * redirect back; the TPP learns the outcome by asking).
 */
export const Psd2Authorisation = z
  .object({
    id: Id,
    tpp: Psd2Tpp,
    status: z.enum(['received', 'finalised', 'failed']),
    expiresAt: IsoDateTime,
    decoupled: z.boolean(),
    payment: Psd2PaymentTerms.nullable(),
    consent: z
      .object({
        /** Given accounts (`accounts`), or the customer chooses (`availableAccounts`: the list only; `allPsd2`: everything). */
        kind: z.enum(['accounts', 'availableAccounts', 'allPsd2']),
        scopes: z.array(ConsentScope),
        recurring: z.boolean(),
        validUntil: IsoDay,
        frequencyPerDay: z.number().int(),
      })
      .nullable(),
    /** A consent's accounts to choose from; a payment's one account to debit. */
    accounts: z.array(Psd2AccountChoice),
  })
  .meta({ id: 'Psd2Authorisation' });
export type Psd2Authorisation = z.infer<typeof Psd2Authorisation>;

export const ApprovePsd2AuthorisationRequest = z
  .object({ accountIds: z.array(Id).min(1).max(20) })
  .meta({ id: 'ApprovePsd2AuthorisationRequest' });
export type ApprovePsd2AuthorisationRequest = z.infer<typeof ApprovePsd2AuthorisationRequest>;

/**
 * Where the browser goes next: back to the TPP (its redirect or its « not OK » address); none for
 * a decoupled authorisation. A payment's `paymentStatus` says what became of it (an instant one has
 * had the rail's answer).
 */
export const Psd2AuthorisationOutcome = z
  .object({
    status: z.enum(['finalised', 'failed']),
    redirectUri: z.string().nullable(),
    paymentStatus: z.enum(['RCVD', 'ACTC', 'ACSP', 'ACSC', 'RJCT', 'CANC']).nullable(),
  })
  .meta({ id: 'Psd2AuthorisationOutcome' });
export type Psd2AuthorisationOutcome = z.infer<typeof Psd2AuthorisationOutcome>;

/** A request a TPP asked the customer to decide in the app (the decoupled approach), still open. */
export const Psd2PendingAuthorisation = z.object({
  id: Id,
  tpp: Psd2Tpp,
  kind: z.enum(['consent', 'payment']),
  /** A payment's amount, else null. */
  amount: AmountCents.nullable(),
  expiresAt: IsoDateTime,
});
export type Psd2PendingAuthorisation = z.infer<typeof Psd2PendingAuthorisation>;
export const Psd2PendingAuthorisationList = z
  .array(Psd2PendingAuthorisation)
  .meta({ id: 'Psd2PendingAuthorisationList' });

/** Live: a TPP asked the customer to decide in the app, or that request was decided or expired. */
export const Psd2AuthorisationLiveEvent = z.object({
  type: z.literal('psd2_authorisation'),
  authorisation: Psd2PendingAuthorisation.extend({ status: z.enum(['received', 'finalised', 'failed']) }),
});
export type Psd2AuthorisationLiveEvent = z.infer<typeof Psd2AuthorisationLiveEvent>;

/** One access a TPP holds, as « Accès tiers » lists it (the PSR's permissions dashboard). */
export const Psd2Consent = z
  .object({
    id: Id,
    tpp: Psd2Tpp,
    status: Psd2ConsentStatus,
    scopes: z.array(ConsentScope),
    /** The accounts granted, each with what the TPP may do on it. */
    accounts: z.array(
      z.object({ id: Id, iban: z.string(), name: z.string(), scopes: z.array(ConsentScope) }),
    ),
    recurring: z.boolean(),
    frequencyPerDay: z.number().int(),
    grantedAt: IsoDateTime.nullable(),
    validUntil: IsoDay,
    /** When a new strong authentication through this TPP is due (RTS art. 10a: 180 days). */
    scaRenewalDue: IsoDateTime.nullable(),
    lastAccessAt: IsoDateTime.nullable(),
    endedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Psd2Consent' });
export type Psd2Consent = z.infer<typeof Psd2Consent>;
export const Psd2ConsentList = z.array(Psd2Consent).meta({ id: 'Psd2ConsentList' });

/** A TPP the interface has seen, for the back office. */
export const Psd2TppSeen = z
  .object({
    id: Id,
    name: z.string(),
    organisationId: z.string(),
    authorityId: z.string(),
    roles: z.array(PspRole),
    firstSeenAt: IsoDateTime,
    lastSeenAt: IsoDateTime,
    activeConsents: z.number().int(),
    blockedAt: IsoDateTime.nullable(),
    blockedReason: z.string().nullable(),
  })
  .meta({ id: 'Psd2TppSeen' });
export type Psd2TppSeen = z.infer<typeof Psd2TppSeen>;
export const Psd2TppList = z.array(Psd2TppSeen).meta({ id: 'Psd2TppList' });

/**
 * The customer lets a card issuer (a TPP with the PSP_IC role, known by its identifier) ask whether
 * an amount is available on one account, until a date: answered yes or no, never the balance.
 */
export const CreatePsd2FundsConsentRequest = z
  .object({
    organisationId: text()
      .trim()
      .toUpperCase()
      .regex(/^PSD[A-Z]{2}-[A-Z]{2,8}-[A-Z0-9-]{1,40}$/, 'Identifiant attendu : PSDFR-ACPR-12345.'),
    accountId: Id,
    validUntil: IsoDay,
  })
  .meta({ id: 'CreatePsd2FundsConsentRequest' });
export type CreatePsd2FundsConsentRequest = z.infer<typeof CreatePsd2FundsConsentRequest>;

export const BlockPsd2TppRequest = z
  .object({ reason: text().trim().min(5, 'Indiquez le motif (5 caractères au moins).').max(500) })
  .meta({ id: 'BlockPsd2TppRequest' });

/** Sandbox: a TPP certificate signed by the sandbox's test authority. */
export const Psd2CertificateRequest = z
  .object({
    organisationId: text()
      .trim()
      .regex(/^PSD[A-Z]{2}-[A-Z]{2,8}-[A-Za-z0-9-]{1,40}$/, 'Identifiant attendu : PSDFR-ACPR-12345.'),
    name: text().trim().min(1).max(64),
    roles: z.array(PspRole).min(1).max(4),
  })
  .meta({ id: 'Psd2CertificateRequest' });
export type Psd2CertificateRequest = z.infer<typeof Psd2CertificateRequest>;
export const Psd2Certificate = z
  .object({ certificate: z.string(), privateKey: z.string(), authority: z.string() })
  .meta({ id: 'Psd2Certificate' });
