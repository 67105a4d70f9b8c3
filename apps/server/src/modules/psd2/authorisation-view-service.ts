import type { Psd2Authorisation } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { accountScopes } from './consent-scope.ts';
import { AppError } from '../../errors.ts';
import type { Queryable } from '../../db/types.ts';
import {
  consentById,
  findAuthorisation,
  paymentAccounts,
  tppOf,
  type AuthorisationRow,
  type ConsentRow,
  type Psd2AccountRow,
  type TppRow,
} from './queries.ts';

export interface AuthorisationContext {
  authorisation: AuthorisationRow;
  consent: ConsentRow;
  tpp: TppRow;
  /** The customer's accounts the TPP may be granted, with those its request names. */
  offered: (Psd2AccountRow & { requested: boolean })[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An authorisation as one customer may see it, or 404 as if unknown: another customer's (the
 * consent already granted by someone else, or naming accounts that are not theirs) answers like an
 * unknown id.
 */
export async function authorisationFor(
  q: Queryable,
  customerId: string,
  id: string,
  lock = false,
): Promise<AuthorisationContext> {
  const authorisation = UUID.test(id) ? await findAuthorisation(q, id, lock) : null;
  if (!authorisation) throw new AppError('psd2_authorisation_not_found');
  const consent = await consentById(q, authorisation.consent_id, lock);
  const tpp = consent ? await tppOf(q, consent.tpp_id) : null;
  if (
    !consent ||
    !tpp ||
    consent.kind === 'fundsConfirmation' ||
    (consent.customer_id && consent.customer_id !== customerId)
  ) {
    throw new AppError('psd2_authorisation_not_found');
  }
  const accounts = await paymentAccounts(q, customerId);
  const requested = new Set(consent.requested_ibans);
  if (consent.requested_ibans.some((iban) => !accounts.some((a) => a.iban === iban))) {
    throw new AppError('psd2_authorisation_not_found');
  }
  // A renewal offers what was granted; a consent naming accounts offers those; else every account.
  const granted = new Set(consent.account_ids);
  const offered = accounts
    .filter((a) =>
      consent.status === 'valid' ? granted.has(a.id) : requested.size === 0 || requested.has(a.iban),
    )
    .map((a) => ({ ...a, requested: consent.status === 'valid' ? true : requested.has(a.iban) }));
  return { authorisation, consent, tpp, offered };
}

/** `GET /api/psd2/authorisations/{id}`: the TPP, what it asks, and the accounts to choose from. */
export async function viewAuthorisation(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<Psd2Authorisation> {
  const { authorisation, consent, tpp, offered } = await authorisationFor(ctx.db, customerId, id);
  const expired = authorisation.status === 'received' && authorisation.expires_at <= ctx.clock.now();
  return {
    id: authorisation.id,
    tpp: { name: tpp.name, organisationId: tpp.organisation_id },
    status: expired ? 'failed' : authorisation.status,
    expiresAt: authorisation.expires_at.toISOString(),
    consent: {
      kind: consent.kind === 'fundsConfirmation' ? 'accounts' : consent.kind,
      scopes: consent.scopes,
      recurring: consent.recurring,
      validUntil: consent.valid_until,
      frequencyPerDay: consent.frequency_per_day,
    },
    accounts: offered.map((a) => ({
      id: a.id,
      iban: a.iban,
      name: a.name,
      requested: a.requested,
      scopes: accountScopes(consent, a.iban),
    })),
  };
}
