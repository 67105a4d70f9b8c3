import type { ApprovePsd2AuthorisationRequest, Psd2AuthorisationOutcome } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from '../sca/index.ts';
import { authorisationFor } from './authorisation-view-service.ts';
import { decideAuthorisation, grantConsent, terminatePreviousConsents } from './queries.ts';

/**
 * `POST /api/psd2/authorisations/{id}/approve`: the customer grants the TPP's request on the
 * accounts chosen, with a strong authentication bound to this authorisation, those accounts, the
 * date and the frequency (`psd2_consent`). Everything is checked again now, under the locks: still
 * pending and not expired, the TPP not blocked, the accounts among those offered (all of them when
 * the TPP named them, the granted ones for a renewal). A new recurring consent ends the TPP's
 * previous ones for this customer. The browser then goes back to the TPP.
 */
export function approveAuthorisation(
  ctx: AppContext,
  customerId: string,
  id: string,
  body: ApprovePsd2AuthorisationRequest,
  scaToken: string | undefined,
): Promise<Psd2AuthorisationOutcome> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const { authorisation, consent, tpp, offered } = await authorisationFor(q, customerId, id, true);
    const open = authorisation.status === 'received' && authorisation.expires_at > now;
    if (!open || tpp.blocked_at || (consent.status !== 'received' && consent.status !== 'valid')) {
      throw new AppError('psd2_authorisation_closed');
    }
    const chosen = [...new Set(body.accountIds)].sort();
    const offeredIds = new Set(offered.map((a) => a.id));
    const mustTakeAll = consent.status === 'valid' || consent.requested_ibans.length > 0;
    if (
      chosen.some((accountId) => !offeredIds.has(accountId)) ||
      (mustTakeAll && chosen.length !== offeredIds.size)
    ) {
      throw new AppError('psd2_account_not_offered');
    }
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: scaToken,
      action: 'psd2_consent',
      details: {
        authorisationId: authorisation.id,
        accountIds: chosen,
        validUntil: consent.valid_until,
        frequencyPerDay: consent.frequency_per_day,
      },
    });
    await grantConsent(q, consent.id, customerId, chosen.map(BigInt), now);
    const ended = consent.recurring
      ? await terminatePreviousConsents(
          q,
          { id: consent.id, tppId: tpp.id, customerId, fundsAccountId: null },
          now,
        )
      : [];
    await decideAuthorisation(q, authorisation.id, 'finalised', customerId, now);
    await appendAudit(q, {
      operatorId: null,
      actor: 'customer',
      customerId,
      action: consent.status === 'valid' ? 'psd2.consent_renewed' : 'psd2.consent_granted',
      details: {
        consentId: consent.id,
        tpp: tpp.organisation_id,
        accountIds: chosen,
        scopes: consent.scopes,
        validUntil: consent.valid_until,
        terminated: ended,
      },
      at: now,
    });
    return { status: 'finalised', redirectUri: authorisation.redirect_uri };
  });
}
