// Error codes thrown here: document_kind_mismatch, document_not_requested, identity_type_missing,
//   no_document_expected, onboarding_session_expired, request_closed_to_documents, too_many_files,
//   upload_request_not_found.
import { randomUUID } from 'node:crypto';
import type { DocumentKind, IdentityDocumentType, OnboardingDocument } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { resolveCustomerSession } from '../auth/index.ts';
import { findDraft, toDocument } from './application.ts';
import { cleanDocument, selfieNotAPhoto } from '../../storage/document-file.ts';
import { deleteStoredFiles } from '../../storage/file-deletions.ts';
import { applicationById, applicationOfCustomer, type ApplicationRow } from './queries.ts';
import { countUpload, dropDocuments, insertDocument } from './document-queries.ts';
import { findCustomerContact } from '../customers/index.ts';
import { openCorrection } from './correction-queries.ts';

/** Per-application limits (replacements included): enough for every retake, not for abuse. */
export const UPLOAD_LIMITS = { maxUploads: 40, maxBytes: 150 * 1024 * 1024 };

/** Who uploads: the holder of a draft application cookie, or a customer asked for corrections. */
export interface Uploader {
  applicationToken: string | undefined;
  customerToken: string | undefined;
}

const IDENTITY_KINDS: Record<IdentityDocumentType, readonly DocumentKind[]> = {
  id_card: ['id_front', 'id_back'],
  passport: ['passport'],
};

function checkKind(app: ApplicationRow, kind: DocumentKind): void {
  if (kind === 'selfie' || kind === 'proof_of_address') return;
  if (!app.document_type) {
    throw new AppError('identity_type_missing');
  }
  if (!IDENTITY_KINDS[app.document_type].includes(kind)) {
    throw new AppError('document_kind_mismatch');
  }
}

type Target =
  { mode: 'draft'; app: ApplicationRow } | { mode: 'corrections'; app: ApplicationRow; customerId: string };

async function resolveTarget(ctx: AppContext, who: Uploader, kind: DocumentKind): Promise<Target> {
  const draft = await findDraft(ctx, ctx.db, who.applicationToken);
  if (draft) return { mode: 'draft', app: draft };
  const session = await resolveCustomerSession(ctx, who.customerToken);
  if (!session) {
    throw new AppError('onboarding_session_expired');
  }
  if (session.status !== 'corrections_requested') {
    throw new AppError('no_document_expected');
  }
  const app = await applicationOfCustomer(ctx.db, session.customerId);
  if (!app) throw new AppError('upload_request_not_found');
  const correction = await openCorrection(ctx.db, session.customerId);
  if (correction && correction.document_kinds.length > 0 && !correction.document_kinds.includes(kind)) {
    throw new AppError('document_not_requested');
  }
  return { mode: 'corrections', app, customerId: session.customerId };
}

/**
 * Stores one identity document: checked by content, images re-encoded without metadata, sealed
 * (AES-256-GCM) under a random name, then recorded in one transaction with the per-application
 * limits. A new file of the same kind replaces the previous one (a draft's previous file is deleted).
 */
export async function uploadDocument(
  ctx: AppContext,
  who: Uploader,
  kind: DocumentKind,
  bytes: Buffer,
): Promise<OnboardingDocument> {
  const target = await resolveTarget(ctx, who, kind);
  checkKind(target.app, kind);
  const clean = await cleanDocument(bytes);
  // A selfie is a photo of the applicant: images only (a PDF proves nothing of a face).
  if (kind === 'selfie' && !clean.mime.startsWith('image/')) throw selfieNotAPhoto();
  const files = ctx.files;
  const id = randomUUID();
  const storageKey = await files.put(clean.bytes, id);
  let dropped: string[] = [];
  try {
    const document = await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      await lockTarget(q, target);
      const counted = await countUpload(q, target.app.id, clean.bytes.length, UPLOAD_LIMITS, now);
      if (!counted) {
        throw new AppError('too_many_files');
      }
      if (target.mode === 'draft') dropped = await dropDocuments(q, [target.app.id], now, [kind]);
      const row = await insertDocument(q, {
        id,
        applicationId: target.app.id,
        kind,
        mime: clean.mime,
        size: clean.bytes.length,
        storageKey,
        now,
      });
      if (target.mode === 'corrections') {
        await appendAudit(q, {
          operatorId: null,
          customerId: target.customerId,
          action: 'document.uploaded',
          details: { documentId: id, kind, mime: clean.mime, size: clean.bytes.length },
          at: now,
        });
      }
      return row;
    });
    await deleteStoredFiles(ctx, dropped);
    return toDocument(document);
  } catch (error) {
    await files.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Re-checks, under a row lock, that the application still accepts files. */
async function lockTarget(q: Queryable, target: Target): Promise<void> {
  const app = await applicationById(q, target.app.id, { forUpdate: true });
  const accepts =
    target.mode === 'draft'
      ? app?.status === 'draft'
      : (await findCustomerContact(q, target.customerId))?.status === 'corrections_requested';
  if (!accepts) throw new AppError('request_closed_to_documents');
}
