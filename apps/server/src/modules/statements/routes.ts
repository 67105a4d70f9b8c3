import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BalanceCertificatePdf,
  Problem,
  StatementCamt053,
  StatementCsv,
  StatementParams,
  StatementPdf,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { balanceCertificatePdf, type DownloadFile } from './certificate-service.ts';
import { statementFile, type StatementFormat } from './statement-files-service.ts';

/** An error answer of a route whose success is not JSON. */
const problemJson = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

const FORMATS: {
  format: StatementFormat;
  suffix: string;
  contentType: string;
  schema: typeof StatementPdf;
  name: string;
}[] = [
  {
    format: 'pdf',
    suffix: 'pdf',
    contentType: 'application/pdf',
    schema: StatementPdf,
    name: 'PDF, A4, in French',
  },
  {
    format: 'csv',
    suffix: 'csv',
    contentType: 'text/csv; charset=utf-8',
    schema: StatementCsv,
    name: 'CSV (UTF-8 with BOM, « ; », decimal comma, CRLF)',
  },
  {
    format: 'camt053',
    suffix: 'camt053.xml',
    contentType: 'application/xml',
    schema: StatementCamt053,
    name: 'ISO 20022 camt.053.001.08',
  },
];

const send = (reply: FastifyReply, file: DownloadFile, contentType: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes));

export const statementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    for (const f of FORMATS)
      app.get(
        `/accounts/:id/statements/:month.${f.suffix}`,
        {
          schema: {
            tags: ['statements'],
            summary: `A month’s statement of the account (Luxembourg time), ${f.name}`,
            params: StatementParams,
            response: {
              200: {
                description: `The statement, as an attachment named Releve-Comptoir-<YYYY-MM>.${f.suffix}`,
                content: { [f.contentType]: { schema: f.schema } },
              },
              400: problemJson('Malformed month (expected YYYY-MM)'),
              401: problemJson('No live customer session'),
              403: problemJson('The customer’s account is not open yet'),
              404: problemJson(
                'Unknown account, or another customer’s (the same answer); or a month before the account’s opening or after the current one',
              ),
            },
          },
        },
        async (request, reply) => {
          const file = await statementFile(
            ctx,
            actingCustomer(request),
            request.params.id,
            request.params.month,
            f.format,
          );
          return send(reply, file, f.contentType);
        },
      );

    app.get(
      '/accounts/:id/balance-certificate.pdf',
      {
        schema: {
          tags: ['statements'],
          summary: 'A balance certificate (« attestation de solde ») of the account at the moment of issue',
          params: z.object({ id: z.string().max(20) }),
          response: {
            200: {
              description: 'The certificate, as an attachment',
              content: { 'application/pdf': { schema: BalanceCertificatePdf } },
            },
            401: problemJson('No live customer session'),
            403: problemJson('The customer’s account is not open yet'),
            404: problemJson('Unknown account, or another customer’s (the same answer)'),
            409: problemJson('The account has no IBAN (an Espace), or is closed'),
          },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await balanceCertificatePdf(ctx, actingCustomer(request), request.params.id),
          'application/pdf',
        ),
    );
  };
