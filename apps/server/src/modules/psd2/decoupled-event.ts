import { toJsonCents } from '@comptoir/core';
import type { PublishedEvents } from '../../events/index.ts';
import type { AuthorisationContext } from './authorisation-context.ts';

/** The live form of a decoupled request (PSD2): who asks, for what, until when, and where it stands. */
export const decoupledEvent = (
  found: AuthorisationContext,
  status: 'received' | 'finalised' | 'failed',
): PublishedEvents['psd2_authorisation'] => ({
  authorisation: {
    id: found.authorisation.id,
    tpp: { name: found.tpp.name, organisationId: found.tpp.organisation_id },
    kind: found.kind,
    amount: found.kind === 'payment' ? toJsonCents(found.payment.amount) : null,
    expiresAt: found.authorisation.expires_at.toISOString(),
    status,
  },
});
