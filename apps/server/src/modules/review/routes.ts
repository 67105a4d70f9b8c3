import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApproveResponse,
  BackofficeCustomerDetail,
  BackofficeCustomersPage,
  BackofficeCustomersQuery,
  BackofficeCustomerUpdate,
  BackofficeDocument,
  Problem,
  RejectRequest,
  RequestCorrectionsRequest,
  ReviewStatusResponse,
  type OperatorRole,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../operators/guard.ts';
import { getCustomer, listCustomers, updateCustomer } from './customers-service.ts';
import { approveApplication, rejectApplication, requestCorrections } from './review-service.ts';
import { listCustomerDocuments, viewDocument } from './customer-documents-service.ts';
import { problems } from '../../http/openapi-problems.ts';

/** Who reviews applications and sees identity documents. Support reads customers only. */
const REVIEWERS: readonly OperatorRole[] = ['admin', 'compliance'];
const IdParams = z.object({ id: z.string().max(64) });

/** Customer review (SPEC §7, §10), mounted under /api/backoffice. */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyOperator = operatorGuard(ctx);
    const reviewer = operatorGuard(ctx, REVIEWERS);

    app.get(
      '/customers',
      {
        preHandler: anyOperator,
        schema: {
          tags: ['backoffice'],
          summary: 'Customers table: search, status filter, applications to review first, cursor pagination',
          querystring: BackofficeCustomersQuery,
          response: { 200: BackofficeCustomersPage, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => listCustomers(ctx, request.query),
    );

    app.get(
      '/customers/:id',
      {
        preHandler: anyOperator,
        schema: {
          tags: ['backoffice'],
          summary: 'Manage panel: identity, accounts and balances (read-only), application, corrections',
          params: IdParams,
          response: { 200: BackofficeCustomerDetail, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => getCustomer(ctx, request.params.id),
    );

    app.patch(
      '/customers/:id',
      {
        preHandler: reviewer,
        schema: {
          tags: ['backoffice'],
          summary: 'Edit personal data (admin, compliance; audited)',
          params: IdParams,
          body: BackofficeCustomerUpdate,
          response: {
            200: BackofficeCustomerDetail,
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      (request) => updateCustomer(ctx, actingOperator(request), request.params.id, request.body),
    );

    app.post(
      '/customers/:id/approve',
      {
        preHandler: reviewer,
        schema: {
          tags: ['backoffice'],
          summary: 'Approve the application: open the account (LU IBAN), welcome mail (admin, compliance)',
          params: IdParams,
          response: { 200: ApproveResponse, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      (request) => approveApplication(ctx, actingOperator(request), request.params.id),
    );

    app.post(
      '/customers/:id/request-corrections',
      {
        preHandler: reviewer,
        schema: {
          tags: ['backoffice'],
          summary: 'Ask the applicant for corrections (reasons, documents to upload again)',
          params: IdParams,
          body: RequestCorrectionsRequest,
          response: {
            200: ReviewStatusResponse,
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      (request) => requestCorrections(ctx, actingOperator(request), request.params.id, request.body),
    );

    app.post(
      '/customers/:id/reject',
      {
        preHandler: reviewer,
        schema: {
          tags: ['backoffice'],
          summary: 'Reject the application with a reason (mailed)',
          params: IdParams,
          body: RejectRequest,
          response: {
            200: ReviewStatusResponse,
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      (request) => rejectApplication(ctx, actingOperator(request), request.params.id, request.body.reason),
    );

    app.get(
      '/customers/:id/documents',
      {
        preHandler: reviewer,
        schema: {
          tags: ['backoffice'],
          summary: 'Identity documents of the application (metadata)',
          params: IdParams,
          response: { 200: z.array(BackofficeDocument), 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => listCustomerDocuments(ctx, request.params.id),
    );

    app.get(
      '/documents/:id',
      {
        preHandler: reviewer,
        schema: {
          tags: ['backoffice'],
          summary: 'One identity document, decrypted (attachment; every view is audited)',
          params: IdParams,
          produces: ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'],
          response: {
            200: z.unknown().meta({ description: 'The file (binary)' }),
            ...problems(401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const file = await viewDocument(ctx, actingOperator(request), request.params.id);
        return reply
          .header('content-type', file.mime)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'no-store')
          .send(file.bytes);
      },
    );
  };
