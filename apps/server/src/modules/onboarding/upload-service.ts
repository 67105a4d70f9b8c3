import { randomUUID } from 'node:crypto';
import type { DocumentKind, IdentityDocumentType, OnboardingDocument } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { resolveCustomerSession } from '../auth/sessions.ts';
import { findDraft, toDocument } from './application.ts';
import { cleanDocument, selfieNotAPhoto } from './document-file.ts';
import { deleteStoredFiles } from './file-deletions.ts';
import { applicationById, applicationOfCustomer, type ApplicationRow } from './queries.ts';
import { countUpload, dropDocuments, insertDocument } from './document-queries.ts';
import { customerContact } from '../customers/queries.ts';
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
    throw new AppError(
      'conflict',
      409,
      'Choisissez d’abord le type de pièce d’identité (carte ou passeport).',
    );
  }
  if (!IDENTITY_KINDS[app.document_type].includes(kind)) {
    throw new AppError('conflict', 409, 'Ce document ne correspond pas au type de pièce d’identité choisi.');
  }
}

type Target =
  { mode: 'draft'; app: ApplicationRow } | { mode: 'corrections'; app: ApplicationRow; customerId: string };

async function resolveTarget(ctx: AppContext, who: Uploader, kind: DocumentKind): Promise<Target> {
  const draft = await findDraft(ctx, ctx.db, who.applicationToken);
  if (draft) return { mode: 'draft', app: draft };
  const session = await resolveCustomerSession(ctx, who.customerToken);
  if (!session) {
    throw new AppError(
      'unauthenticated',
      401,
      'Votre demande a expiré ou votre session est terminée. Veuillez recommencer ou vous reconnecter.',
    );
  }
  if (session.status !== 'corrections_requested') {
    throw new AppError('forbidden', 403, 'Aucun document n’est attendu de votre part pour le moment.');
  }
  const app = await applicationOfCustomer(ctx.db, session.customerId);
  if (!app) throw new AppError('not_found', 404, 'Demande introuvable.');
  const correction = await openCorrection(ctx.db, session.customerId);
  if (correction && correction.document_kinds.length > 0 && !correction.document_kinds.includes(kind)) {
    throw new AppError('conflict', 409, 'Ce document ne fait pas partie des documents demandés.');
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
        throw new AppError('conflict', 409, 'Nombre maximal de fichiers atteint pour cette demande.');
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
      : (await customerContact(q, target.customerId))?.status === 'corrections_requested';
  if (!accepts) throw new AppError('conflict', 409, 'Cette demande n’accepte plus de documents.');
}
