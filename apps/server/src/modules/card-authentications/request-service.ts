import {
  CARD_AUTHENTICATION_TTL_MINUTES,
  type ThreeDsAuthenticationCreated,
  type ThreeDsAuthenticationRequest,
} from '@comptoir/contracts';
import { cents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import {
  AUTHENTICATION_REQUEST_RULES,
  cardSecrets,
  expiryMonth,
  firstDecline,
  lowValueExempt,
} from '../cards/index.ts';
import { sandboxOperatorId, type SandboxActor } from '../../http/sandbox-actor.ts';
import { newAuthenticationValue, valueExpiry } from './authentication-value.ts';
import { announce } from './publish.ts';
import {
  authenticationById,
  insertAuthentication,
  countLowValueExemption,
  lockCardByFingerprint,
  type AuthenticatingCard,
} from './queries.ts';

/**
 * Why the bank rejects the authentication at once — an authorisation's own rules about the card,
 * for an online payment (cards' AUTHENTICATION_REQUEST_RULES) — or null if it may go on.
 */
const rejection = (card: AuthenticatingCard | null, expiry: string | null, now: Date) =>
  firstDecline(AUTHENTICATION_REQUEST_RULES, {
    card: card && {
      status: card.status,
      locked: card.locked,
      expiresMonth: card.expires_month,
      channels: card.channels,
    },
    now,
    channel: 'online',
    expiry,
  });

/**
 * A merchant's 3-D Secure server asks the bank to authenticate an online payment (sandbox,
 * `POST /api/sandbox/3ds/authentications`). Under the card's row lock: an unknown, expired, cancelled
 * or locked card, a wrong expiry or online payments switched off → rejected with its reason; a
 * payment the low-value exemption covers → frictionless, the exemption's counters moved now and the
 * authentication value in the answer (recorded `exempted`, only the value's hash kept); else a
 * challenge the customer has 10 minutes to approve or refuse, announced to them live (and to the
 * event's subscribers: a push message). Every request is recorded; an operator's is audited by the
 * authentication's id, never the card number.
 */
export async function requestCardAuthentication(
  ctx: AppContext,
  actor: SandboxActor,
  body: ThreeDsAuthenticationRequest,
): Promise<ThreeDsAuthenticationCreated> {
  const fingerprint = (await cardSecrets(ctx.masterKey).macsFor(ctx.db, body.pan)).fingerprint(body.pan);
  const expiry = expiryMonth(body.expiry);
  const amount = cents(body.amount);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const card = await lockCardByFingerprint(q, fingerprint);
    const reason = rejection(card, expiry, now);
    const common = {
      cardId: card?.id ?? null,
      customerId: card?.customer_id ?? null,
      amount,
      merchant: body.merchant,
      merchantUrl: body.merchantUrl ?? null,
      createdAt: now,
    };
    let answer: ThreeDsAuthenticationCreated;
    if (reason || !card) {
      const rejected = reason ?? 'unknown_card';
      const id = await insertAuthentication(q, {
        ...common,
        status: 'rejected',
        reason: rejected,
        valueHash: null,
        valueExpiresAt: null,
        expiresAt: now,
      });
      answer = { id, status: 'rejected', reason: rejected };
    } else if (lowValueExempt({ amount: card.exemption_amount, count: card.exemption_count }, amount)) {
      await countLowValueExemption(q, card.id, amount);
      const { value, hash } = newAuthenticationValue();
      const id = await insertAuthentication(q, {
        ...common,
        status: 'exempted',
        reason: null,
        valueHash: hash,
        valueExpiresAt: valueExpiry(now),
        expiresAt: now,
      });
      answer = { id, status: 'frictionless', authenticationValue: value };
    } else {
      const id = await insertAuthentication(q, {
        ...common,
        status: 'pending',
        reason: null,
        valueHash: null,
        valueExpiresAt: null,
        expiresAt: new Date(now.getTime() + CARD_AUTHENTICATION_TTL_MINUTES * 60_000),
      });
      const row = await authenticationById(q, id);
      if (row) await announce(q, row, now);
      answer = { id, status: 'challenge' };
    }

    const operatorId = sandboxOperatorId(actor);
    if (operatorId) {
      await appendAudit(q, {
        operatorId,
        customerId: card?.customer_id ?? null,
        action: 'sandbox.card_authentication',
        details: {
          authenticationId: answer.id,
          status: answer.status,
          reason: answer.reason ?? null,
          amount: body.amount,
          merchant: body.merchant,
        },
        at: now,
      });
    }
    return answer;
  });
}
