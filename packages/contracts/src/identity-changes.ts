// Identity change requests (docs/product/profile-and-security.md#profil). A verified identity — first name, last name,
// birth date, tax residence — changes only through a request the bank reviews: the customer asks
// with a reason and a supporting document (onboarding's upload rules), compliance accepts or rejects
// it, and only an acceptance changes the customer's data. `PATCH /api/me` refuses these fields.
import { z } from 'zod';
import { text } from './common.ts';
import { BirthDate, Country, DocumentMime, ONBOARDING_MESSAGES } from './onboarding.ts';

/** The identity fields only a reviewed request changes (there is no nationality on file). */
export const IDENTITY_FIELDS = ['firstName', 'lastName', 'birthDate', 'taxCountry'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

export const IDENTITY_FIELD_LABELS: Record<IdentityField, string> = {
  firstName: 'Prénom',
  lastName: 'Nom',
  birthDate: 'Date de naissance',
  taxCountry: 'Résidence fiscale',
};

export const IDENTITY_CHANGE_MESSAGES = {
  notEditable:
    'Votre identité vérifiée (prénom, nom, date de naissance, résidence fiscale) ne se modifie pas ici : faites une demande de modification avec un justificatif depuis « Mon profil ».',
  nothingToChange: 'Indiquez au moins une information d’identité à modifier.',
  pending: 'Une demande de modification de votre identité est déjà en cours d’examen.',
  reasonRequired: 'Indiquez le motif de votre demande.',
} as const;

const Name = text({ error: ONBOARDING_MESSAGES.required })
  .trim()
  .min(1, ONBOARDING_MESSAGES.required)
  .max(100, '100 caractères au maximum.');
const Reason = text({ error: IDENTITY_CHANGE_MESSAGES.reasonRequired })
  .trim()
  .min(1, IDENTITY_CHANGE_MESSAGES.reasonRequired)
  .max(1000, 'Motif trop long (1 000 caractères au maximum).');

/**
 * The text fields of `POST /api/identity-change-requests` (multipart/form-data beside one `file`):
 * the identity fields to change (at least one) and the reason.
 */
export const CreateIdentityChangeRequest = z
  .object({
    firstName: Name.optional(),
    lastName: Name.optional(),
    birthDate: BirthDate.optional(),
    taxCountry: Country.optional(),
    reason: Reason,
  })
  .refine((b) => IDENTITY_FIELDS.some((f) => b[f] !== undefined), {
    message: IDENTITY_CHANGE_MESSAGES.nothingToChange,
    path: ['firstName'],
  });
export type CreateIdentityChangeRequest = z.infer<typeof CreateIdentityChangeRequest>;

export const IDENTITY_CHANGE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export const IdentityChangeStatus = z.enum(IDENTITY_CHANGE_STATUSES);
export type IdentityChangeStatus = z.infer<typeof IdentityChangeStatus>;

/** Identity values; null when a request leaves the field as it is (or nothing is on file). */
export const IdentityValues = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthDate: z.string().nullable(),
  taxCountry: z.string().nullable(),
});
export type IdentityValues = z.infer<typeof IdentityValues>;

/** The customer's view of one of their requests (`GET /api/identity-change-requests`). */
export const IdentityChangeRequest = z
  .object({
    id: z.string(),
    status: IdentityChangeStatus,
    reason: z.string(),
    /** The values asked for (null: unchanged). */
    requested: IdentityValues,
    document: z.object({ id: z.string(), mime: DocumentMime, size: z.number().int() }),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    rejectionReason: z.string().nullable(),
  })
  .meta({ id: 'IdentityChangeRequest' });
export type IdentityChangeRequest = z.infer<typeof IdentityChangeRequest>;

/** The operators' view: what was on file when asked (`current`) beside what is asked for. */
export const BackofficeIdentityChangeRequest = IdentityChangeRequest.extend({
  customerId: z.string(),
  current: IdentityValues,
  decidedBy: z.string().nullable(),
  /** The operator's note on accepting (a rejection's is `rejectionReason`). */
  decisionNote: z.string().nullable(),
}).meta({ id: 'BackofficeIdentityChangeRequest' });
export type BackofficeIdentityChangeRequest = z.infer<typeof BackofficeIdentityChangeRequest>;

export const RejectIdentityChangeRequest = z.object({
  reason: text()
    .trim()
    .min(1, 'Indiquez un motif.')
    .max(1000, 'Motif trop long (1 000 caractères au maximum).'),
});
export type RejectIdentityChangeRequest = z.infer<typeof RejectIdentityChangeRequest>;

/** Accepting takes an optional note of the operator's, kept with the request (its audit row says there is one). */
export const AcceptIdentityChangeRequest = z.object({
  note: text().trim().max(1000, 'Note trop longue (1 000 caractères au maximum).').optional(),
});
export type AcceptIdentityChangeRequest = z.infer<typeof AcceptIdentityChangeRequest>;

/**
 * Live event (`GET /api/events`): the customer's identity change request was decided. The customer
 * area reads the profile and the request again, without a reload.
 */
export const IdentityChangeLiveEvent = z.object({
  type: z.literal('identity_change'),
  requestId: z.string(),
  status: z.enum(['accepted', 'rejected']),
});
export type IdentityChangeLiveEvent = z.infer<typeof IdentityChangeLiveEvent>;
