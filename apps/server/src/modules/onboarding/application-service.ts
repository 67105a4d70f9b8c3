import { randomUUID } from 'node:crypto';
import type {
  DocumentKind,
  OnboardingStartRequest,
  OnboardingState,
  OnboardingUpdateRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { newToken, tokenHash } from '../../crypto/seal.ts';
import { deleteStoredFiles } from '../../storage/file-deletions.ts';
import { findDraft, noApplication, toState } from './application.ts';
import { currentDocuments, dropDocuments } from './document-queries.ts';
import { insertApplication, updateDraft, updateStepOne } from './queries.ts';

/**
 * Step 1: creates the application (and its cookie token), or updates step 1 of the draft the
 * cookie already designates. `token` is set when a new cookie must be sent.
 */
export async function startApplication(
  ctx: AppContext,
  cookieToken: string | undefined,
  body: OnboardingStartRequest,
): Promise<{ token: string | null; state: OnboardingState }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const draft = await findDraft(ctx, q, cookieToken, { forUpdate: true });
    if (draft) {
      const app = await updateStepOne(q, draft.id, { ...body, now });
      return { token: null, state: toState(ctx, app, await currentDocuments(q, app.id)) };
    }
    const token = newToken();
    const app = await insertApplication(q, {
      id: randomUUID(),
      tokenHash: tokenHash(token),
      country: body.country,
      income: body.income,
      profession: body.profession,
      now,
    });
    return { token, state: toState(ctx, app, []) };
  });
}

/**
 * The application the cookie designates, to resume the journey; `null` when there is none yet (no
 * cookie, an unknown or expired one): step 1 asks on every visit, so that is an answer, not an error.
 */
export async function getApplication(
  ctx: AppContext,
  cookieToken: string | undefined,
): Promise<OnboardingState | null> {
  const app = await findDraft(ctx, ctx.db, cookieToken);
  if (!app) return null;
  return toState(ctx, app, await currentDocuments(ctx.db, app.id));
}

/** Steps 3 and 5: e-mail, document country and type. Never tells whether the e-mail has an account. */
export async function updateApplication(
  ctx: AppContext,
  cookieToken: string | undefined,
  body: OnboardingUpdateRequest,
): Promise<OnboardingState> {
  const now = ctx.clock.now();
  const result = await ctx.db.tx(async (q) => {
    const draft = await findDraft(ctx, q, cookieToken, { forUpdate: true });
    if (!draft) throw noApplication();
    let dropped: string[] = [];
    if (body.documentType && draft.document_type && body.documentType !== draft.document_type) {
      // Identity card ⇄ passport: the files of the other document are not needed, so not kept.
      const other: DocumentKind[] = body.documentType === 'passport' ? ['id_front', 'id_back'] : ['passport'];
      dropped = await dropDocuments(q, [draft.id], now, other);
    }
    const app = await updateDraft(q, draft.id, {
      email: body.email ?? null,
      documentCountry: body.documentCountry ?? null,
      documentType: body.documentType ?? null,
      now,
    });
    return { app, dropped, docs: await currentDocuments(q, app.id) };
  });
  await deleteStoredFiles(ctx, result.dropped);
  return toState(ctx, result.app, result.docs);
}
