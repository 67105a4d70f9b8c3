import type { OperatorListItem } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { OperatorListRow } from './admin-queries.ts';
import { totpUri } from '../../crypto/totp.ts';

/** The only mapping of an operator row to the « Opérateurs » screen's shape. */
export const toOperatorListItem = (r: OperatorListRow): OperatorListItem => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  active: r.disabled_at === null,
  state: r.disabled_at !== null ? 'disabled' : r.activated_at === null ? 'invited' : 'active',
  invitationExpiresAt: r.invitation_expires_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** What an authenticator app scans: the same issuer as `npm run operator:create` uses. */
export const operatorTotpUri = (ctx: AppContext, secret: string, email: string): string =>
  totpUri(secret, `${ctx.config.institution.name} back office`, email);
