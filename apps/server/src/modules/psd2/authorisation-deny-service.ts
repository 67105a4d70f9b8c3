import type { Psd2AuthorisationOutcome } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { authorisationFor } from './authorisation-context.ts';
import { publishPsd2Authorisation } from '../../events/index.ts';
import { decoupledEvent } from './decoupled-event.ts';
import { closePayment } from './payment-queries.ts';
import { decideAuthorisation, setConsentStatus } from './queries.ts';

/** What the TPP reads of a payment the customer refused. */
export const REFUSED_REASON = 'Le client a refusé le paiement.';

/**
 * `POST /api/psd2/authorisations/{id}/deny`: the customer refuses. A consent never granted is
 * `rejected`; a renewal refused leaves the consent as it was (it stops working at its 180 days); a
 * payment still waiting is rejected (`RJCT`). The browser goes back to the TPP's « not OK »
 * address (its other address when it gave none; none when the TPP asked in the app).
 */
export function denyAuthorisation(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<Psd2AuthorisationOutcome> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const found = await authorisationFor(q, customerId, id, true);
    const { authorisation } = found;
    if (authorisation.status !== 'received') throw new AppError('psd2_authorisation_closed');
    await decideAuthorisation(q, authorisation.id, 'failed', customerId, now);
    let paymentStatus: Psd2AuthorisationOutcome['paymentStatus'] = null;
    if (found.kind === 'consent' && found.consent.status === 'received') {
      await setConsentStatus(q, found.consent.id, 'rejected', now);
    }
    if (found.kind === 'payment' && found.payment.status === 'received') {
      await closePayment(q, found.payment.id, 'rejected', REFUSED_REASON, now);
      paymentStatus = 'RJCT';
    }
    if (authorisation.decoupled) {
      await publishPsd2Authorisation(q, customerId, decoupledEvent(found, 'failed'));
    }
    return {
      status: 'failed',
      redirectUri: authorisation.nok_redirect_uri ?? authorisation.redirect_uri,
      paymentStatus,
    };
  });
}
