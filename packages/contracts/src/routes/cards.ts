import { z } from 'zod';
import { Card, CardActivityList, CardDetails, CardLimitsRequest, CardList } from '../cards.ts';
import { Problem } from '../problem.ts';
import { SCA_TOKEN_HEADER } from '../http.ts';
import { defineRoute, problems } from './define-route.ts';

const CardParams = z.object({ id: z.string().max(64) });

/** The routes of cards/routes.ts. */
export const cardsRoutes = {
  getCards: defineRoute({
    method: 'GET',
    path: '/api/cards',
    auth: 'customer',
    tags: ['cards'],
    summary: 'The customer’s cards, the active one first, with what each spent over 7 and 30 days',
    response: { 200: CardList, 401: Problem, 403: Problem },
  }),
  postCards: defineRoute({
    method: 'POST',
    path: '/api/cards',
    auth: 'customer',
    headersNeeded: ['Idempotency-Key'],
    tags: ['cards'],
    summary: 'Create a card (only when the customer has no active one, else 409)',
    description:
      'Issues a virtual debit card on the main account: a 16-digit Luhn-valid number in the bank’s ' +
      'range, valid 3 years. No Idempotency-Key: a repeated call answers 409 once the first card exists.',
    response: { 201: Card, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postCardsByIdLock: defineRoute({
    method: 'POST',
    path: '/api/cards/:id/lock',
    auth: 'customer',
    tags: ['cards'],
    summary: 'Lock the card for now: every authorisation is declined (« Votre carte est bloquée »)',
    params: CardParams,
    response: { 200: Card, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postCardsByIdUnlock: defineRoute({
    method: 'POST',
    path: '/api/cards/:id/unlock',
    auth: 'customer',
    tags: ['cards'],
    summary: 'Unlock the card',
    params: CardParams,
    response: { 200: Card, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  putCardsByIdLimits: defineRoute({
    method: 'PUT',
    path: '/api/cards/:id/limits',
    auth: 'customer',
    tags: ['cards'],
    summary: 'Set the weekly and monthly limits (cents) and the channels allowed',
    params: CardParams,
    body: CardLimitsRequest,
    response: {
      200: Card,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
      422: Problem,
    },
  }),
  postCardsByIdReveal: defineRoute({
    method: 'POST',
    path: '/api/cards/:id/reveal',
    auth: 'customer',
    headersNeeded: ['X-SCA-Token'],
    tags: ['cards'],
    summary: 'The card’s number, dates and CVV (strong authentication: action `card_reveal`, `{cardId}`)',
    description:
      'The only answer that carries the number and the CVV (`Cache-Control: no-store`). The ' +
      '`X-SCA-Token` must have been issued for this card (else 401 `sca_required`). Limited per customer.',
    params: CardParams,
    headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
    response: {
      200: CardDetails,
      ...problems(401, 403, 404, 409, 429),
    },
  }),
  deleteCardsById: defineRoute({
    method: 'DELETE',
    path: '/api/cards/:id',
    auth: 'customer',
    tags: ['cards'],
    summary: 'Opposition (« Supprimer la carte »): the card is cancelled for good',
    params: CardParams,
    response: { 200: Card, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  getCardsByIdActivity: defineRoute({
    method: 'GET',
    path: '/api/cards/:id/activity',
    auth: 'customer',
    tags: ['cards'],
    summary: 'The card’s payments, declines included, and refunds, newest first (at most 50)',
    params: CardParams,
    response: { 200: CardActivityList, 401: Problem, 403: Problem, 404: Problem },
  }),
} as const;
