// Onboarding contracts (docs/product/onboarding.md).
//
// Decisions the web and the server share:
// - The application (docs/product/onboarding.md) is identified by the opaque cookie
//   `__Host-comptoir-app` (HttpOnly, Secure, SameSite=Strict, Path=/), set by `POST /api/onboarding`.
//   Everything before step 6 attaches to it. The browser never sees an application id.
// - `POST /api/onboarding/submit` (step 6) opens no session: the application cookie stays bound to
//   the submitted application and the web routes to `/check-your-mailbox` with the `emailMasked` of
//   this response. Status, body, cookies and the work done are the same whether or not the e-mail
//   already belongs to a customer (no account enumeration): an already-registered address gets the
//   « compte déjà existant » mail instead. The verification link opens the applicant's first session,
//   only in the browser holding that application's cookie.
// - The verification link in the mail is `${publicUrl}/check-your-mailbox?token=…`; that page posts
//   `POST /api/auth/verify-email {token}` (no session needed: the token alone verifies the address).
// - Uploads: `POST /api/onboarding/documents`, multipart/form-data with the text field `kind` and the
//   file field `file` (any order; kind first is customary). One file per call, ≤ 10 MB,
//   JPEG/PNG/HEIC/PDF recognised by content. Uploading a kind again replaces the previous file of
//   that kind. Before submit the application cookie authorises the call; after submit only a customer
//   session in status `corrections_requested` may upload (re-upload of requested documents).
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordWeakness } from '@comptoir/core';
import { CustomerStatus } from './auth.ts';
import { COUNTRY_SET } from './countries.ts';
import { text } from './common.ts';

/** French messages of docs/product/onboarding.md (the web shows these exact strings). */
export const ONBOARDING_MESSAGES = {
  required: 'Veuillez remplir tous les champs',
  emailRequired: 'Veuillez entrer votre adresse email',
  emailInvalid: 'Veuillez entrer une adresse email valide.',
  passwordMismatch: 'Les mots de passe ne correspondent pas !',
  underage: 'Vous devez avoir au moins 18 ans pour ouvrir un compte.',
  birthDateInvalid: 'Veuillez entrer une date de naissance valide (AAAA-MM-JJ).',
  phoneInvalid: 'Veuillez entrer un numéro de téléphone au format international, par exemple +33612345678.',
  countryInvalid: 'Veuillez choisir un pays dans la liste.',
  bothIdFiles: 'Veuillez renseigner les deux fichiers.',
  fileMissing: 'Veuillez sélectionner un fichier.',
  fileTooLarge: 'Le fichier dépasse la taille maximale de 10 Mo.',
  fileType: 'Format non pris en charge : seuls les fichiers JPEG, PNG, HEIC et PDF sont acceptés.',
  selfieNotAPhoto:
    'Le selfie doit être une photo de vous (JPEG, PNG ou HEIC) : un document PDF n’est pas accepté.',
} as const;

export const Country = text({ error: ONBOARDING_MESSAGES.required })
  .trim()
  .toUpperCase()
  .min(1, ONBOARDING_MESSAGES.required)
  .refine((code) => COUNTRY_SET.has(code), ONBOARDING_MESSAGES.countryInvalid);

/** Monthly net income ranges of step 1 (« revenus »), stored as the key. */
export const INCOME_RANGES = ['lt_1500', '1500_3000', '3000_5000', '5000_10000', 'gt_10000'] as const;
export const IncomeRange = z.enum(INCOME_RANGES, { error: ONBOARDING_MESSAGES.required });
export type IncomeRange = z.infer<typeof IncomeRange>;
/** French label of each range (web select and back-office identity panel). */
export const INCOME_RANGE_LABELS: Record<IncomeRange, string> = {
  lt_1500: 'Moins de 1 500 € par mois',
  '1500_3000': 'De 1 500 € à 3 000 € par mois',
  '3000_5000': 'De 3 000 € à 5 000 € par mois',
  '5000_10000': 'De 5 000 € à 10 000 € par mois',
  gt_10000: 'Plus de 10 000 € par mois',
};

const requiredText = (max: number) =>
  text({ error: ONBOARDING_MESSAGES.required }).trim().min(1, ONBOARDING_MESSAGES.required).max(max);

/** Step 1 — `POST /api/onboarding` (201, sets the application cookie; replaces any previous application). */
export const OnboardingStartRequest = z.object({
  country: Country,
  income: IncomeRange,
  profession: requiredText(100),
});
export type OnboardingStartRequest = z.infer<typeof OnboardingStartRequest>;

