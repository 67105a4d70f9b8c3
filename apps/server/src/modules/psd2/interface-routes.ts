import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  Psd2ConsentsRequest,
  Psd2FundsConfirmationRequest,
  Psd2PaymentProduct,
  Psd2PaymentRequest,
  Psd2TransactionsQuery,
  type PspRole,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appLog } from '../../log.ts';
import { readConsentAccount, listConsentAccounts, readConsentBalances } from './ais-accounts-service.ts';
import { readConsentTransaction, readConsentTransactions } from './ais-transactions-service.ts';
import {
  consentAuthorisationStatus,
  listConsentAuthorisations,
  startConsentAuthorisation,
} from './authorisation-start-service.ts';
import { createConsent } from './consent-create-service.ts';
import { confirmFunds } from './funds-confirmation-service.ts';
import { deleteConsent } from './consent-delete-service.ts';
import { consentInformation, consentStatus } from './consent-read-service.ts';
import { interfaceDocument } from './openapi.ts';
import { cancelPayment } from './payment-cancel-service.ts';
import { initiatePayment } from './payment-initiate-service.ts';
import {
  listPaymentAuthorisations,
  paymentAuthorisationStatus,
  readPayment,
  readPaymentStatus,
} from './payment-read-service.ts';
import type { Approach } from './approach.ts';
import { acceptableRedirectUri } from './redirect-uri.ts';
import { identifyCaller, type CertificateSource } from './tpp-caller.ts';
import type { TppCaller } from './tpp.ts';
import { TppError, tppMessages } from './tpp-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TppError(
      'FORMAT_ERROR',
      issue ? `${issue.path.join('.') || 'corps'} : valeur invalide.` : undefined,
    );
  }
  return parsed.data;
}

/** A 201 with the SCA approach it started (and where the new resource is, when there is one). */
const sendCreated = (reply: FastifyReply, how: Approach, body: unknown, location?: string) => {
  if (location) reply.header('location', location);
  return reply
    .status(201)
    .header('aspsp-sca-approach', how.decoupled ? 'DECOUPLED' : 'REDIRECT')
    .send(body);
};

/**
 * The PSD2 interface for TPPs (Berlin Group NextGenPSD2 1.3.x; docs/psd2.md), mounted at /psd2/v1
 * on its own mutual-TLS listener and behind the front. `certificateOf` says where this mount reads
 * the client certificate. Every call: a TPP certificate from a trusted authority with the service's
 * role, an `X-Request-ID` (UUID), echoed back; every error in the standard's `tppMessages` shape,
 * never a 500 body of another kind.
 */
