import type { Psd2AuthorisationOutcome } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { authorisationFor } from './authorisation-view-service.ts';
import { decideAuthorisation, setConsentStatus } from './queries.ts';

/**
 * `POST /api/psd2/authorisations/{id}/deny`: the customer refuses. A consent never granted is
 * `rejected`; a renewal refused leaves the consent as it was (it stops working at its 180 days).
 * The browser goes back to the TPP's « not OK » address (its other address when it gave none).
 */
export function denyAuthorisation(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<Psd2AuthorisationOutcome> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const { authorisation, consent } = await authorisationFor(q, customerId, id, true);
    if (authorisation.status !== 'received') throw new AppError('psd2_authorisation_closed');
    await decideAuthorisation(q, authorisation.id, 'failed', customerId, now);
    if (consent.status === 'received') await setConsentStatus(q, consent.id, 'rejected', now);
    return { status: 'failed', redirectUri: authorisation.nok_redirect_uri ?? authorisation.redirect_uri };
  });
}
