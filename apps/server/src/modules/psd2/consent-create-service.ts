import type { ConsentScope, Psd2ConsentsRequest } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { grantedTerms } from './consent-terms.ts';
import type { Approach } from './approach.ts';
import { authorisationLinks, href } from './links.ts';
import { insertAuthorisation, insertConsent, type ConsentRow } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

/** How long the customer has to follow the redirect and decide. */
export const AUTHORISATION_MINUTES = 15;

export interface RedirectHeaders {
  requestId: string;
  approach: Approach;
}

function accessOf(access: Psd2ConsentsRequest['access']): {
  kind: ConsentRow['kind'];
  scopes: ConsentScope[];
  ibans: string[];
  scopeIbans: { balances: string[]; transactions: string[] } | null;
} {
  if (access.allPsd2)
    return { kind: 'allPsd2', scopes: ['accounts', 'balances', 'transactions'], ibans: [], scopeIbans: null };
  if (access.availableAccountsWithBalance)
    return { kind: 'availableAccounts', scopes: ['accounts', 'balances'], ibans: [], scopeIbans: null };
  if (access.availableAccounts)
    return { kind: 'availableAccounts', scopes: ['accounts'], ibans: [], scopeIbans: null };
  const scopes: ConsentScope[] = ['accounts'];
  if (access.balances) scopes.push('balances');
  if (access.transactions) scopes.push('transactions');
  const ibans = [...(access.accounts ?? []), ...(access.balances ?? []), ...(access.transactions ?? [])].map(
    (a) => a.iban,
  );
  if (!access.accounts && !access.balances && !access.transactions)
    throw new TppError('FORMAT_ERROR', 'access est vide.');
  // Empty lists: a bank-offered consent, the customer chooses the accounts on the bank's page, and
  // each service asked covers each of them. Named accounts: each service covers those named for it.
  const named = ibans.length > 0;
  return {
    kind: 'accounts',
    scopes,
    ibans: [...new Set(ibans)],
    scopeIbans: named
      ? {
          balances: [...new Set((access.balances ?? []).map((a) => a.iban))],
          transactions: [...new Set((access.transactions ?? []).map((a) => a.iban))],
        }
      : null,
  };
}

/**
 * `POST /consents`: the TPP asks for account information. The terms are clipped to the bank's
 * (consent-terms.ts), the consent waits for the customer (`received`), and its first authorisation
 * is started at once: `_links.scaRedirect` is the page where the customer decides (or, decoupled,
 * the request waits for them in the app).
 */
export async function createConsent(
  ctx: AppContext,
  tpp: TppCaller,
  body: Psd2ConsentsRequest,
  headers: RedirectHeaders,
) {
  const now = ctx.clock.now();
  const terms = grantedTerms(
    {
      recurring: body.recurringIndicator,
      validUntil: body.validUntil,
      frequencyPerDay: body.frequencyPerDay,
    },
    parisDate(now),
  );
  if (!terms)
    throw new TppError('FORMAT_ERROR', 'validUntil est passé ou frequencyPerDay est inférieur à 1.');
  const access = accessOf(body.access);
  return ctx.db.tx(async (q) => {
    const consentId = await insertConsent(
      q,
      {
        tppId: tpp.id,
        kind: access.kind,
        scopes: access.scopes,
        requestedIbans: access.ibans,
        scopeIbans: access.scopeIbans,
        recurring: terms.recurring,
        validUntil: terms.validUntil,
        frequencyPerDay: terms.frequencyPerDay,
        requestId: headers.requestId,
      },
      now,
    );
    const authorisationId = await insertAuthorisation(
      q,
      {
        consentId,
        approach: headers.approach,
        expiresAt: new Date(now.getTime() + AUTHORISATION_MINUTES * 60_000),
      },
      now,
    );
    const { links, psuMessage } = authorisationLinks(ctx, headers.approach.decoupled, authorisationId);
    return {
      consentStatus: 'received' as const,
      consentId,
      validUntil: terms.validUntil,
      frequencyPerDay: terms.frequencyPerDay,
      ...(psuMessage ? { psuMessage } : {}),
      _links: {
        ...links,
        self: href(`/consents/${consentId}`),
        status: href(`/consents/${consentId}/status`),
        scaStatus: href(`/consents/${consentId}/authorisations/${authorisationId}`),
      },
    };
  });
}
