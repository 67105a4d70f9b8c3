import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { balanceCertificatePdf, type DownloadFile } from './certificate-service.ts';
import { statementDownload, type StatementFormat } from './statement-files-service.ts';
import { registerRoute } from '../../http/register-route.ts';

const FORMATS = [
  { format: 'pdf', contentType: 'application/pdf', route: routes.getAccountsByIdStatementsByMonthPdf },
  {
    format: 'csv',
    contentType: 'text/csv; charset=utf-8',
    route: routes.getAccountsByIdStatementsByMonthCsv,
  },
  {
    format: 'camt053',
    contentType: 'application/xml',
    route: routes.getAccountsByIdStatementsByMonthCamt053Xml,
  },
] as const satisfies readonly { format: StatementFormat; contentType: string; route: unknown }[];

const attachment = (reply: FastifyReply, filename: string, contentType: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');

const send = (reply: FastifyReply, file: DownloadFile, contentType: string) =>
  attachment(reply, file.filename, contentType).send(Buffer.from(file.bytes));

export const statementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const f of FORMATS)
      registerRoute(app, f.route, async (request, reply) => {
        const file = await statementDownload(
          ctx,
          actingCustomer(request),
          request.params.id,
          request.params.month,
          f.format,
        );
        // Written as it is read from the ledger; a failure midway cuts the download short.
        file.body.on('error', (error) => {
          if (error.name !== 'DownloadAbandoned') request.log.error({ err: error }, 'statement failed');
        });
        return attachment(reply, file.filename, f.contentType).send(file.body);
      });

    registerRoute(app, routes.getAccountsByIdBalanceCertificatePdf, async (request, reply) =>
      send(
        reply,
        await balanceCertificatePdf(ctx, actingCustomer(request), request.params.id),
        'application/pdf',
      ),
    );
  };
