// Error codes thrown here: application_not_found.
import { maskEmail } from '@comptoir/core';
import {
  requiredDocumentKinds,
  type DocumentKind,
  type OnboardingDocument,
  type OnboardingState,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { AppError } from '../../errors.ts';
import { draftByToken, type ApplicationRow } from './queries.ts';
import type { DocumentRow } from './document-queries.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export const noApplication = () => new AppError('application_not_found');

/** The draft an application cookie designates (null when absent, unknown, submitted or abandoned). */
export async function findDraft(
  ctx: AppContext,
  q: Queryable,
  token: string | undefined,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | null> {
  if (!token || token.length > 100) return null;
  const activeSince = new Date(ctx.clock.now().getTime() - ctx.config.applicationRetentionDays * DAY_MS);
  return draftByToken(q, tokenHash(token), activeSince, options);
}

export const toDocument = (d: DocumentRow): OnboardingDocument => ({
  id: d.id,
  kind: d.kind,
  mime: d.mime,
  size: d.size,
  uploadedAt: d.uploaded_at.toISOString(),
});

/** Kinds still missing for a complete application. */
export function missingKinds(
  app: Pick<ApplicationRow, 'document_type'>,
  docs: readonly DocumentRow[],
): DocumentKind[] {
  const have = new Set(docs.map((d) => d.kind));
  return requiredDocumentKinds(app.document_type).filter((k) => !have.has(k));
}

export function toState(ctx: AppContext, app: ApplicationRow, docs: readonly DocumentRow[]): OnboardingState {
  const required = requiredDocumentKinds(app.document_type);
  const missing = missingKinds(app, docs);
  const steps = {
    profile: true,
    email: app.email !== null,
    documentChoice: app.document_type !== null && app.document_country !== null,
    documents: app.document_type !== null && missing.length === 0,
  };
  const nextPath: OnboardingState['nextPath'] = !steps.email
    ? '/inscription3'
    : !steps.documentChoice
      ? '/inscription5'
      : missing.includes('id_front') || missing.includes('id_back')
        ? '/signIdCard'
        : missing.includes('passport')
          ? '/signPassport'
          : missing.includes('selfie')
            ? '/addselfie'
            : missing.includes('proof_of_address')
              ? '/justificatifdomicile'
              : '/inscription6';
  return {
    country: app.residence_country,
    income: app.income_range,
    profession: app.profession,
    emailMasked: app.email ? maskEmail(app.email) : null,
    documentCountry: app.document_country,
    documentType: app.document_type,
    documents: docs.map(toDocument),
    requiredDocumentKinds: required,
    missingDocumentKinds: missing,
    steps,
    readyToSubmit: steps.email && steps.documentChoice && steps.documents,
    nextPath,
    expiresAt: new Date(
      app.updated_at.getTime() + ctx.config.applicationRetentionDays * DAY_MS,
    ).toISOString(),
  };
}
