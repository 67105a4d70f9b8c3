import type { CardAuthorizationRequest, CardAuthorizationResponse } from '@comptoir/contracts';
import { cents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { countCardAuthorization } from '../../metrics/count.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import { appendAudit } from '../../audit/audit.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { publishCard } from '../events/index.ts';
import { sandboxOperatorId, sandboxScope, type SandboxActor } from '../sandbox/index.ts';
import { authorizationActivity } from './activity-view.ts';
import { callCardAuthorize } from './authorization-queries.ts';
import { cardSecrets } from './card-secrets.ts';

/** `MM/YY` → the first day of that month (`20YY-MM-01`), null when it cannot be read. */
export function expiryMonth(value: string): string | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value.trim());
  return match ? `20${match[2]}-${match[1]}-01` : null;
}

/**
 * The card network asks whether a payment may go through (sandbox). The server turns the PAN into
 * its keyed fingerprint and the CVV into its keyed MAC, then `card_authorize` (migrations 0016, 0039,
 * 0040, 0047) makes the decision and its writes in one round trip: the rules in their fixed order,
 * under the card's row lock, and for an approval a pending entry against gl:card-settlement. An online
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
    const outcome = await callCardAuthorize(q, {
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
        customerId: outcome.o_customer,
        action: 'sandbox.card_authorization',
        details: {
          authorizationId: outcome.o_authorization,
          approved: outcome.o_approved,
          reason: outcome.o_reason,
          amount: body.amount,
          merchant: body.merchant,
          channel: body.channel,
        },
        at: now,
      });
    }
    if (outcome.o_customer && outcome.o_card) {
      await publishCard(ctx, q, outcome.o_customer, {
        cardId: outcome.o_card,
        activity: authorizationActivity({
          id: outcome.o_authorization,
          card_id: outcome.o_card,
          customer_id: outcome.o_customer,
          amount: cents(body.amount),
          merchant: body.merchant,
          channel: body.channel,
          status: outcome.o_approved ? 'authorized' : 'declined',
          reason: outcome.o_reason,
          cleared_amount: null,
          created_at: now,
          cleared_at: null,
          expired_at: null,
        }),
      });
    }
    const response: CardAuthorizationResponse = outcome.o_approved
      ? {
          approved: true,
          authorizationId: outcome.o_authorization,
          ...(outcome.o_agreement ? { agreementReference: outcome.o_agreement } : {}),
        }
      : {
          approved: false,
          ...(outcome.o_reason ? { reason: outcome.o_reason } : {}),
          // An unknown card's decline is recorded, but its id tells the caller nothing.
          ...(outcome.o_card ? { authorizationId: outcome.o_authorization } : {}),
        };
    return { status: 200, body: response };
  });
}
