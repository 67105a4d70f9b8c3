import type { AppContext } from '../../context.ts';
import { setConsentStatus, tppConsent } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

const ENDED = new Set(['rejected', 'revokedByPsu', 'expired', 'terminatedByTpp']);

/** `DELETE /consents/{id}`: the TPP ends its consent (`terminatedByTpp`); an ended one stays as it ended. */
export async function deleteConsent(ctx: AppContext, tpp: TppCaller, consentId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(consentId)) throw new TppError('CONSENT_UNKNOWN');
  await ctx.db.tx(async (q) => {
    const consent = await tppConsent(q, tpp.id, consentId, true);
    if (!consent || consent.kind === 'fundsConfirmation') throw new TppError('CONSENT_UNKNOWN');
    if (!ENDED.has(consent.status)) await setConsentStatus(q, consent.id, 'terminatedByTpp', ctx.clock.now());
  });
}
