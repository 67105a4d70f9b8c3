import type { Psd2Consent } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { toConsentView } from './consent-view.ts';
import { lockCustomerConsent, paymentAccounts, setConsentStatus, tppOf } from './queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `POST /api/psd2/consents/{id}/revoke`: the customer ends a TPP's access (`revokedByPsu`); its
 * next call answers 401 `CONSENT_INVALID`. Another customer's consent answers like an unknown one.
 */
export function revokeConsent(ctx: AppContext, customerId: string, id: string): Promise<Psd2Consent> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const consent = UUID.test(id) ? await lockCustomerConsent(q, customerId, id) : null;
    const tpp = consent ? await tppOf(q, consent.tpp_id) : null;
    if (!consent || !tpp) throw new AppError('psd2_consent_not_found');
    if (consent.status !== 'valid') throw new AppError('psd2_consent_ended');
    await setConsentStatus(q, consent.id, 'revokedByPsu', now);
    await appendAudit(q, {
      operatorId: null,
      actor: 'customer',
      customerId,
      action: 'psd2.consent_revoked',
      details: { consentId: consent.id, tpp: tpp.organisation_id },
      at: now,
    });
    return toConsentView(
      {
        ...consent,
        status: 'revokedByPsu',
        ended_at: now,
        tpp_name: tpp.name,
        organisation_id: tpp.organisation_id,
      },
      await paymentAccounts(q, customerId),
    );
  });
}
