import { z } from 'zod';
import { Problem } from '../problem.ts';
import {
  CreateTransferRequest,
  CreateTransferResponse,
  Transfer,
  TransferList,
  TransferListQuery,
} from '../transfers.ts';
import { defineRoute, problems } from './define-route.ts';

const TransferParams = z.object({ id: z.string().max(64) });

/** The routes of transfers/routes.ts. */
export const transfersRoutes = {
  postTransfers: defineRoute({
    method: 'POST',
    path: '/api/transfers',
    auth: 'customer',
    headersNeeded: ['Idempotency-Key', 'X-SCA-Token'],
    tags: ['transfers'],
    summary:
      'Send a transfer (instant or one-off). Idempotency-Key required; X-SCA-Token bound to {amount, payeeIban, payeeName} unless the payee is one of the customer’s own accounts',
    body: CreateTransferRequest,
    response: {
      201: CreateTransferResponse,
      ...problems(400, 401, 403, 404, 409, 422),
    },
  }),
  getTransfers: defineRoute({
    method: 'GET',
    path: '/api/transfers',
    auth: 'customer',
    tags: ['transfers'],
    summary: 'The customer’s upcoming (scheduled, pending) and recent transfers',
    query: TransferListQuery,
    response: { 200: TransferList, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  getTransfersById: defineRoute({
    method: 'GET',
    path: '/api/transfers/:id',
    auth: 'customer',
    tags: ['transfers'],
    summary: 'One of the customer’s transfers',
    params: TransferParams,
    response: { 200: Transfer, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  deleteTransfersById: defineRoute({
    method: 'DELETE',
    path: '/api/transfers/:id',
    auth: 'customer',
    tags: ['transfers'],
    summary: 'Cancel a pending or scheduled one-off transfer (a monthly series stops)',
    params: TransferParams,
    response: { 200: Transfer, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
} as const;
