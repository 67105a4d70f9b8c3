import type { CreatePsd2FundsConsentRequest, Psd2Consent } from '@comptoir/contracts';
import { addDays, parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from '../sca/index.ts';
import { MAX_CONSENT_DAYS } from './consent-terms.ts';
import { toConsentView } from './consent-view.ts';
import {
  grantConsent,
  insertConsent,
  paymentAccounts,
  terminatePreviousConsents,
  tppByOrganisation,
} from './queries.ts';

/**
 * `POST /api/psd2/funds-consents`: in « Accès tiers », the customer lets a card issuer (a TPP with
 * the PSP_IC role, known to the interface by its identifier, not blocked) ask whether an amount is
 * available on one of their accounts, until a date between tomorrow and a year from today — with a
 * strong authentication bound to the provider, the account and the date (`psd2_funds_consent`).
 * The provider learns yes or no, never the balance. A new one for the same provider and account
 * replaces the previous one. An unknown or blocked provider, or one without the role, answers the
 * same 404.
 */
export function createFundsConsent(
  ctx: AppContext,
  customerId: string,
  body: CreatePsd2FundsConsentRequest,
  scaToken: string | undefined,
): Promise<Psd2Consent> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const today = parisDate(now);
    if (body.validUntil <= today || body.validUntil > addDays(today, MAX_CONSENT_DAYS)) {
      throw new AppError('psd2_funds_date_invalid');
    }
    const accounts = await paymentAccounts(q, customerId);
    const account = accounts.find((a) => a.id === body.accountId);
    if (!account) throw new AppError('account_not_found');
    const tpp = await tppByOrganisation(q, body.organisationId);
    if (!tpp || tpp.blocked_at || !tpp.roles.includes('PSP_IC'))
      throw new AppError('psd2_funds_provider_unknown');
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: scaToken,
      action: 'psd2_funds_consent',
      details: {
        organisationId: body.organisationId,
        accountId: body.accountId,
        validUntil: body.validUntil,
      },
    });
    const consentId = await insertConsent(
      q,
      {
        tppId: tpp.id,
        kind: 'fundsConfirmation',
        scopes: ['funds'],
        requestedIbans: [account.iban],
        scopeIbans: null,
        recurring: true,
        validUntil: body.validUntil,
        frequencyPerDay: 4,
        requestId: `customer:${customerId}`,
      },
      now,
    );
    const accountId = BigInt(account.id);
    await grantConsent(q, consentId, customerId, [accountId], now);
    const ended = await terminatePreviousConsents(
      q,
      { id: consentId, tppId: tpp.id, customerId, fundsAccountId: accountId },
      now,
    );
    await appendAudit(q, {
      operatorId: null,
      actor: 'customer',
      customerId,
      action: 'psd2.funds_consent_granted',
      details: {
        consentId,
        tpp: tpp.organisation_id,
        accountId: account.id,
        validUntil: body.validUntil,
        terminated: ended,
      },
      at: now,
    });
    return toConsentView(
      {
        id: consentId,
        tpp_id: tpp.id,
        customer_id: customerId,
        kind: 'fundsConfirmation',
        scopes: ['funds'],
        requested_ibans: [account.iban],
        scope_ibans: null,
        account_ids: [account.id],
        recurring: true,
        valid_until: body.validUntil,
        frequency_per_day: 4,
        status: 'valid',
        created_at: now,
        granted_at: now,
        sca_at: now,
        last_access_at: null,
        ended_at: null,
        tpp_name: tpp.name,
        organisation_id: tpp.organisation_id,
      },
      accounts,
    );
  });
}
