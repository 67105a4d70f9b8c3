import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TLSSocket } from 'node:tls';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { errorHandler, problem, sendProblem } from './http/problem.ts';
import { csrfGuard } from './http/csrf.ts';
import { apiDocsPolicy, cspDirectives } from './http/csp.ts';
import { hostGuard } from './http/host-guard.ts';
import { createLogger, type LogStream } from './log.ts';
import { requestIdOf } from './http/request-id.ts';
import { accessLog } from './http/access-log.ts';
import { rateLimitStorage } from './http/rate-limit-store.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import { frameworkErrors } from './http/framework-errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { provideRouteGuards } from './http/route-guard.ts';
import {
  SECURITY_SCHEMES,
  transformObjectWithProblems,
  transformWithProblems,
} from './http/openapi-problems.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { institutionRoutes } from './modules/institution/routes.ts';
import { publicProfile } from './modules/institution/index.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { statementRoutes } from './modules/statements/routes.ts';
import { beneficiaryRoutes } from './modules/beneficiaries/routes.ts';
import { transferRoutes } from './modules/transfers/routes.ts';
import { directDebitRoutes } from './modules/direct-debits/routes.ts';
import { directDebitBackofficeRoutes } from './modules/direct-debits/backoffice-routes.ts';
import { directDebitSandboxRoutes } from './modules/direct-debits/sandbox-routes.ts';
import { spaceRoutes } from './modules/spaces/routes.ts';
import { cardRoutes } from './modules/cards/routes.ts';
import { cardAuthenticationRoutes } from './modules/card-authentications/routes.ts';
import { cardAuthenticationSandboxRoutes } from './modules/card-authentications/sandbox-routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { contactBackofficeRoutes } from './modules/contact/backoffice-routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { operatorRoutes } from './modules/operators/routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { documentRequestRoutes } from './modules/document-requests/routes.ts';
import { documentRequestBackofficeRoutes } from './modules/document-requests/backoffice-routes.ts';
import { identityChangeRoutes } from './modules/identity-changes/routes.ts';
import { identityChangeBackofficeRoutes } from './modules/identity-changes/backoffice-routes.ts';
import { manualEntryRoutes } from './modules/manual-entries/routes.ts';
import { sanctionsListRoutes } from './modules/sanctions-lists/routes.ts';
import { screeningRecordRoutes } from './modules/screening/records-routes.ts';
import { screeningAlertRoutes } from './modules/screening/alert-routes.ts';
import { assetFreezeRoutes } from './modules/asset-freezes/routes.ts';
import { monitoringRoutes } from './modules/monitoring/routes.ts';
import { heldCreditBackofficeRoutes, heldCreditCustomerRoutes } from './modules/held-credits/routes.ts';
import { fraudReportRoutes } from './modules/fraud-reports/routes.ts';
import { fraudReportBackofficeRoutes } from './modules/fraud-reports/backoffice-routes.ts';
import { closureRoutes } from './modules/closure/routes.ts';
import { sandboxRoutes } from './modules/sandbox/routes.ts';
import { sandboxRailRoutes } from './modules/sandbox/rail-routes.ts';
import { cardSandboxRoutes } from './modules/cards/sandbox-routes.ts';
import { scaRoutes } from './modules/sca/routes.ts';
import { mailboxRoutes } from './mail/mailbox-routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { dataExportRoutes } from './modules/data-export/routes.ts';
import { messageBackofficeRoutes } from './modules/messages/backoffice-routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { psd2BackofficeRoutes, psd2CustomerRoutes, psd2SandboxRoutes } from './modules/psd2/routes.ts';
import { psd2InterfaceRoutes } from './modules/psd2/interface-routes.ts';
import { CLIENT_CERTIFICATE_HEADER, PSD2_BASE } from './modules/psd2/index.ts';
import { trustsPeer } from './trust-proxy.ts';
import { serveWebApp } from './http/web.ts';
import { wireApplication } from './wiring.ts';

