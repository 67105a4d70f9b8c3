import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IncomingTransferRequest, IncomingTransferResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sandboxActor, sandboxGuard } from './guard.ts';
import { simulateIncomingTransfer } from './service.ts';
import { problems } from '../../http/openapi-problems.ts';

/**
 * Sandbox tools (registered under /api/sandbox only in sandbox mode): an admin or compliance operator
 * session, or the sandbox key (`Authorization: Bearer <SANDBOX_API_KEY>`) when one is configured.
 */
export const sandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/incoming-transfers',
      {
        // Crediting money is not a support task: admin and compliance only (or the sandbox key).
        preHandler: sandboxGuard(ctx),
        schema: {
          tags: ['sandbox'],
          summary: 'Simulate an incoming SEPA credit transfer to a customer IBAN (Idempotency-Key required)',
          body: IncomingTransferRequest,
          response: {
            201: IncomingTransferResponse,
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const result = await simulateIncomingTransfer(
          ctx,
          sandboxActor(request),
          typeof key === 'string' ? key : undefined,
          request.body,
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(result.status as 201).send(result.body);
      },
    );
  };
