import {
  CardAuthorizationRequest,
  CardAuthorizationResponse,
  CardClearingRequest,
  CardClearingResponse,
  CardRefundRequest,
  CardRefundResponse,
} from '../cards.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

/** The routes of cards/sandbox-routes.ts. */
export const cardsSandboxRoutes = {
  postSandboxCardAuthorizations: defineRoute({
    method: 'POST',
    path: '/api/sandbox/card-authorizations',
    auth: { sandbox: ['admin', 'compliance'] },
    headersNeeded: ['Idempotency-Key'],
    tags: ['sandbox'],
    summary:
      'Ask for a card payment authorisation: approved or declined with its reason (Idempotency-Key required)',
    body: CardAuthorizationRequest,
    response: {
      200: CardAuthorizationResponse,
      400: Problem,
      401: Problem,
      403: Problem,
      409: Problem,
    },
  }),
  postSandboxCardClearings: defineRoute({
    method: 'POST',
    path: '/api/sandbox/card-clearings',
    auth: { sandbox: ['admin', 'compliance'] },
    tags: ['sandbox'],
    summary: 'Settle an approved authorisation (amount within ±15 % of the authorised one)',
    body: CardClearingRequest,
    response: {
      200: CardClearingResponse,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
      422: Problem,
    },
  }),
  postSandboxCardRefunds: defineRoute({
    method: 'POST',
    path: '/api/sandbox/card-refunds',
    auth: { sandbox: ['admin', 'compliance'] },
    headersNeeded: ['Idempotency-Key'],
    tags: ['sandbox'],
    summary: 'A merchant refunds a card payment: credits the card’s account (Idempotency-Key required)',
    body: CardRefundRequest,
    response: {
      201: CardRefundResponse,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
    },
  }),
} as const;
