import { z } from 'zod';
import { SCA_TOKEN_HEADER } from '../http.ts';
import { defineRoute, problems } from './define-route.ts';

/** The routes of data-export/routes.ts. */
export const dataExportRoutes = {
  getMeDataExport: defineRoute({
    method: 'GET',
    path: '/api/me/data-export',
    auth: 'customer',
    headersNeeded: ['X-SCA-Token'],
    tags: ['profile'],
    summary: 'All the customer’s data in one JSON file (strong authentication: action `data_export`, `{}`)',
    description:
      'A file (`Content-Disposition: attachment`) with a `readme` describing every field in French: ' +
      'profile, accounts and Espaces, every operation, beneficiaries, transfers, cards (last four ' +
      'digits), messages, notifications, sessions, second factors, consents, document requests and ' +
      'identity documents (metadata). Never a secret. `X-SCA-Token` issued for `data_export` (else ' +
      '401 `sca_required`). Limited per customer.',
    headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
    response: {
      200: {
        description: 'The JSON file, streamed',
        content: { 'application/json': { schema: z.unknown() } },
      },
      ...problems(401, 403, 429),
    },
  }),
} as const;
