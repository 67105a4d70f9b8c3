import type { Psd2Consent } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { consentExpired } from './consent-terms.ts';
import { toConsentView } from './consent-view.ts';
import { customerConsents, paymentAccounts, setConsentStatus } from './queries.ts';

/** `GET /api/psd2/consents`: « Accès tiers », the accesses granted to TPPs, current ones first. */
export async function listCustomerConsents(ctx: AppContext, customerId: string): Promise<Psd2Consent[]> {
  const now = ctx.clock.now();
  const [consents, accounts] = await Promise.all([
    customerConsents(ctx.db, customerId),
    paymentAccounts(ctx.db, customerId),
  ]);
  const today = parisDate(now);
  const views: Psd2Consent[] = [];
  for (const consent of consents) {
    if (consent.status === 'valid' && consentExpired(consent.valid_until, today)) {
      await setConsentStatus(ctx.db, consent.id, 'expired', now);
      views.push(toConsentView({ ...consent, status: 'expired', ended_at: now }, accounts));
    } else {
      views.push(toConsentView(consent, accounts));
    }
  }
  return views;
}
