import { z } from 'zod';
import {
  ApprovePsd2AuthorisationRequest,
  BlockPsd2TppRequest,
  CreatePsd2FundsConsentRequest,
  Psd2Authorisation,
  Psd2AuthorisationOutcome,
  Psd2Certificate,
  Psd2CertificateRequest,
  Psd2Consent,
  Psd2ConsentList,
  Psd2PendingAuthorisationList,
  Psd2TppList,
  Psd2TppSeen,
} from '../psd2.ts';
import { SCA_TOKEN_HEADER } from '../http.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of psd2/routes.ts: the customer's side of open banking (the authorisation page a TPP
 * redirects to, « Accès tiers »), the back office's TPPs and the sandbox's certificate issuer.
 */
export const psd2Routes = {
  getPsd2Authorisations: defineRoute({
    method: 'GET',
    path: '/api/psd2/authorisations',
    auth: 'customer',
    tags: ['psd2'],
    summary:
      'The requests TPPs asked the signed-in customer to decide in the app (decoupled approach), still open, soonest to expire first',
    response: { 200: Psd2PendingAuthorisationList, ...problems(401, 403) },
  }),
  getPsd2AuthorisationsById: defineRoute({
    method: 'GET',
    path: '/api/psd2/authorisations/:id',
    auth: 'customer',
    tags: ['psd2'],
    summary: 'What a TPP asks the signed-in customer to authorise, with the accounts the customer may grant',
    params: IdParams,
    response: { 200: Psd2Authorisation, ...problems(401, 403, 404) },
  }),
  postPsd2AuthorisationsByIdApprove: defineRoute({
    method: 'POST',
    path: '/api/psd2/authorisations/:id/approve',
    auth: 'customer',
    headersNeeded: ['X-SCA-Token'],
    tags: ['psd2'],
    summary:
      'Grant the consent on the chosen accounts (strong authentication: action `psd2_consent`, `{authorisationId, accountIds, validUntil, frequencyPerDay}`), ' +
      'or approve the payment from its account (action `psd2_payment`, `psd2PaymentScaDetails`): every rule of the customer’s own transfers applies',
    params: IdParams,
    headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
    body: ApprovePsd2AuthorisationRequest,
    response: { 200: Psd2AuthorisationOutcome, ...problems(400, 401, 403, 404, 409) },
  }),
  postPsd2AuthorisationsByIdDeny: defineRoute({
    method: 'POST',
    path: '/api/psd2/authorisations/:id/deny',
    auth: 'customer',
    tags: ['psd2'],
    summary:
      'Refuse what the TPP asks: the consent is rejected and the browser goes back to its « not OK » address',
    params: IdParams,
    response: { 200: Psd2AuthorisationOutcome, ...problems(401, 403, 404, 409) },
  }),
  getPsd2Consents: defineRoute({
    method: 'GET',
    path: '/api/psd2/consents',
    auth: 'customer',
    tags: ['psd2'],
    summary: '« Accès tiers »: each access granted to a TPP, current ones first',
    response: { 200: Psd2ConsentList, ...problems(401, 403) },
  }),
  postPsd2FundsConsents: defineRoute({
    method: 'POST',
    path: '/api/psd2/funds-consents',
    auth: 'customer',
    headersNeeded: ['X-SCA-Token'],
    tags: ['psd2'],
    summary:
      'Let a card issuer confirm funds on one account (strong authentication: action `psd2_funds_consent`, `{organisationId, accountId, validUntil}`)',
    description:
      'The card issuer must be known to the interface with the PSP_IC role, and not blocked (404 `psd2_funds_provider_unknown` otherwise). ' +
      'It may then ask `POST /psd2/v1/funds-confirmations` whether an amount is available on that account, until `validUntil`.',
    headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
    body: CreatePsd2FundsConsentRequest,
    response: { 201: Psd2Consent, ...problems(400, 401, 403, 404, 409) },
  }),
  postPsd2ConsentsByIdRevoke: defineRoute({
    method: 'POST',
    path: '/api/psd2/consents/:id/revoke',
    auth: 'customer',
    tags: ['psd2'],
    summary: 'Revoke a TPP’s access: its next call answers 401 `CONSENT_INVALID`',
    params: IdParams,
    response: { 200: Psd2Consent, ...problems(401, 403, 404, 409) },
  }),
  getBackofficePsd2Tpps: defineRoute({
    method: 'GET',
    path: '/api/backoffice/psd2/tpps',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'The TPPs the PSD2 interface has seen: identity, roles, first and last call',
    response: { 200: Psd2TppList, ...problems(401, 403) },
  }),
  postBackofficePsd2TppsByIdBlock: defineRoute({
    method: 'POST',
    path: '/api/backoffice/psd2/tpps/:id/block',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Deny a TPP access to the interface (PSD2 art. 68(5)), with the reason (audited)',
    params: IdParams,
    body: BlockPsd2TppRequest,
    response: { 200: Psd2TppSeen, ...problems(400, 401, 403, 404, 409) },
  }),
  postSandboxPsd2Certificates: defineRoute({
    method: 'POST',
    path: '/api/sandbox/psd2/certificates',
    auth: { sandbox: ['admin', 'compliance'] },
    tags: ['sandbox'],
    summary: 'Issue a TPP certificate (PEM, with its key) from the sandbox’s test authority',
    body: Psd2CertificateRequest,
    response: { 201: Psd2Certificate, ...problems(400, 401, 403) },
  }),
} as const;
