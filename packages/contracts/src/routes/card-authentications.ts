import { z } from 'zod';
import {
  CardAuthentication,
  CardAuthenticationList,
  ThreeDsAuthenticationCreated,
  ThreeDsAuthenticationRequest,
  ThreeDsAuthenticationStatus,
} from '../card-authentications.ts';
import { Problem } from '../problem.ts';
import { SCA_TOKEN_HEADER } from '../http.ts';
import { defineRoute } from './define-route.ts';

const AuthenticationParams = z.object({ id: z.string().max(64) });

/** The routes of cards' 3-D Secure: the customer's answers, and the merchant's side in the sandbox. */
export const cardAuthenticationsRoutes = {
  getCardAuthentications: defineRoute({
    method: 'GET',
    path: '/api/card-authentications',
    auth: 'customer',
    tags: ['cards'],
    summary: 'Online card payments to confirm (3-D Secure): the pending ones, then the recent ones',
    response: { 200: CardAuthenticationList, 401: Problem, 403: Problem },
  }),
  postCardAuthenticationsByIdApprove: defineRoute({
    method: 'POST',
    path: '/api/card-authentications/:id/approve',
    auth: 'customer',
    headersNeeded: ['X-SCA-Token'],
    tags: ['cards'],
    summary:
      'Approve an online card payment (strong authentication: action `card_authentication`, `{authenticationId, amount, merchant}`)',
    description:
      'The `X-SCA-Token` must have been issued for this authentication, its amount and its merchant ' +
      '(else 401 `sca_required`). 409 once it is no longer pending (decided, or expired after 10 minutes).',
    params: AuthenticationParams,
    headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
    response: { 200: CardAuthentication, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postCardAuthenticationsByIdRefuse: defineRoute({
    method: 'POST',
    path: '/api/card-authentications/:id/refuse',
    auth: 'customer',
    tags: ['cards'],
    summary: 'Refuse an online card payment: the merchant’s authentication is rejected',
    params: AuthenticationParams,
    response: { 200: CardAuthentication, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postSandbox3dsAuthentications: defineRoute({
    method: 'POST',
    path: '/api/sandbox/3ds/authentications',
    auth: { sandbox: ['admin', 'compliance'] },
    tags: ['sandbox'],
    summary:
      'A merchant’s 3-D Secure server asks to authenticate an online payment: frictionless, challenge or rejected',
    body: ThreeDsAuthenticationRequest,
    response: {
      201: ThreeDsAuthenticationCreated,
      400: Problem,
      401: Problem,
      403: Problem,
    },
  }),
  getSandbox3dsAuthenticationsById: defineRoute({
    method: 'GET',
    path: '/api/sandbox/3ds/authentications/:id',
    auth: { sandbox: ['admin', 'compliance'] },
    tags: ['sandbox'],
    summary: 'Where a 3-D Secure authentication stands, with its authentication value once authenticated',
    params: AuthenticationParams,
    response: { 200: ThreeDsAuthenticationStatus, 401: Problem, 403: Problem, 404: Problem },
  }),
} as const;
