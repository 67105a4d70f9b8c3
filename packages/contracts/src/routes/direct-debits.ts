import { z } from 'zod';
import {
  DirectDebitCollection,
  DirectDebitCollectionList,
  DirectDebitMandate,
  DirectDebitMandateList,
  DirectDebitSettings,
  MandateLimits,
  SandboxDirectDebitRequest,
} from '../direct-debits.ts';
import { Problem } from '../problem.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });
const customerProblems = { 400: Problem, 401: Problem, 403: Problem };

/** The routes of direct-debits/routes.ts (customer) and direct-debits/sandbox-routes.ts. */
export const directDebitsRoutes = {
  getDirectDebitsMandates: defineRoute({
    method: 'GET',
    path: '/api/direct-debits/mandates',
    auth: 'customer',
    tags: ['direct-debits'],
    summary: 'The customer’s direct debit mandates, newest first',
    response: { 200: DirectDebitMandateList, ...customerProblems },
  }),
  getDirectDebitsCollections: defineRoute({
    method: 'GET',
    path: '/api/direct-debits/collections',
    auth: 'customer',
    tags: ['direct-debits'],
    summary: 'The customer’s direct debits (announced, refused, booked, returned), latest due date first',
    response: { 200: DirectDebitCollectionList, ...customerProblems },
  }),
  postDirectDebitsCollectionsRefuse: defineRoute({
    method: 'POST',
    path: '/api/direct-debits/collections/:id/refuse',
    auth: 'customer',
    tags: ['direct-debits'],
    summary:
      'Refuse an announced direct debit (until the end of the TARGET2 business day before its due date, Paris time); it is returned MS02',
    params: IdParams,
    response: { 200: DirectDebitCollection, ...customerProblems, 404: Problem, 409: Problem },
  }),
  postDirectDebitsMandatesRevoke: defineRoute({
    method: 'POST',
    path: '/api/direct-debits/mandates/:id/revoke',
    auth: 'customer',
    tags: ['direct-debits'],
    summary: 'Revoke a mandate: its coming collections are returned MD01',
    params: IdParams,
    response: { 200: DirectDebitMandate, ...customerProblems, 404: Problem },
  }),
  putDirectDebitsMandatesLimits: defineRoute({
    method: 'PUT',
    path: '/api/direct-debits/mandates/:id/limits',
    auth: 'customer',
    tags: ['direct-debits'],
    summary:
      'Cap a mandate: an amount per collection, a number of collections per month or year (SL01 beyond)',
    params: IdParams,
    body: MandateLimits,
    response: { 200: DirectDebitMandate, ...customerProblems, 404: Problem, 409: Problem },
  }),
  getDirectDebitsSettings: defineRoute({
    method: 'GET',
    path: '/api/direct-debits/settings',
    auth: 'customer',
    tags: ['direct-debits'],
    summary: 'The customer’s rules for every direct debit',
    response: { 200: DirectDebitSettings, ...customerProblems },
  }),
  putDirectDebitsSettings: defineRoute({
    method: 'PUT',
    path: '/api/direct-debits/settings',
    auth: 'customer',
    tags: ['direct-debits'],
    summary: 'Set the rules for every direct debit: block all, allow only some creditors, block some (AG01)',
    body: DirectDebitSettings,
    response: { 200: DirectDebitSettings, ...customerProblems },
  }),
  postSandboxDirectDebits: defineRoute({
    method: 'POST',
    path: '/api/sandbox/direct-debits',
    auth: 'sandbox',
    headersNeeded: ['Idempotency-Key'],
    tags: ['sandbox'],
    summary:
      'Announce a SEPA direct debit on a customer IBAN, as the creditor’s bank would (Idempotency-Key required)',
    body: SandboxDirectDebitRequest,
    response: { 201: DirectDebitCollection, ...problems(400, 401, 403, 404, 409) },
  }),
  postSandboxDirectDebitsPresent: defineRoute({
    method: 'POST',
    path: '/api/sandbox/direct-debits/:id/present',
    auth: 'sandbox',
    tags: ['sandbox'],
    summary: 'Present an announced direct debit now: booked, or returned with its reason',
    params: IdParams,
    response: { 200: DirectDebitCollection, ...problems(400, 401, 403, 404, 409) },
  }),
} as const;