export const psd2InterfaceRoutes =
  (ctx: AppContext, certificateOf: (request: FastifyRequest) => CertificateSource) =>
  async (app: FastifyInstance): Promise<void> => {
    // Described by its own document (/psd2/v1/openapi.json), not the application's API.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof TppError)
        return reply.status(error.status).send(tppMessages(error.code, error.detail));
      const status = (error as { statusCode?: number }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return reply.status(400).send(tppMessages('FORMAT_ERROR'));
      }
      appLog().error({ err: error, requestId: request.id }, 'psd2 interface error');
      return reply.status(500).send(tppMessages('INTERNAL_SERVER_ERROR'));
    });
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(tppMessages('RESOURCE_UNKNOWN')));
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      const requestId = header(request, 'x-request-id');
      if (requestId && UUID.test(requestId)) reply.header('x-request-id', requestId);
      return payload;
    });

    app.get('/openapi.json', () => interfaceDocument());

    /** Identifies the TPP for a service needing `role`, with an X-Request-ID. */
    const caller = async (request: FastifyRequest, role: PspRole): Promise<TppCaller> => {
      const tpp = await identifyCaller(ctx, certificateOf(request), role);
      const requestId = header(request, 'x-request-id');
      if (!requestId || !UUID.test(requestId)) {
        throw new TppError('FORMAT_ERROR', 'L’en-tête X-Request-ID (UUID) manque ou est invalide.');
      }
      return tpp;
    };
    /**
     * How the customer will decide: in the app when the TPP prefers it (`TPP-Redirect-Preferred:
     * false`) and names them (`PSU-ID`, their sign-in e-mail), else through the redirect.
     */
    const approach = (request: FastifyRequest): Approach => {
      if (header(request, 'tpp-redirect-preferred') === 'false') {
        const psuId = header(request, 'psu-id')?.trim().toLowerCase();
        if (!psuId || psuId.length > 254) {
          throw new TppError('FORMAT_ERROR', 'L’approche découplée demande l’en-tête PSU-ID.');
        }
        return { decoupled: true, psuId };
      }
      return { decoupled: false, ...redirects(request) };
    };
    const redirects = (request: FastifyRequest) => {
      const redirectUri = acceptableRedirectUri(header(request, 'tpp-redirect-uri'), ctx.config.sandbox);
      const nokRedirectUri = acceptableRedirectUri(
        header(request, 'tpp-nok-redirect-uri'),
        ctx.config.sandbox,
      );
      if (redirectUri === null || nokRedirectUri === null) {
        throw new TppError(
          'FORMAT_ERROR',
          'TPP-Redirect-URI et TPP-Nok-Redirect-URI : adresses https absolues.',
        );
      }
      if (!redirectUri) throw new TppError('FORMAT_ERROR', 'L’en-tête TPP-Redirect-URI manque.');
      return { redirectUri, nokRedirectUri: nokRedirectUri ?? null };
    };
    const call = (request: FastifyRequest) => ({
      consentId: header(request, 'consent-id'),
      psuPresent: header(request, 'psu-ip-address') !== undefined,
    });
    const id = (request: FastifyRequest, name: string): string => {
      const value = (request.params as Record<string, string>)[name] ?? '';
      if (value.length > 64) throw new TppError('RESOURCE_UNKNOWN');
      return value;
    };

    app.post('/consents', async (request: FastifyRequest, reply: FastifyReply) => {
      const tpp = await caller(request, 'PSP_AI');
      const body = parse(Psd2ConsentsRequest, request.body);
      const how = approach(request);
      const created = await createConsent(ctx, tpp, body, {
        requestId: header(request, 'x-request-id') ?? '',
        approach: how,
      });
      return sendCreated(reply, how, created, created._links.self.href);
    });
    app.get('/consents/:consentId', async (request) =>
      consentInformation(ctx, await caller(request, 'PSP_AI'), id(request, 'consentId')),
    );
    app.get('/consents/:consentId/status', async (request) =>
      consentStatus(ctx, await caller(request, 'PSP_AI'), id(request, 'consentId')),
    );
    app.delete('/consents/:consentId', async (request, reply) => {
      await deleteConsent(ctx, await caller(request, 'PSP_AI'), id(request, 'consentId'));
      return reply.status(204).send();
    });
    app.post('/consents/:consentId/authorisations', async (request, reply) => {
      const tpp = await caller(request, 'PSP_AI');
      const how = approach(request);
      const started = await startConsentAuthorisation(ctx, tpp, id(request, 'consentId'), { approach: how });
      return sendCreated(reply, how, started);
    });
    app.get('/consents/:consentId/authorisations', async (request) =>
      listConsentAuthorisations(ctx, await caller(request, 'PSP_AI'), id(request, 'consentId')),
    );
    app.get('/consents/:consentId/authorisations/:authorisationId', async (request) =>
      consentAuthorisationStatus(
        ctx,
        await caller(request, 'PSP_AI'),
        id(request, 'consentId'),
        id(request, 'authorisationId'),
      ),
    );

    app.get('/accounts', async (request) =>
      listConsentAccounts(ctx, await caller(request, 'PSP_AI'), call(request)),
    );
    app.get('/accounts/:accountId', async (request) =>
      readConsentAccount(ctx, await caller(request, 'PSP_AI'), call(request), id(request, 'accountId')),
    );
    app.get('/accounts/:accountId/balances', async (request) =>
      readConsentBalances(ctx, await caller(request, 'PSP_AI'), call(request), id(request, 'accountId')),
    );
    app.get('/accounts/:accountId/transactions', async (request) => {
      const tpp = await caller(request, 'PSP_AI');
      return readConsentTransactions(
        ctx,
        tpp,
        call(request),
        id(request, 'accountId'),
        parse(Psd2TransactionsQuery, request.query),
      );
    });
    app.get('/accounts/:accountId/transactions/:transactionId', async (request) =>
      readConsentTransaction(
        ctx,
        await caller(request, 'PSP_AI'),
        call(request),
        id(request, 'accountId'),
        id(request, 'transactionId'),
      ),
    );

    /** The payment product of the path: SEPA or instant SEPA credit transfers, else 404 `PRODUCT_UNKNOWN`. */
    const product = (request: FastifyRequest) => {
      const parsed = Psd2PaymentProduct.safeParse((request.params as Record<string, string>).product);
      if (!parsed.success) throw new TppError('PRODUCT_UNKNOWN');
      return parsed.data;
    };
    app.post('/payments/:product', async (request, reply) => {
      const tpp = await caller(request, 'PSP_PI');
      const paymentProduct = product(request);
      if (!header(request, 'psu-ip-address')) {
        throw new TppError('FORMAT_ERROR', 'L’en-tête PSU-IP-Address manque.');
      }
      const how = approach(request);
      const created = await initiatePayment(
        ctx,
        tpp,
        paymentProduct,
        parse(Psd2PaymentRequest, request.body),
        {
          requestId: header(request, 'x-request-id') ?? '',
          approach: how,
        },
      );
      return sendCreated(reply, how, created, created._links.self.href);
    });
    app.get('/payments/:product/:paymentId', async (request) =>
      readPayment(ctx, await caller(request, 'PSP_PI'), product(request), id(request, 'paymentId')),
    );
    app.get('/payments/:product/:paymentId/status', async (request) =>
      readPaymentStatus(ctx, await caller(request, 'PSP_PI'), product(request), id(request, 'paymentId')),
    );
    app.delete('/payments/:product/:paymentId', async (request, reply) => {
      await cancelPayment(ctx, await caller(request, 'PSP_PI'), product(request), id(request, 'paymentId'));
      return reply.status(204).send();
    });
    app.get('/payments/:product/:paymentId/authorisations', async (request) =>
      listPaymentAuthorisations(
        ctx,
        await caller(request, 'PSP_PI'),
        product(request),
        id(request, 'paymentId'),
      ),
    );
    app.get('/payments/:product/:paymentId/authorisations/:authorisationId', async (request) =>
      paymentAuthorisationStatus(
        ctx,
        await caller(request, 'PSP_PI'),
        product(request),
        id(request, 'paymentId'),
        id(request, 'authorisationId'),
      ),
    );

    app.post('/funds-confirmations', async (request) => {
      const tpp = await caller(request, 'PSP_IC');
      return confirmFunds(
        ctx,
        tpp,
        parse(Psd2FundsConfirmationRequest, request.body),
        header(request, 'consent-id'),
      );
    });
  };
