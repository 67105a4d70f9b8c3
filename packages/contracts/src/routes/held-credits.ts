import { z } from 'zod';
import {
  ApproveHeldCreditRequest,
  CustomerHeldCreditList,
  HeldCredit,
  HeldCreditList,
  HeldCreditsQuery,
  HoldCreditRequest,
  ReleaseHeldCreditRequest,
  ReturnHeldCreditRequest,
} from '../held-credits.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });
const WHO = { operator: ['admin', 'compliance'] } as const;

/**
 * The routes of held-credits/routes.ts: the « Virements retenus » queue for admin and compliance —
 * hold a credit, propose its release or its return, approve another operator's proposal — and the
 * customer's own list.
 */
export const heldCreditsRoutes = {
  getBackofficeHeldCredits: defineRoute({
    method: 'GET',
    path: '/api/backoffice/held-credits',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'Held credits: open (nearest deadline first) or closed (newest decision first)',
    query: HeldCreditsQuery,
    response: { 200: HeldCreditList, ...problems(400, 401, 403) },
  }),
  getBackofficeHeldCreditsById: defineRoute({
    method: 'GET',
    path: '/api/backoffice/held-credits/:id',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'One held credit, with its proposal and decision',
    params: IdParams,
    response: { 200: HeldCredit, ...problems(401, 403, 404) },
  }),
  postBackofficeHeldCredits: defineRoute({
    method: 'POST',
    path: '/api/backoffice/held-credits',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'Hold an incoming credit already booked: it moves from the customer’s account to the suspense account in one entry (audited)',
    body: HoldCreditRequest,
    response: { 201: HeldCredit, ...problems(400, 401, 403, 404, 409) },
  }),
  postBackofficeHeldCreditsByIdRelease: defineRoute({
    method: 'POST',
    path: '/api/backoffice/held-credits/:id/release',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'Propose releasing a held credit to the customer; another operator approves (audited)',
    params: IdParams,
    body: ReleaseHeldCreditRequest,
    response: { 200: HeldCredit, ...problems(400, 401, 403, 404, 409) },
  }),
  postBackofficeHeldCreditsByIdReturn: defineRoute({
    method: 'POST',
    path: '/api/backoffice/held-credits/:id/return',
    auth: WHO,
    tags: ['backoffice'],
    summary: 'Propose returning a held credit to the originator’s bank; another operator approves (audited)',
    params: IdParams,
    body: ReturnHeldCreditRequest,
    response: { 200: HeldCredit, ...problems(400, 401, 403, 404, 409) },
  }),
  postBackofficeHeldCreditsByIdApprove: defineRoute({
    method: 'POST',
    path: '/api/backoffice/held-credits/:id/approve',
    auth: WHO,
    tags: ['backoffice'],
    summary:
      'Approve another operator’s proposal: the release or the return is booked, one balanced entry (audited)',
    params: IdParams,
    body: ApproveHeldCreditRequest.nullish(),
    response: { 200: HeldCredit, ...problems(400, 401, 403, 404, 409) },
  }),
  getHeldCredits: defineRoute({
    method: 'GET',
    path: '/api/held-credits',
    auth: 'customer',
    tags: ['accounts'],
    summary: 'The customer’s incoming credits being verified, and those decided in the last 30 days',
    response: { 200: CustomerHeldCreditList, ...problems(401, 403) },
  }),
};
