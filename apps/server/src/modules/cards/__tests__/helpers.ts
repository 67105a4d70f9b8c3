import type { FastifyInstance } from 'fastify';
import { SCA_TOKEN_HEADER, type Card } from '@comptoir/contracts';
import type { AppContext } from '../../../context.ts';
import { customerCall, type CustomerMethod } from '../../../testing/customer-call.ts';
import { grantScaToken } from '../../sca/__tests__/testing.ts';

/** HTTP helpers for the customer card tests (never imported by production code). */

export type Method = CustomerMethod;

export const cardCall = customerCall;

/** « Créer une carte » for a signed-in customer; throws unless it answers 201. */
export async function createCardFor(app: FastifyInstance, cookie: string): Promise<Card> {
  const res = await cardCall(app, 'POST', '/api/cards', cookie);
  if (res.statusCode !== 201) throw new Error(`create card: ${res.statusCode} ${res.body}`);
  return res.json<Card>();
}

/** Reveals a card with a freshly granted SCA token bound to it. */
export async function revealFor(
  ctx: AppContext,
  app: FastifyInstance,
  customerId: string,
  cookie: string,
  cardId: string,
) {
  const token = await grantScaToken(ctx, customerId, 'card_reveal', { cardId });
  return cardCall(app, 'POST', `/api/cards/${cardId}/reveal`, cookie, {}, { [SCA_TOKEN_HEADER]: token });
}

export const LIMITS = {
  weeklyLimit: 20_000,
  monthlyLimit: 50_000,
  channels: { online: true, inStore: false, atm: true, recurring: false },
};
