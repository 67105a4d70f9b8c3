import { z } from 'zod';
import {
  BackofficeCustomerDirectDebits,
  BackofficeDirectDebitClaim,
  BackofficeDirectDebitClaimList,
  CreateDirectDebitClaim,
  DecideDirectDebitClaim,
  DirectDebitClaim,
  DirectDebitClaimStatus,
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
  postDirectDebitsCollectionsRefund: defineRoute({
    method: 'POST',
    path: '/api/direct-debits/collections/:id/refund',
    auth: 'customer',
    tags: ['direct-debits'],
    summary:
      'Refund a debited collection without question, within 8 weeks of its debit date: credited at once, value-dated on the debit date (no SCA)',
    params: IdParams,
    response: { 200: DirectDebitCollection, ...customerProblems, 404: Problem, 409: Problem },
  }),
  postDirectDebitsCollectionsClaims: defineRoute({
    method: 'POST',
    path: '/api/direct-debits/collections/:id/claims',
    auth: 'customer',
    tags: ['direct-debits'],
    summary:
      'Contest an unauthorised collection within 13 months of its debit date; compliance decides, an acceptance credits it back',
    params: IdParams,
    body: CreateDirectDebitClaim,
    response: { 201: DirectDebitClaim, ...customerProblems, 404: Problem, 409: Problem },
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
  // Every operator reads; admin and compliance decide claims, as for identity change requests.
  getBackofficeCustomersByIdDirectDebits: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/direct-debits',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'A customer’s mandates, collections and direct-debit rules',
    params: IdParams,
    response: { 200: BackofficeCustomerDirectDebits, ...problems(401, 403, 404) },
  }),
  getBackofficeDirectDebitClaims: defineRoute({
    method: 'GET',
    path: '/api/backoffice/direct-debit-claims',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'The direct-debit claims, oldest pending first (or of one status)',
    query: z.object({ status: DirectDebitClaimStatus.optional() }),
    response: { 200: BackofficeDirectDebitClaimList, ...problems(400, 401, 403) },
  }),
  postBackofficeDirectDebitClaimsByIdDecision: defineRoute({
    method: 'POST',
    path: '/api/backoffice/direct-debit-claims/:id/decision',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Decide a claim (compliance): accept credits the amount back value-dated on the debit date, reject keeps it; audited, the customer is told',
    params: IdParams,
    body: DecideDirectDebitClaim,
    response: { 200: BackofficeDirectDebitClaim, ...problems(400, 401, 403, 404, 409) },
  }),
  postSandboxDirectDebits: defineRoute({
    method: 'POST',
    path: '/api/sandbox/direct-debits',
    auth: { sandbox: ['admin', 'compliance'] },
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
    auth: { sandbox: ['admin', 'compliance'] },
    tags: ['sandbox'],
    summary: 'Present an announced direct debit now: booked, or returned with its reason',
    params: IdParams,
    response: { 200: DirectDebitCollection, ...problems(400, 401, 403, 404, 409) },
  }),
} as const;
