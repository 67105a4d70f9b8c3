import { IncomingTransferRequest, IncomingTransferResponse } from '../sandbox.ts';
import { defineRoute, problems } from './define-route.ts';

/** The routes of sandbox/routes.ts. */
export const sandboxRoutes = {
  postSandboxIncomingTransfers: defineRoute({
    method: 'POST',
    path: '/api/sandbox/incoming-transfers',
    auth: { sandbox: ['admin', 'compliance'] },
    headersNeeded: ['Idempotency-Key'],
    tags: ['sandbox'],
    summary: 'Simulate an incoming SEPA credit transfer to a customer IBAN (Idempotency-Key required)',
    body: IncomingTransferRequest,
    response: {
      201: IncomingTransferResponse,
      ...problems(400, 401, 403, 404, 409),
    },
  }),
} as const;
