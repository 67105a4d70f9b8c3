// The OpenAPI description of the PSD2 interface served at /psd2/v1/openapi.json: the paths this
// bank implements, their headers, statuses and error shape. The bodies are the Berlin Group's
// (NextGenPSD2 1.3.x, https://www.berlin-group.org/nextgenpsd2-downloads), named here by their
// schema names in that file.
import { TPP_ERRORS } from './tpp-error.ts';

const requestId = {
  name: 'X-Request-ID',
  in: 'header',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};
const consentId = { name: 'Consent-ID', in: 'header', required: true, schema: { type: 'string' } };
const psuIp = {
  name: 'PSU-IP-Address',
  in: 'header',
  required: false,
  description: 'Sent when the customer is present: such a call is not counted against frequencyPerDay.',
  schema: { type: 'string' },
};
const redirect = [
  { name: 'TPP-Redirect-URI', in: 'header', required: true, schema: { type: 'string', format: 'uri' } },
  { name: 'TPP-Nok-Redirect-URI', in: 'header', required: false, schema: { type: 'string', format: 'uri' } },
];
const decoupled = [
  {
    name: 'TPP-Redirect-Preferred',
    in: 'header',
    required: false,
    description:
      '`false` with `PSU-ID`: the customer decides in the bank’s app (decoupled); TPP-Redirect-URI is then not needed.',
    schema: { type: 'boolean' },
  },
  {
    name: 'PSU-ID',
    in: 'header',
    required: false,
    description: 'The customer’s sign-in e-mail, for the decoupled approach.',
    schema: { type: 'string' },
  },
];
const product = {
  name: 'payment-product',
  in: 'path',
  required: true,
  schema: { type: 'string', enum: ['sepa-credit-transfers', 'instant-sepa-credit-transfers'] },
};
const pathId = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error400NGAIS' } } },
});
const ok = (schema: string, description = 'OK') => ({
  description,
  content: {
    'application/json': { schema: { description: `Berlin Group schema ${schema}`, type: 'object' } },
  },
});
const errors = {
  '400': errorResponse('FORMAT_ERROR, PERIOD_INVALID, …'),
  '401': errorResponse(
    'CERTIFICATE_MISSING, CERTIFICATE_INVALID, CERTIFICATE_EXPIRED, CERTIFICATE_BLOCKED, ROLE_INVALID, CONSENT_INVALID, CONSENT_EXPIRED',
  ),
  '403': errorResponse('CONSENT_UNKNOWN'),
  '404': errorResponse('RESOURCE_UNKNOWN, PRODUCT_UNKNOWN'),
  '429': errorResponse('ACCESS_EXCEEDED'),
};