/** Step 3 e-mail: required, then syntax. */
export const OnboardingEmail = text({ error: ONBOARDING_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, ONBOARDING_MESSAGES.emailRequired)
  .max(254, ONBOARDING_MESSAGES.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ONBOARDING_MESSAGES.emailInvalid);
/** The /inscription3 form. */
export const OnboardingEmailForm = z.object({ email: OnboardingEmail });
export type OnboardingEmailForm = z.infer<typeof OnboardingEmailForm>;

export const IDENTITY_DOCUMENT_TYPES = ['id_card', 'passport'] as const;
export const IdentityDocumentType = z.enum(IDENTITY_DOCUMENT_TYPES, { error: ONBOARDING_MESSAGES.required });
export type IdentityDocumentType = z.infer<typeof IdentityDocumentType>;
/** The /inscription5 form (country of issue, then « Carte d'identité » or « Passeport »). */
export const OnboardingDocumentChoiceForm = z.object({
  documentCountry: Country,
  documentType: IdentityDocumentType,
});
export type OnboardingDocumentChoiceForm = z.infer<typeof OnboardingDocumentChoiceForm>;

/** `PATCH /api/onboarding` — step 3 and/or step 5 data (at least one field). 200 → OnboardingState. */
export const OnboardingUpdateRequest = z
  .object({
    email: OnboardingEmail.optional(),
    documentCountry: Country.optional(),
    documentType: IdentityDocumentType.optional(),
  })
  .refine(
    (body) =>
      body.email !== undefined || body.documentCountry !== undefined || body.documentType !== undefined,
    ONBOARDING_MESSAGES.required,
  );
export type OnboardingUpdateRequest = z.infer<typeof OnboardingUpdateRequest>;

export const DOCUMENT_KINDS = ['id_front', 'id_back', 'passport', 'selfie', 'proof_of_address'] as const;
export const DocumentKind = z.enum(DOCUMENT_KINDS, { error: 'Type de document inconnu.' });
export type DocumentKind = z.infer<typeof DocumentKind>;
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  id_front: 'Carte d’identité (recto)',
  id_back: 'Carte d’identité (verso)',
  passport: 'Passeport',
  selfie: 'Selfie',
  proof_of_address: 'Justificatif de domicile',
};
/** The kinds a complete application needs for a document type. */
export function requiredDocumentKinds(type: IdentityDocumentType | null): DocumentKind[] {
  const identity: DocumentKind[] = type === 'passport' ? ['passport'] : ['id_front', 'id_back'];
  return [...identity, 'selfie', 'proof_of_address'];
}

/** Stored MIME types (HEIC is re-encoded to JPEG when the server can decode it). */
export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'] as const;
export const DocumentMime = z.enum(DOCUMENT_MIME_TYPES);
export type DocumentMime = z.infer<typeof DocumentMime>;
/** Largest accepted upload (10 MB = 10 × 1024 × 1024 bytes). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** `accept` attribute for the file inputs. */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.heic,.heif,application/pdf';
/** `accept` attribute for a selfie: a photo, never a PDF. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.heic,.heif';

/** One uploaded document as its owner sees it (`POST /api/onboarding/documents` → 201). */
export const OnboardingDocument = z
  .object({
    id: z.string(),
    kind: DocumentKind,
    mime: DocumentMime,
    size: z.number().int().meta({ description: 'Stored size in bytes (after re-encoding)' }),
    uploadedAt: z.string(),
  })
  .meta({ id: 'OnboardingDocument' });
export type OnboardingDocument = z.infer<typeof OnboardingDocument>;

/** Where the journey resumes (docs/product/paths.md). */
export const ONBOARDING_PATHS = [
  '/inscription1',
  '/inscription3',
  '/inscription5',
  '/signIdCard',
  '/signPassport',
  '/addselfie',
  '/justificatifdomicile',
  '/inscription6',
] as const;

/** `GET /api/onboarding` (application cookie) → the application so the UI can resume; 404 `not_found` without one. */
export const OnboardingState = z
  .object({
    country: z.string(),
    income: IncomeRange,
    profession: z.string(),
    emailMasked: z.string().nullable().meta({ description: 'e.g. j•••@exemple.fr; null before step 3' }),
    documentCountry: z.string().nullable(),
    documentType: IdentityDocumentType.nullable(),
    documents: z.array(OnboardingDocument).meta({ description: 'Current document of each kind uploaded' }),
    requiredDocumentKinds: z.array(DocumentKind),
    missingDocumentKinds: z.array(DocumentKind),
    steps: z.object({
      profile: z.boolean(),
      email: z.boolean(),
      documentChoice: z.boolean(),
      documents: z.boolean(),
    }),
    readyToSubmit: z.boolean(),
    nextPath: z.enum(ONBOARDING_PATHS),
    expiresAt: z.string().meta({ description: 'The application and its files are purged after this' }),
  })
  .meta({ id: 'OnboardingState' });
export type OnboardingState = z.infer<typeof OnboardingState>;

/** Today's date as YYYY-MM-DD in UTC. */
export const isoDate = (now: Date): string => now.toISOString().slice(0, 10);

