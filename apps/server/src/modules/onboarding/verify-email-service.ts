import type { CustomerStatus } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { invalidToken, useOneTimeToken } from '../../crypto/one-time-tokens.ts';
import { openCustomerSession } from '../auth/index.ts';
import { publishStatus } from '../../events/index.ts';
import { findCustomerContact, changeCustomerStatus } from '../customers/index.ts';
import { forgetApplicationToken, submittedByToken } from './queries.ts';

export interface VerifyOutcome {
  status: CustomerStatus;
  /** Set when the link was opened in the browser that submitted the application: its first session. */
  sessionToken: string | null;
}

/**
 * The link of the verification mail: `pending_email` → `pending_review` (single use, 24 h).
 * Submit opens no session (so an address that already had an account answers the same); this is
 * where the applicant's first session opens — only in the browser holding the application cookie
 * of this very customer, so a link opened elsewhere (or leaked) confirms the address and no more.
 */
export async function verifyEmail(
  ctx: AppContext,
  token: string,
  applicationToken: string | undefined,
  meta: { ip: string; userAgent: string },
): Promise<VerifyOutcome> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const { customerId, payload } = await useOneTimeToken(q, token, 'email_verify', now);
    const customer = await findCustomerContact(q, customerId);
    if (
      !customer ||
      typeof payload.email !== 'string' ||
      payload.email.toLowerCase() !== customer.email.toLowerCase()
    ) {
      throw invalidToken();
    }
    const moved = await changeCustomerStatus(q, customerId, ['pending_email'], 'pending_review', now, {
      emailVerified: true,
    });
    if (!moved) return { status: customer.status, sessionToken: null };
    await appendAudit(q, {
      operatorId: null,
      customerId,
      action: 'customer.email_verified',
      details: {},
      at: now,
    });
    await publishStatus(q, customerId, 'pending_review');
    const application =
      applicationToken && applicationToken.length <= 100
        ? await submittedByToken(q, tokenHash(applicationToken))
        : null;
    await forgetApplicationToken(q, customerId);
    const session =
      application?.customer_id === customerId ? await openCustomerSession(ctx, q, customerId, meta) : null;
    return { status: 'pending_review' as const, sessionToken: session?.token ?? null };
  });
}
