import type { ApprovePsd2AuthorisationRequest, Psd2AuthorisationOutcome } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from '../sca/index.ts';
import type { Queryable } from '../../db/types.ts';
import { authorisationFor, type AuthorisationContext } from './authorisation-context.ts';
import { publishPsd2Authorisation } from '../../events/index.ts';
import { decoupledEvent } from './decoupled-event.ts';
import { approvePayment } from './payment-approve-service.ts';
import { ofTransfer } from './payment-status.ts';
import { decideAuthorisation, grantConsent, terminatePreviousConsents } from './queries.ts';

/**
 * `POST /api/psd2/authorisations/{id}/approve`: the customer grants the consent or approves the
 * payment, under the authorisation's lock; still pending and not expired, the TPP not blocked. A
 * payment's instant transfer is then sent on the rail, after the commit, and its outcome answered.
 */
export async function approveAuthorisation(
  ctx: AppContext,
  customerId: string,
  id: string,
  body: ApprovePsd2AuthorisationRequest,
  scaToken: string | undefined,
): Promise<Psd2AuthorisationOutcome> {
  const decided = await ctx.db.tx(async (q) => {
    const found = await authorisationFor(q, customerId, id, true);
    const { authorisation, tpp } = found;
    const open = authorisation.status === 'received' && authorisation.expires_at > ctx.clock.now();
    if (!open || tpp.blocked_at) throw new AppError('psd2_authorisation_closed');
    const done =
      found.kind === 'payment'
        ? await approvePayment(ctx, q, customerId, found, body, scaToken)
        : { ...(await approveConsent(ctx, q, customerId, found, body, scaToken)), placed: null };
    // Asked in the app: every device drops the request.
    if (authorisation.decoupled) {
      await publishPsd2Authorisation(q, customerId, decoupledEvent(found, 'finalised'));
    }
    return done;
  });
  const transfer = decided.placed ? await decided.placed.finish() : null;
  return {
    status: 'finalised',
    redirectUri: decided.redirectUri,
    paymentStatus: transfer ? ofTransfer(transfer) : null,
  };
}

/**
 * The customer grants the TPP's request on the accounts chosen, with a strong authentication bound
 * to this authorisation, those accounts, the date and the frequency (`psd2_consent`). Everything is
 * checked again now, under the locks: the consent still waiting or valid, the accounts among those
 * offered (all of them when the TPP named them, the granted ones for a renewal). A new recurring consent ends the TPP's
 * previous ones for this customer. The browser then goes back to the TPP.
 */
async function approveConsent(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  found: Extract<AuthorisationContext, { kind: 'consent' }>,
  body: ApprovePsd2AuthorisationRequest,
  scaToken: string | undefined,
): Promise<{ redirectUri: string | null }> {
  const now = ctx.clock.now();
  const { authorisation, consent, tpp, offered } = found;
  if (consent.status !== 'received' && consent.status !== 'valid') {
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
  return { redirectUri: authorisation.redirect_uri };
}
