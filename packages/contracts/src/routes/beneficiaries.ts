import { z } from 'zod';
import {
  Beneficiary,
  BeneficiaryList,
  CreateBeneficiaryRequest,
  PayeeVerification,
  PayeeVerificationRequest,
} from '../beneficiaries.ts';
import { Problem } from '../problem.ts';
import { SCA_TOKEN_HEADER } from '../http.ts';
import { defineRoute, NoContent } from './define-route.ts';

/** The routes of beneficiaries/routes.ts. */
export const beneficiariesRoutes = {
  getBeneficiaries: defineRoute({
    method: 'GET',
    path: '/api/beneficiaries',
    auth: 'customer',
    tags: ['beneficiaries'],
    summary: 'The signed-in customer’s beneficiaries, newest first',
    response: { 200: BeneficiaryList, 401: Problem, 403: Problem },
  }),
  postBeneficiaries: defineRoute({
    method: 'POST',
    path: '/api/beneficiaries',
    auth: 'customer',
    headersNeeded: ['X-SCA-Token'],
    tags: ['beneficiaries'],
    summary: 'Add a beneficiary (strong authentication: action `beneficiary`, details `{iban}`)',
    description:
      'The IBAN is checked (country format, mod-97) and the BIC (this bank’s own for its IBANs). ' +
      'Verification of Payee runs again on the server; a `no_match` needs `confirmedMismatch: true` ' +
      '(else 409). The `X-SCA-Token` must have been issued for `{iban}` in electronic format (else 401 `sca_required`).',
    headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
    body: CreateBeneficiaryRequest,
    response: { 201: Beneficiary, 400: Problem, 401: Problem, 403: Problem, 409: Problem },
  }),
  deleteBeneficiariesById: defineRoute({
    method: 'DELETE',
    path: '/api/beneficiaries/:id',
    auth: 'customer',
    tags: ['beneficiaries'],
    summary: 'Delete one of the customer’s beneficiaries',
    params: z.object({ id: z.string().max(64) }),
    response: { 204: NoContent, 401: Problem, 403: Problem, 404: Problem },
  }),
  postPayeeVerification: defineRoute({
    method: 'POST',
    path: '/api/payee-verification',
    auth: 'customer',
    tags: ['beneficiaries'],
    summary: 'Verification of Payee: does this name match the IBAN’s holder?',
    description:
      '`match`, `close_match` (with the holder’s name), `no_match` (no name) or `not_possible` ' +
      '(another bank that cannot be asked). Limited per customer.',
    body: PayeeVerificationRequest,
    response: { 200: PayeeVerification, 400: Problem, 401: Problem, 403: Problem, 429: Problem },
  }),
} as const;
