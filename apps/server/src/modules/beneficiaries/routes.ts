import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Beneficiary,
  BeneficiaryList,
  CreateBeneficiaryRequest,
  PayeeVerification,
  PayeeVerificationRequest,
  Problem,
  SCA_TOKEN_HEADER,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { addBeneficiary } from './add-service.ts';
import { removeBeneficiary } from './delete-service.ts';
import { listBeneficiaries } from './list-service.ts';
import { verifyPayee } from './payee-verification-service.ts';

const NoContent = z.undefined().describe('No content');

/**
 * Verification of Payee can be used to probe names behind IBANs: limited per customer (whatever
 * the session), counted after the session guard has identified them.
 */
export const PAYEE_VERIFICATION_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

/** Beneficiaries and Verification of Payee (SPEC §5 « Virements », §10), under `/api`. */
export const beneficiaryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    app.get(
      '/beneficiaries',
      {
        schema: {
          tags: ['beneficiaries'],
          summary: 'The signed-in customer’s beneficiaries, newest first',
          response: { 200: BeneficiaryList, 401: Problem, 403: Problem },
        },
      },
      (request) => listBeneficiaries(ctx, actingCustomer(request)),
    );

    app.post(
      '/beneficiaries',
      {
        schema: {
          tags: ['beneficiaries'],
          summary: 'Add a beneficiary (strong authentication: action `beneficiary`, details `{iban}`)',
          description:
            'The IBAN is checked (country format, mod-97) and the BIC (this bank’s own for its IBANs). ' +
            'Verification of Payee runs again on the server; a `no_match` needs `confirmedMismatch: true` ' +
            '(else 409). The `X-SCA-Token` must have been issued for `{iban}` in electronic format (else 401 `sca_required`).',
          headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
          body: CreateBeneficiaryRequest,
          response: { 201: Beneficiary, 400: Problem, 401: Problem, 403: Problem, 409: Problem },
        },
      },
      async (request, reply) => {
        const created = await addBeneficiary(
          ctx,
          actingCustomer(request),
          request.body,
          request.headers[SCA_TOKEN_HEADER],
        );
        return reply.status(201).send(created);
      },
    );

    app.delete(
      '/beneficiaries/:id',
      {
        schema: {
          tags: ['beneficiaries'],
          summary: 'Delete one of the customer’s beneficiaries',
          params: z.object({ id: z.string().max(64) }),
          response: { 204: NoContent, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      async (request, reply) => {
        await removeBeneficiary(ctx, actingCustomer(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/payee-verification',
      {
        config: {
          rateLimit: ctx.config.rateLimits
            ? {
                ...PAYEE_VERIFICATION_LIMIT,
                hook: 'preHandler',
                keyGenerator: (request: FastifyRequest) =>
                  `payee-verification:${request.customerSession?.customerId ?? request.ip}`,
              }
            : false,
        },
        schema: {
          tags: ['beneficiaries'],
          summary: 'Verification of Payee: does this name match the IBAN’s holder?',
          description:
            '`match`, `close_match` (with the holder’s name), `no_match` (no name) or `not_possible` ' +
            '(another bank that cannot be asked). Limited per customer.',
          body: PayeeVerificationRequest,
          response: { 200: PayeeVerification, 400: Problem, 401: Problem, 403: Problem, 429: Problem },
        },
      },
      (request) => verifyPayee(ctx, request.body),
    );
  };
