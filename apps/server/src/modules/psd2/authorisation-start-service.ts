import type { AppContext } from '../../context.ts';
import { AUTHORISATION_MINUTES, type RedirectHeaders } from './consent-create-service.ts';
import { currentConsent } from './consent-read-service.ts';
import { authorisationLinks, href } from './links.ts';
import { authorisationsOf, findAuthorisation, insertAuthorisation } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

/**
 * `POST /consents/{id}/authorisations`: a new strong authentication for the consent — a first one
 * the customer did not finish, or the renewal every 180 days (RTS art. 10a). Only a consent still
 * waiting or valid can be authorised.
 */
export async function startConsentAuthorisation(
  ctx: AppContext,
  tpp: TppCaller,
  consentId: string,
  headers: Omit<RedirectHeaders, 'requestId'>,
) {
  const consent = await currentConsent(ctx, tpp, consentId);
  if (consent.status !== 'received' && consent.status !== 'valid') throw new TppError('CONSENT_INVALID');
  const now = ctx.clock.now();
  const authorisationId = await insertAuthorisation(
    ctx.db,
    {
      consentId: consent.id,
      approach: headers.approach,
      expiresAt: new Date(now.getTime() + AUTHORISATION_MINUTES * 60_000),
    },
    now,
  );
  const { links, psuMessage } = authorisationLinks(ctx, headers.approach.decoupled, authorisationId);
  return {
    scaStatus: 'received' as const,
    authorisationId,
    ...(psuMessage ? { psuMessage } : {}),
    _links: {
      ...links,
      scaStatus: href(`/consents/${consent.id}/authorisations/${authorisationId}`),
    },
  };
}

/** `GET /consents/{id}/authorisations`: the ids of the consent's authorisations. */
export async function listConsentAuthorisations(ctx: AppContext, tpp: TppCaller, consentId: string) {
  const consent = await currentConsent(ctx, tpp, consentId);
  return { authorisationIds: (await authorisationsOf(ctx.db, { consentId: consent.id })).map((a) => a.id) };
}

/** `GET /consents/{id}/authorisations/{authorisationId}`: `received`, `finalised` or `failed` (also once expired). */
export async function consentAuthorisationStatus(
  ctx: AppContext,
  tpp: TppCaller,
  consentId: string,
  authorisationId: string,
) {
  const consent = await currentConsent(ctx, tpp, consentId);
  const authorisation = /^[0-9a-f-]{36}$/.test(authorisationId)
    ? await findAuthorisation(ctx.db, authorisationId)
    : null;
  if (!authorisation || authorisation.consent_id !== consent.id) throw new TppError('RESOURCE_UNKNOWN');
  const expired = authorisation.status === 'received' && authorisation.expires_at <= ctx.clock.now();
  return { scaStatus: expired ? ('failed' as const) : authorisation.status };
}
