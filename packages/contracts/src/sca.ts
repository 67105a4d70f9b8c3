// Strong customer authentication (PSD2 SCA with dynamic linking, docs/product/profile-and-security.md#strong-authentication).
//
// A protected call (adding a beneficiary, a transfer, revealing a card, removing a second factor,
// downloading all one's data)
// carries `X-SCA-Token`: a single-use token, valid 5 minutes, obtained by verifying a challenge that
// was created for the exact action and details of that call. The server recomputes the details from
// the call itself (e.g. the beneficiary's IBAN and name, the amount, the execution date and the
// repetition) and refuses a token made for anything else with 401 `sca_required`.
import { z } from 'zod';
import { normalizeIban } from '@comptoir/core';
import { AmountCents, Id, IsoDateTime, text } from './common.ts';
import { TransferRepeat, type CreateTransferRequest } from './transfers.ts';

/** Everything the customer agrees to when ordering a transfer (dynamic linking, RTS art. 5). */
export const TransferScaDetails = z.object({
  amount: AmountCents.positive(),
  /** Electronic format (no spaces, upper case). */
  payeeIban: text().min(15).max(34),
  payeeName: text().min(1).max(70),
  /** YYYY-MM-DD (Europe/Paris): the day asked for, or the day of the order when none is. */
  executionDate: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The monthly repetition (frequency, end date or count), or null for a single transfer. */
  repeat: TransferRepeat.nullable(),
});
export type TransferScaDetails = z.infer<typeof TransferScaDetails>;

/**
 * The details a transfer order is bound to, from the order itself and its payee: the browser builds
 * its challenge with it, the server checks the token against it. `today` is the order's day in
 * Europe/Paris, the execution date of a transfer that names none.
 */
export function transferScaDetails(
  order: Pick<CreateTransferRequest, 'amount' | 'executionDate' | 'repeat'>,
  payee: { iban: string; name: string },
  today: string,
): TransferScaDetails {
  const { repeat } = order;
  return {
    amount: order.amount,
    payeeIban: normalizeIban(payee.iban),
    payeeName: payee.name,
    executionDate: order.executionDate ?? today,
    repeat: repeat
      ? {
          frequency: repeat.frequency,
          ...(repeat.endDate !== undefined ? { endDate: repeat.endDate } : {}),
          ...(repeat.count !== undefined ? { count: repeat.count } : {}),
        }
      : null,
  };
}
export const BeneficiaryScaDetails = z.object({ iban: text().min(15).max(34) });
export const CardRevealScaDetails = z.object({ cardId: Id });
export const FactorRemovalScaDetails = z.object({ factorId: Id });
/** Adding a second factor when the customer already has one: confirmed with an existing factor. */
export const FactorEnrolmentScaDetails = z.object({ method: z.enum(['totp', 'passkey']) });
/** Downloading all one's data (`GET /api/me/data-export`): nothing to bind but the action itself. */
export const DataExportScaDetails = z.object({}).strict();
/** Approving an online card payment (3-D Secure): bound to the payment, its amount and its merchant. */
export const CardAuthenticationScaDetails = z.object({
  authenticationId: Id,
  amount: AmountCents.positive(),
  merchant: text().min(1).max(70),
});

/**
 * Granting a TPP's access to account information (PSD2): bound to the request, the accounts chosen,
 * until when and how often (RTS art. 5).
 */
export const Psd2ConsentScaDetails = z.object({
  authorisationId: Id,
  accountIds: z.array(Id).min(1).max(20),
  validUntil: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  frequencyPerDay: z.number().int().min(1).max(4),
});