const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole HTTP application from its modules. Tests use `app.inject`; main.ts listens. */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; logStream?: LogStream } = {},
): Promise<FastifyInstance> {
  wireApplication(ctx);
  const loggerInstance: FastifyBaseLogger | null = options.logger
    ? createLogger(ctx.config.logLevel, options.logStream)
    : null;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    // One access line per request (http/access-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    // During a stop, a request that still arrives on an open connection is answered, not refused:
    // readiness with its own 503, anything else normally, each with `Connection: close`.
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBodyParser(app);
  // Before any route: each route's guard comes from its table entry (http/register-route.ts).
  provideRouteGuards(app, ctx);

  await app.register(cookie);
  // Filled once the web app is loaded (http/web.ts): the hashes of its static inline stylesheets.
  let staticStyleHashes: readonly string[] = [];
  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives(() => staticStyleHashes) },
    // For browsers that predate frame-ancestors.
    frameguard: { action: 'deny' },
    hsts: ctx.config.sandbox ? false : { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  // Shared by every instance: Redis (REDIS_URL) or the database (docs/operations.md#scaling-out).
  const rateLimitStore = rateLimitStorage(ctx.db, ctx.config);
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(rateLimit, {
    global: false,
    ...rateLimitStore.options,
    errorResponseBuilder: (_req, context) => ({
      ...problem(429, 'rate_limited', 'Trop de tentatives. Veuillez réessayer dans quelques minutes.', {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
      statusCode: 429,
    }),
  });
  accessLog(app);
  // Before any route (and before the anti-CSRF check): only the site's own host names are served.
  app.addHook('onRequest', hostGuard(ctx.config));
  app.addHook(
    'onRequest',
    csrfGuard({
      publicOrigin: () => (ctx.config.publicUrlConfigured ? new URL(ctx.config.publicUrl).origin : null),
    }),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    // The routed path, not the raw one: `/%61pi/…` reaches the same API routes.
    if ((request.routeOptions.url ?? request.url).startsWith('/api/'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Comptoir API',
        version: '0.1.0',
        description:
          'Every mutation needs `X-Requested-With: comptoir`. Errors are RFC 9457 problem JSON. Amounts are integer cents.',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: transformWithProblems,
    transformObject: transformObjectWithProblems,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', transformStaticCSP: apiDocsPolicy });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.register(healthRoutes(ctx), { prefix: '/api' });
  await app.register(institutionRoutes(ctx), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(accountRoutes(ctx), { prefix: '/api' });
  await app.register(statementRoutes(ctx), { prefix: '/api' });
  await app.register(beneficiaryRoutes(ctx), { prefix: '/api' });
  await app.register(transferRoutes(ctx), { prefix: '/api' });
  await app.register(directDebitRoutes(ctx), { prefix: '/api' });
  await app.register(spaceRoutes(ctx), { prefix: '/api' });
  await app.register(heldCreditCustomerRoutes(ctx), { prefix: '/api' });
  await app.register(fraudReportRoutes(ctx), { prefix: '/api' });
  await app.register(cardRoutes(ctx), { prefix: '/api' });
  await app.register(cardAuthenticationRoutes(ctx), { prefix: '/api' });
  await app.register(contactRoutes(ctx), { prefix: '/api' });
  await app.register(onboardingRoutes(ctx), { prefix: '/api' });
  await app.register(eventRoutes(ctx), { prefix: '/api' });
  await app.register(scaRoutes(ctx), { prefix: '/api' });
  await app.register(sessionRoutes(ctx), { prefix: '/api' });
  await app.register(dataExportRoutes(ctx), { prefix: '/api' });
  await app.register(contactBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(operatorRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(reviewRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(messageRoutes(ctx), { prefix: '/api' });
  await app.register(messageBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(notificationRoutes(ctx), { prefix: '/api' });
  await app.register(pushRoutes(ctx), { prefix: '/api' });
  await app.register(psd2CustomerRoutes(ctx), { prefix: '/api' });
  await app.register(psd2BackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  // The PSD2 interface behind the front (deploy/nginx): the client certificate nginx verified, in
  // its header, believed only from a configured proxy. Its own listener reads the TLS handshake.
  await app.register(
    psd2InterfaceRoutes(ctx, (request) => ({
      kind: 'proxy',
      header: request.headers[CLIENT_CERTIFICATE_HEADER] as string | undefined,
      fromTrustedProxy: trustsPeer(ctx.config.trustProxy, request.socket.remoteAddress),
    })),
    { prefix: PSD2_BASE },
  );
  await app.register(documentRequestRoutes(ctx), { prefix: '/api' });
  await app.register(documentRequestBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(identityChangeRoutes(ctx), { prefix: '/api' });
  await app.register(identityChangeBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(directDebitBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(manualEntryRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(sanctionsListRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(screeningRecordRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(screeningAlertRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(assetFreezeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(monitoringRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(heldCreditBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(fraudReportBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(closureRoutes(ctx), { prefix: '/api/backoffice' });
  if (ctx.config.sandbox) {
    await app.register(sandboxRoutes(ctx), { prefix: '/api/sandbox' });
    await app.register(cardSandboxRoutes(ctx), { prefix: '/api/sandbox' });
    await app.register(cardAuthenticationSandboxRoutes(ctx), { prefix: '/api/sandbox' });
    await app.register(psd2SandboxRoutes(ctx), { prefix: '/api/sandbox' });
    await app.register(sandboxRailRoutes(ctx), { prefix: '/api/sandbox' });
    await app.register(directDebitSandboxRoutes(ctx), { prefix: '/api/sandbox' });
    await app.register(mailboxRoutes(ctx), { prefix: '/dev' });
  }

  const web = existsSync(join(WEB_DIST, 'index.html'))
    ? await serveWebApp(app, WEB_DIST, {
        institution: publicProfile(ctx.config.institution, ctx.config.instantRailTimeoutMs),
        publicUrl: () => ctx.config.publicUrl,
        backofficePath: ctx.config.backofficePath,
      })
    : null;
  staticStyleHashes = web?.staticStyleHashes ?? [];
  const sendPage = web?.sendPage ?? null;
  app.setNotFoundHandler((request, reply) => {
    if (sendPage && request.method === 'GET' && !request.url.startsWith('/api/'))
      return sendPage(request, reply);
    return sendProblem(reply, problem(404, 'not_found', 'Ressource introuvable.'));
  });
  return app;
}

/**
 * The PSD2 interface alone, for its own mutual-TLS listener (psd2-listener.ts): the TPP's
 * certificate is read from the handshake.
 */
export async function buildPsd2App(
  ctx: AppContext,
  https: { cert: string; key: string; ca: string[] },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
    https: { ...https, requestCert: true, rejectUnauthorized: false, minVersion: 'TLSv1.2' },
  });
  registerJsonBodyParser(app);
  await app.register(
    psd2InterfaceRoutes(ctx, (request) => ({ kind: 'tls', socket: request.raw.socket as TLSSocket })),
    { prefix: PSD2_BASE },
  );
  return app;
}
