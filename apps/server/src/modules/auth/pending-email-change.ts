import type { Queryable } from '../../db/types.ts';
import { setPendingEmail, voidOneTimeTokens } from './queries.ts';

/**
 * Forgets an e-mail change waiting for its confirmation and voids its link. A password reset, a new
 * password and « Déconnecter toutes les autres sessions » all do it: they are what a customer does
 * when warned that someone else asked for the change, and the link must not outlive them.
 */
export async function cancelPendingEmailChange(q: Queryable, customerId: string, now: Date): Promise<void> {
  await setPendingEmail(q, customerId, null, now);
  await voidOneTimeTokens(q, customerId, 'email_change', now);
}