/** Letting a card issuer confirm funds on one account until a date (PSD2 art. 65). */
export const Psd2FundsConsentScaDetails = z.object({
  organisationId: text().min(1).max(64),
  accountId: Id,
  validUntil: text().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/**
 * A payment a TPP initiated (PSD2): bound to the authorisation, the account debited, the amount, the
 * payee, the day and the rail (RTS art. 5). `executionDate` null: now or standard timing.
 */
export const Psd2PaymentScaDetails = z.object({
  authorisationId: Id,
  accountId: Id,
  amount: AmountCents.positive(),
  payeeIban: text().min(15).max(34),
  payeeName: text().min(1).max(70),
  executionDate: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** A text, not a flag: the details' canonical form keeps texts, numbers and null. */
  rail: z.enum(['instant', 'sepa']),
});
export type Psd2PaymentScaDetails = z.infer<typeof Psd2PaymentScaDetails>;

/** What the customer is asked to approve: the action and its exact details (dynamic linking). */
export const ScaChallengeRequest = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('transfer'), details: TransferScaDetails }),
    z.object({ action: z.literal('beneficiary'), details: BeneficiaryScaDetails }),
    z.object({ action: z.literal('card_reveal'), details: CardRevealScaDetails }),
    z.object({ action: z.literal('factor_removal'), details: FactorRemovalScaDetails }),
    z.object({ action: z.literal('factor_enrolment'), details: FactorEnrolmentScaDetails }),
    z.object({ action: z.literal('data_export'), details: DataExportScaDetails }),
    z.object({ action: z.literal('card_authentication'), details: CardAuthenticationScaDetails }),
    z.object({ action: z.literal('psd2_consent'), details: Psd2ConsentScaDetails }),
    z.object({ action: z.literal('psd2_funds_consent'), details: Psd2FundsConsentScaDetails }),
    z.object({ action: z.literal('psd2_payment'), details: Psd2PaymentScaDetails }),
  ])
  .meta({ id: 'ScaChallengeRequest' });
export type ScaChallengeRequest = z.infer<typeof ScaChallengeRequest>;
export type ScaAction = ScaChallengeRequest['action'];
export const SCA_ACTIONS = [
  'transfer',
  'beneficiary',
  'card_reveal',
  'factor_removal',
  'factor_enrolment',
  'data_export',
  'card_authentication',
  'psd2_consent',
  'psd2_funds_consent',
  'psd2_payment',
] as const satisfies readonly ScaAction[];
/** The details of one action, as the protected call must match them. */
export type ScaDetails<A extends ScaAction> = Extract<ScaChallengeRequest, { action: A }>['details'];

export const ScaFactorType = z.enum(['totp', 'passkey']);
export type ScaFactorType = z.infer<typeof ScaFactorType>;

// ---------------------------------------------------------------------------------------------
// Second factors (docs/product/profile-and-security.md#strong-authentication), challenges and the login's second step.

const Base64Url = text()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Valeur base64url attendue.');

/** A six-digit code of an authenticator app (RFC 6238). */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Le code de vérification compte 6 chiffres.');

/** One of the customer's second factors, as the profile lists it. */
export const ScaFactor = z
  .object({
    id: z.string(),
    type: ScaFactorType,
    name: z.string(),
    createdAt: IsoDateTime,
    lastUsedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'ScaFactor' });
export type ScaFactor = z.infer<typeof ScaFactor>;
export const ScaFactorList = z.array(ScaFactor).meta({ id: 'ScaFactorList' });

/** `PATCH /api/sca/factors/{id}`: a new name. */
export const RenameScaFactorRequest = z
  .object({ name: text().trim().min(1, 'Donnez un nom à ce facteur.').max(60) })
  .meta({ id: 'RenameScaFactorRequest' });
export type RenameScaFactorRequest = z.infer<typeof RenameScaFactorRequest>;

/** `POST /api/sca/totp/enroll` → the secret to scan (otpauth:// URI) or type (base32). */
export const TotpEnrolment = z
  .object({ factorId: z.string(), secret: z.string(), uri: z.string() })
  .meta({ id: 'TotpEnrolment' });
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

/** `POST /api/sca/totp/confirm`: the first code the app shows; activates the factor. */
export const TotpConfirmRequest = z
  .object({ code: TotpCode, name: text().trim().min(1).max(60).optional() })
  .meta({ id: 'TotpConfirmRequest' });