/** The document, built once. */
export function interfaceDocument() {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Comptoir — PSD2 interface (Berlin Group NextGenPSD2 1.3.x)',
      version: '1.3.11',
      description:
        'Mutual TLS with an eIDAS certificate whose PSD2 QCStatement names the TPP’s roles (PSP_AI for ' +
        'consents and accounts, PSP_PI for payments, PSP_IC for funds confirmation). Errors: ' +
        '`{tppMessages: [{category, code, text}]}`.',
    },
    servers: [{ url: '/psd2/v1' }],
    paths: {
      '/consents': {
        post: {
          operationId: 'createConsent',
          parameters: [requestId, psuIp, ...redirect, ...decoupled],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { description: 'Berlin Group schema consents', type: 'object' } },
            },
          },
          responses: {
            '201': ok('consentsResponse-201', 'Created: `_links.scaRedirect` leads the customer to the bank'),
            ...errors,
          },
        },
      },
      '/consents/{consentId}': {
        get: {
          operationId: 'getConsentInformation',
          parameters: [requestId, pathId('consentId')],
          responses: { '200': ok('consentInformationResponse-200_json'), ...errors },
        },
        delete: {
          operationId: 'deleteConsent',
          parameters: [requestId, pathId('consentId')],
          responses: { '204': { description: 'Ended' }, ...errors },
        },
      },
      '/consents/{consentId}/status': {
        get: {
          operationId: 'getConsentStatus',
          parameters: [requestId, pathId('consentId')],
          responses: { '200': ok('consentStatusResponse-200'), ...errors },
        },
      },
      '/consents/{consentId}/authorisations': {
        post: {
          operationId: 'startConsentAuthorisation',
          parameters: [requestId, pathId('consentId'), ...redirect, ...decoupled],
          responses: { '201': ok('startScaprocessResponse'), ...errors },
        },
        get: {
          operationId: 'getConsentAuthorisation',
          parameters: [requestId, pathId('consentId')],
          responses: { '200': ok('authorisations'), ...errors },
        },
      },
      '/consents/{consentId}/authorisations/{authorisationId}': {
        get: {
          operationId: 'getConsentScaStatus',
          parameters: [requestId, pathId('consentId'), pathId('authorisationId')],
          responses: { '200': ok('scaStatusResponse'), ...errors },
        },
      },
      '/accounts': {
        get: {
          operationId: 'getAccountList',
          parameters: [requestId, consentId, psuIp],
          responses: { '200': ok('accountList'), ...errors },
        },
      },
      '/accounts/{account-id}': {
        get: {
          operationId: 'readAccountDetails',
          parameters: [requestId, consentId, psuIp, pathId('account-id')],
          responses: { '200': ok('inlineResponse200'), ...errors },
        },
      },
      '/accounts/{account-id}/balances': {
        get: {
          operationId: 'getBalances',
          parameters: [requestId, consentId, psuIp, pathId('account-id')],
          responses: { '200': ok('readAccountBalanceResponse-200'), ...errors },
        },
      },
      '/accounts/{account-id}/transactions': {
        get: {
          operationId: 'getTransactionList',
          parameters: [
            requestId,
            consentId,
            psuIp,
            pathId('account-id'),
            {
              name: 'bookingStatus',
              in: 'query',
              required: true,
              schema: { type: 'string', enum: ['booked', 'pending', 'both'] },
            },
            { name: 'dateFrom', in: 'query', schema: { type: 'string', format: 'date' } },
            { name: 'dateTo', in: 'query', schema: { type: 'string', format: 'date' } },
            {
              name: 'page',
              in: 'query',
              description: 'Opaque: follow `_links.next`.',
              schema: { type: 'string' },
            },
          ],
          responses: { '200': ok('transactionsResponse-200_json'), ...errors },
        },
      },
      '/payments/{payment-product}': {
        post: {
          operationId: 'initiatePayment',
          description:
            'PSP_PI. A single SEPA or instant SEPA credit transfer from the customer’s account, waiting for the customer ' +
            '(RCVD). The same X-Request-ID with the same body answers the same payment; `requestedExecutionDate` ' +
            '(a later day) for the SEPA credit transfer only.',
          parameters: [requestId, { ...psuIp, required: true }, product, ...redirect, ...decoupled],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { description: 'Berlin Group schema paymentInitiation_json', type: 'object' },
              },
            },
          },
          responses: {
            '201': ok('paymentInitationRequestResponse-201', 'Created: RCVD, until the customer decides'),
            ...errors,
          },
        },
      },
      '/payments/{payment-product}/{paymentId}': {
        get: {
          operationId: 'getPaymentInformation',
          parameters: [requestId, product, pathId('paymentId')],
          responses: { '200': ok('paymentInitiationWithStatusResponse'), ...errors },
        },
        delete: {
          operationId: 'cancelPayment',
          description:
            'Before the customer approved it, or while it waits for its day (SEPA): CANC. Otherwise 405 CANCELLATION_INVALID.',
          parameters: [requestId, product, pathId('paymentId')],
          responses: {
            '204': { description: 'Cancelled' },
            '405': errorResponse('CANCELLATION_INVALID'),
            ...errors,
          },
        },
      },
      '/payments/{payment-product}/{paymentId}/status': {
        get: {
          operationId: 'getPaymentInitiationStatus',
          description:
            'RCVD until the customer approves; then ACTC (dated ahead), ACSP (being settled), ACSC (booked); RJCT ' +
            '(refused, expired, rejected by the payee’s bank) or CANC, with the reason in psuMessage.',
          parameters: [requestId, product, pathId('paymentId')],
          responses: { '200': ok('paymentInitiationStatusResponse-200_json'), ...errors },
        },
      },
      '/payments/{payment-product}/{paymentId}/authorisations': {
        get: {
          operationId: 'getPaymentInitiationAuthorisation',
          parameters: [requestId, product, pathId('paymentId')],
          responses: { '200': ok('authorisations'), ...errors },
        },
      },
      '/payments/{payment-product}/{paymentId}/authorisations/{authorisationId}': {
        get: {
          operationId: 'getPaymentInitiationScaStatus',
          parameters: [requestId, product, pathId('paymentId'), pathId('authorisationId')],
          responses: { '200': ok('scaStatusResponse'), ...errors },
        },
      },
      '/funds-confirmations': {
        post: {
          operationId: 'checkAvailabilityOfFunds',
          description:
            'PSP_IC. Under the funds consent the customer gave this card issuer in « Accès tiers » for that account.',
          parameters: [requestId, { ...consentId, required: false }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { description: 'Berlin Group schema confirmationOfFunds', type: 'object' },
              },
            },
          },
          responses: { '200': ok('OK_200_ConfirmationOfFunds'), ...errors },
        },
      },
      '/accounts/{account-id}/transactions/{transactionId}': {
        get: {
          operationId: 'getTransactionDetails',
          parameters: [requestId, consentId, psuIp, pathId('account-id'), pathId('transactionId')],
          responses: { '200': ok('inlineResponse200_1'), ...errors },
        },
      },
    },
    components: {
      schemas: {
        Error400NGAIS: {
          type: 'object',
          required: ['tppMessages'],
          properties: {
            tppMessages: {
              type: 'array',
              items: {
                type: 'object',
                required: ['category', 'code'],
                properties: {
                  category: { type: 'string', enum: ['ERROR', 'WARNING'] },
                  code: { type: 'string', enum: Object.keys(TPP_ERRORS) },
                  text: { type: 'string', maxLength: 500 },
                },
              },
            },
          },
        },
      },
    },
  };
}
