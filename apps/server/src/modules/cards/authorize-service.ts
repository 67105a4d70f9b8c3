import type { CardAuthorizationRequest, CardAuthorizationResponse } from '@comptoir/contracts';
import { cents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { countCardAuthorization } from '../../metrics/count.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import { appendAudit } from '../../audit/audit.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { publishCard } from '../../events/index.ts';
import { sandboxOperatorId, sandboxScope, type SandboxActor } from '../../http/sandbox-actor.ts';
import { authorizationActivity } from './activity-view.ts';
import { authorizeCard } from './authorize-card.ts';
import { cardSecrets } from './card-secrets.ts';

/** `MM/YY` → the first day of that month (`20YY-MM-01`), null when it cannot be read. */
export function expiryMonth(value: string): string | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value.trim());
  return match ? `20${match[2]}-${match[1]}-01` : null;
}

/**
 * The card network asks whether a payment may go through (sandbox). The server turns the PAN into
 * its keyed fingerprint and the CVV into its keyed MAC, then `authorizeCard` reads the facts under the
 * card's row lock, lets the rules (rules.ts) decide in their fixed order and writes the outcome: for
 * an approval a pending entry against gl:card-settlement, in two round trips. An online
 * payment needs a 3-D Secure authentication value (only its keyed hash reaches the database) or the
 * low-value exemption (docs/cards.md#3-d-secure); other channels ignore the value. A recurring payment
 * needs the reference of the card's agreement with the merchant, which the approval of an online
 * payment the holder authenticated answers (docs/cards.md#recurring-payments). Approvals and declines
 * of a known card reach the customer live. At most once per (caller, Idempotency-Key); the
 * idempotency record never holds the PAN or the CVV, not even hashed without a key: the request is
 * identified by the fingerprint and the MAC.
 */
export async function authorizeCardPayment(
  ctx: AppContext,
  actor: SandboxActor,
  idempotencyKey: string | undefined,
  body: CardAuthorizationRequest,
): Promise<{ status: number; body: CardAuthorizationResponse; replayed: boolean }> {
  const result = await decide(ctx, actor, idempotencyKey, body);
  // Counted once: a replay answers the decision already counted.
  if (!result.replayed) countCardAuthorization(result.body.approved, result.body.reason ?? null);
  return result;
}

async function decide(
  ctx: AppContext,
  actor: SandboxActor,
  idempotencyKey: string | undefined,
  body: CardAuthorizationRequest,
): Promise<{ status: number; body: CardAuthorizationResponse; replayed: boolean }> {
  const key = requireIdempotencyKey(idempotencyKey);
  const secrets = await cardSecrets(ctx.masterKey).macsFor(ctx.db, body.pan);
  const fingerprint = secrets.fingerprint(body.pan);
  const cvvMac = secrets.cvvMac(body.pan, body.cvv);
  const expiry = expiryMonth(body.expiry);
  const authenticationHash =
    body.channel === 'online' && body.authenticationValue ? tokenHash(body.authenticationValue) : null;
  const agreementReference =
    body.channel === 'recurring' && body.agreementReference ? body.agreementReference : null;
  const identified = {
    fingerprint,
    cvvMac,
    expiry: body.expiry,
    amount: body.amount,
    merchant: body.merchant,
    channel: body.channel,
    ...(authenticationHash ? { authenticationHash } : {}),
    ...(agreementReference ? { agreementReference } : {}),
  };

  return idempotent<CardAuthorizationResponse>(ctx.db, sandboxScope(actor), key, identified, async (q) => {
    const now = ctx.clock.now();
    const outcome = await authorizeCard(q, {
      fingerprint,
      cvvMac,
      expiry,
      amount: cents(body.amount),
      merchant: body.merchant,
      channel: body.channel,
      authenticationHash,
      agreementReference,
      now,
    });
    const operatorId = sandboxOperatorId(actor);
    if (operatorId) {
      // An operator's action is audited — by the authorisation's id, never the card number.
      await appendAudit(q, {
        operatorId,
        customerId: outcome.customerId,
        action: 'sandbox.card_authorization',
        details: {
          authorizationId: outcome.authorizationId,
          approved: outcome.approved,
          reason: outcome.reason,
          amount: body.amount,
          merchant: body.merchant,
          channel: body.channel,
        },
        at: now,
      });
    }
    if (outcome.customerId && outcome.cardId) {
      await publishCard(q, outcome.customerId, {
        cardId: outcome.cardId,
        activity: authorizationActivity({
          id: outcome.authorizationId,
          card_id: outcome.cardId,
          customer_id: outcome.customerId,
          amount: cents(body.amount),
          merchant: body.merchant,
          channel: body.channel,
          status: outcome.approved ? 'authorized' : 'declined',
          reason: outcome.reason,
          cleared_amount: null,
          created_at: now,
          cleared_at: null,
          expired_at: null,
        }),
      });
    }
    const response: CardAuthorizationResponse = outcome.approved
      ? {
          approved: true,
          authorizationId: outcome.authorizationId,
          ...(outcome.agreementReference ? { agreementReference: outcome.agreementReference } : {}),
        }
      : {
          approved: false,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
          // An unknown card's decline is recorded, but its id tells the caller nothing.
          ...(outcome.cardId ? { authorizationId: outcome.authorizationId } : {}),
        };
    return { status: 200, body: response };
  });
}