export type TotpConfirmRequest = z.infer<typeof TotpConfirmRequest>;

const CredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** WebAuthn `PublicKeyCredentialRequestOptionsJSON` (what `startAuthentication` takes). */
export const PasskeyRequestOptions = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(CredentialDescriptor).optional(),
    userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
  })
  .meta({ id: 'PasskeyRequestOptions' });
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

/** WebAuthn `PublicKeyCredentialCreationOptionsJSON` (what `startRegistration` takes). */
export const PasskeyCreationOptions = z
  .object({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(CredentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
      })
      .optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  })
  .meta({ id: 'PasskeyCreationOptions' });
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;

const Transports = z.array(text().max(20)).max(10);

/** WebAuthn `AuthenticationResponseJSON` (what `startAuthentication` resolves with). */
export const PasskeyAssertion = z
  .object({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: Base64Url,
      authenticatorData: Base64Url,
      signature: Base64Url,
      userHandle: Base64Url.optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.object({}).optional(),
  })
  .meta({ id: 'PasskeyAssertion' });
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

/** WebAuthn `RegistrationResponseJSON` (what `startRegistration` resolves with). */
export const PasskeyAttestation = z
  .object({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: Base64Url,
      attestationObject: Base64Url,
      authenticatorData: Base64Url.optional(),
      transports: Transports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: Base64Url.optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.object({}).optional(),
  })
  .meta({ id: 'PasskeyAttestation' });
export type PasskeyAttestation = z.infer<typeof PasskeyAttestation>;

/** `POST /api/sca/passkeys`: the new credential and the name the customer gives it. */
export const PasskeyRegistrationRequest = z
  .object({ name: text().trim().min(1).max(60).optional(), credential: PasskeyAttestation })
  .meta({ id: 'PasskeyRegistrationRequest' });
export type PasskeyRegistrationRequest = z.infer<typeof PasskeyRegistrationRequest>;

export const ScaMethod = z.enum(['totp', 'passkey']);
export type ScaMethod = z.infer<typeof ScaMethod>;

/** One value of a challenge's canonical details: a text, a number, null, or a group of them (a repetition). */
export const ScaDetailValue = z.union([
  z.string(),
  z.number(),
  z.null(),
  z.record(z.string(), z.union([z.string(), z.number()])),
]);
export type ScaDetailValue = z.infer<typeof ScaDetailValue>;

/**
 * `POST /api/sca/challenges` → the challenge to approve. With a passkey, the WebAuthn challenge
 * is SHA-256(action, canonical details, nonce): the signature covers what the customer saw.
 */
export const ScaChallenge = z
  .object({
    id: z.string(),
    action: z.enum(SCA_ACTIONS),
    details: z.record(z.string(), ScaDetailValue),
    expiresAt: IsoDateTime,
    methods: z.array(ScaMethod),
    passkey: PasskeyRequestOptions.optional(),
  })
  .meta({ id: 'ScaChallenge' });
export type ScaChallenge = z.infer<typeof ScaChallenge>;

/** A TOTP code or a passkey assertion: verifies a challenge, or the login's second step. */
export const ScaProof = z
  .union([z.object({ code: TotpCode }), z.object({ passkey: PasskeyAssertion })])
  .meta({ id: 'ScaProof' });
export type ScaProof = z.infer<typeof ScaProof>;

/** `POST /api/sca/challenges/{id}/verify` → the single-use token for `X-SCA-Token` (5 min). */
export const ScaVerification = z
  .object({ scaToken: z.string(), expiresAt: IsoDateTime })
  .meta({ id: 'ScaVerification' });
export type ScaVerification = z.infer<typeof ScaVerification>;

/** What `POST /api/auth/login` asks for after a right password when the customer has a factor. */
export const LoginSecondFactor = z
  .object({ methods: z.array(ScaMethod), passkey: PasskeyRequestOptions.optional() })
  .meta({ id: 'LoginSecondFactor' });
export type LoginSecondFactor = z.infer<typeof LoginSecondFactor>;