/** Whole years between a YYYY-MM-DD birth date and a YYYY-MM-DD day (null when not a real date). */
export function ageOn(birthDate: string, today: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!m || !t) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const [ty, tmo, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  let age = ty - y;
  if (tmo < mo || (tmo === mo && td < d)) age -= 1;
  return age;
}
export const ADULT_AGE = 18;

export const BirthDate = text({ error: ONBOARDING_MESSAGES.required })
  .trim()
  .min(1, ONBOARDING_MESSAGES.required)
  .refine((value) => {
    const age = ageOn(value, isoDate(new Date()));
    return age !== null && age <= 130;
  }, ONBOARDING_MESSAGES.birthDateInvalid);

/** Phone in E.164; spaces, dots, dashes and parentheses typed by people are removed first. */
export const PhoneE164 = text({ error: ONBOARDING_MESSAGES.required })
  .trim()
  .min(1, ONBOARDING_MESSAGES.required)
  .overwrite((value) => value.replace(/[\s.()-]/g, ''))
  .regex(/^\+[1-9]\d{6,14}$/, ONBOARDING_MESSAGES.phoneInvalid);

export const GENDERS = ['male', 'female'] as const;
export const Gender = z.enum(GENDERS, { error: ONBOARDING_MESSAGES.required });
export type Gender = z.infer<typeof Gender>;

/**
 * Step 6 — `POST /api/onboarding/submit` (/inscription6). 18+ is checked against today here and, with
 * the server clock, again by the server. The password rule is core's `passwordWeakness` (French reason).
 */
export const OnboardingSubmitRequest = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    gender: Gender,
    birthDate: BirthDate,
    phone: PhoneE164,
    address: requiredText(200),
    postalCode: requiredText(20),
    city: requiredText(100),
    taxCountry: Country,
    taxId: requiredText(50),
    password: text({ error: ONBOARDING_MESSAGES.required }).min(1, ONBOARDING_MESSAGES.required).max(256),
    passwordConfirmation: text({ error: ONBOARDING_MESSAGES.required })
      .min(1, ONBOARDING_MESSAGES.required)
      .max(256),
  })
  .superRefine((form, issues) => {
    const age = ageOn(form.birthDate, isoDate(new Date()));
    if (age !== null && age < ADULT_AGE) {
      issues.addIssue({ code: 'custom', path: ['birthDate'], message: ONBOARDING_MESSAGES.underage });
    }
    const weakness = passwordWeakness(form.password, [form.firstName, form.lastName]);
    if (weakness) issues.addIssue({ code: 'custom', path: ['password'], message: weakness });
    if (form.password !== form.passwordConfirmation) {
      issues.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: ONBOARDING_MESSAGES.passwordMismatch,
      });
    }
  });
export type OnboardingSubmitRequest = z.infer<typeof OnboardingSubmitRequest>;
export { PASSWORD_MIN_LENGTH };

/**
 * `POST /api/onboarding/submit` → 201, identical whether the e-mail is new or already registered.
 * The web then reloads `GET /api/me` and goes to `/check-your-mailbox`.
 */
export const OnboardingSubmitResponse = z
  .object({ emailMasked: z.string(), next: z.literal('/check-your-mailbox') })
  .meta({ id: 'OnboardingSubmitResponse' });
export type OnboardingSubmitResponse = z.infer<typeof OnboardingSubmitResponse>;

/**
 * `POST /api/auth/verify-email` {token} → 200 {status: 'pending_review', signedIn}; 400
 * `invalid_token` when used/expired. `signedIn`: the link was opened in the browser that submitted
 * the application, which now holds the applicant's first session.
 */
export const VerifyEmailRequest = z.object({ token: text().min(16).max(200) });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
export const VerifyEmailResponse = z.object({ status: CustomerStatus, signedIn: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;
/**
 * `POST /api/auth/verify-email/resend` (application cookie of a submitted application) → 202 `{}`;
 * 404 when the cookie designates none; 429 `rate_limited` (60 s apart, 5 an hour).
 */

/**
 * `GET /api/onboarding/corrections` (customer session, status corrections_requested) → what the
 * operator asked. Re-upload with `POST /api/onboarding/documents`, then
 * `POST /api/onboarding/corrections/submit` → 200 {status: 'pending_review'}
 * (409 `conflict` while a requested document kind has not been uploaded again).
 */
export const OnboardingCorrections = z
  .object({
    requestedAt: z.string(),
    reasons: z.array(z.string()),
    documentKinds: z.array(DocumentKind),
    uploadedKinds: z.array(DocumentKind).meta({ description: 'Requested kinds already uploaded again' }),
    readyToSubmit: z.boolean(),
  })
  .meta({ id: 'OnboardingCorrections' });
export type OnboardingCorrections = z.infer<typeof OnboardingCorrections>;
export const OnboardingStatusResponse = z.object({ status: CustomerStatus });
export type OnboardingStatusResponse = z.infer<typeof OnboardingStatusResponse>;
