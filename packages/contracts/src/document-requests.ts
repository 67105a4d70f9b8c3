// Document requests and holds (docs/product/statements-and-documents.md#documents-the-bank-asks-for).
// An operator asks for a document with a reason, optionally blocking; the customer
// uploads it (multipart, the onboarding upload rules); the operator accepts it (hold lifted) or
// rejects it with a reason (a new request with that reason replaces it).
import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';
import { DocumentMime } from './onboarding.ts';

export const DOCUMENT_REQUEST_KINDS = ['funds_origin', 'additional'] as const;
export const DocumentRequestKind = z.enum(DOCUMENT_REQUEST_KINDS);
export type DocumentRequestKind = z.infer<typeof DocumentRequestKind>;

/** The labels docs/product/statements-and-documents.md#documents-the-bank-asks-for gives, shown to the customer and to operators. */
export const DOCUMENT_REQUEST_KIND_LABELS: Record<DocumentRequestKind, string> = {
  funds_origin: 'Justificatif d’origine des fonds',
  additional: 'Document complémentaire',
};

export const DOCUMENT_REQUEST_STATUSES = ['open', 'submitted', 'accepted', 'rejected'] as const;
export const DocumentRequestStatus = z.enum(DOCUMENT_REQUEST_STATUSES);
export type DocumentRequestStatus = z.infer<typeof DocumentRequestStatus>;

/** What a blocking request still open or waiting for review answers to a payment (docs/product/statements-and-documents.md#documents-the-bank-asks-for). */
export const COMPLIANCE_HOLD_MESSAGE = 'Transaction impossible : un document vous a été demandé';
/** What a transfer is told once the requested document is sent, while it awaits review. */
export const COMPLIANCE_REVIEW_MESSAGE =
  'Transaction impossible pour le moment : votre document est en cours d’examen.';

const Reason = text()
  .trim()
  .min(1, 'Indiquez un motif.')
  .max(1000, 'Motif trop long (1 000 caractères au maximum).');

export const CreateDocumentRequest = z.object({
  kind: DocumentRequestKind,
  reason: Reason,
  blocking: z.boolean(),
});
export type CreateDocumentRequest = z.infer<typeof CreateDocumentRequest>;

export const RejectDocumentRequest = z.object({ reason: Reason });
export type RejectDocumentRequest = z.infer<typeof RejectDocumentRequest>;

export const DocumentRequestFile = z.object({
  id: z.string(),
  mime: DocumentMime,
  size: z.number().int().meta({ description: 'Stored size in bytes (after re-encoding)' }),
  uploadedAt: IsoDateTime,
});
export type DocumentRequestFile = z.infer<typeof DocumentRequestFile>;

/** A request as the customer sees it (`GET /api/document-requests`). */
export const DocumentRequest = z.object({
  id: z.string(),
  kind: DocumentRequestKind,
  reason: z.string(),
  blocking: z.boolean(),
  status: DocumentRequestStatus,
  createdAt: IsoDateTime,
  submittedAt: IsoDateTime.nullable(),
  decidedAt: IsoDateTime.nullable(),
  files: z.array(DocumentRequestFile),
});
export type DocumentRequest = z.infer<typeof DocumentRequest>;

/** The same for operators, with who asked, who decided and why it was rejected. */
export const BackofficeDocumentRequest = DocumentRequest.extend({
  customerId: z.string(),
  requestedBy: z.string().nullable().meta({ description: 'E-mail of the operator who asked' }),
  decidedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  replacesId: z.string().nullable(),
});
export type BackofficeDocumentRequest = z.infer<typeof BackofficeDocumentRequest>;

/** Answer of accept and reject: the decided request and, after a rejection, the one replacing it. */
export const DocumentRequestDecision = z.object({
  request: BackofficeDocumentRequest,
  replacement: BackofficeDocumentRequest.nullable(),
});
export type DocumentRequestDecision = z.infer<typeof DocumentRequestDecision>;

/**
 * Live event (`GET /api/events`): a document request was made for the customer (`open`) or the
 * document they sent was accepted (`accepted`). The customer area reads its requests again: a new
 * one opens its dialog on whatever screen is shown, without a reload.
 */
export const DocumentRequestLiveEvent = z.object({
  type: z.literal('document_request'),
  requestId: z.string(),
  status: z.enum(['open', 'accepted']),
});
export type DocumentRequestLiveEvent = z.infer<typeof DocumentRequestLiveEvent>;
