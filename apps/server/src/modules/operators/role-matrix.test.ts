import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_ROLES,
  allowedRoles,
  callerKind,
  routes,
  type OperatorRole,
  type RouteDefinition,
  type RouteName,
} from '@comptoir/contracts';
import { MUTATION, makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from './__tests__/helpers.ts';

/**
 * docs/product/back-office.md#roles, read from the route table: every back-office and sandbox route
 * of `routes` is called with no session and as each role. A role the route's `auth` names gets past
 * the guard, any other gets 403 `role_forbidden`; a public route (sign-in, enrolment) answers
 * without a session, never with the guard's 401. A route added to the table is covered without a
 * line here. `BODIES` holds a request body the route's schema accepts where it needs one (schema
 * validation runs before the guard, so an invalid body would hide the answer).
 */
const PREFIXES = ['/api/backoffice', '/api/sandbox'];
const inScope = (path: string) => PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const card = { pan: '0990010000000000', expiry: '01/30', cvv: '123', amount: 100, merchant: 'Test' };

const BODIES: Partial<Record<RouteName, () => unknown>> = {
  // session and enrolment (public)
  postBackofficeAuthLogin: () => ({ email: uniqueEmail('matrix'), password: 'mauvais-mot-de-passe' }),
  postBackofficeAuthLoginTotp: () => ({ code: '123456' }),
  postBackofficeEnrolmentOpen: () => ({ token: randomUUID() }),
  postBackofficeEnrolmentComplete: () => ({ token: randomUUID(), password: 'x', code: '123456' }),
  // customers and review
  patchBackofficeCustomersById: () => ({ city: 'Metz' }),
  postBackofficeCustomersByIdRequestCorrections: () => ({ reasons: ['Photo floue'] }),
  postBackofficeCustomersByIdReject: () => ({ reason: 'Non' }),
  // adviser and secure messages
  putBackofficeCustomersByIdAdviser: () => ({ operatorId: null }),
  postBackofficeCustomersByIdMessages: () => ({ body: 'Bonjour' }),
  // identity change requests, document requests
  postBackofficeIdentityChangeRequestsByIdReject: () => ({ reason: 'Illisible' }),
  postBackofficeCustomersByIdDocumentRequests: () => ({
    kind: 'additional',
    reason: 'Relevé',
    blocking: false,
  }),
  postBackofficeDocumentRequestsByIdReject: () => ({ reason: 'Illisible' }),
  // direct debits
  postBackofficeDirectDebitClaimsByIdDecision: () => ({ decision: 'reject', note: 'Mandat fourni' }),
  // manual entries
  postBackofficeCustomersByIdManualEntries: () => ({
    amount: 100,
    direction: 'credit',
    reason: 'Geste commercial',
    glAccount: 'gl:adjustments',
  }),
  postBackofficeManualEntriesByIdRefuse: () => ({ reason: 'Montant erroné' }),
  // sanctions screening
  putBackofficeScreeningSettings: () => ({ matchThreshold: 80 }),
  postBackofficeScreeningAlertsByIdDecision: () => ({ decision: 'false_positive', note: 'Homonyme' }),
  postBackofficeScreeningFreezesByIdLift: () => ({ reason: 'decision', note: 'Levée' }),
  // transaction monitoring
  postBackofficeMonitoringCasesByIdNotes: () => ({ note: 'Vérifié' }),
  postBackofficeMonitoringCasesByIdDecision: () => ({ decision: 'no_suspicion', note: 'Justifié' }),
  // held incoming credits
  postBackofficeHeldCredits: () => ({ entryId: '1', note: 'À vérifier' }),
  postBackofficeHeldCreditsByIdRelease: () => ({ reason: 'no_suspicion', note: 'Justifié' }),
  postBackofficeHeldCreditsByIdReturn: () => ({ reason: 'MS03', note: 'Retour' }),
  // fraud reports
  postBackofficeFraudReportsByIdDecision: () => ({ decision: 'rejected', note: 'Examiné' }),
  // open banking
  postBackofficePsd2TppsByIdBlock: () => ({ reason: 'Agrément retiré' }),
  // operators
  postBackofficeOperators: () => ({ email: uniqueEmail('matrix'), name: 'Matrice', role: 'support' }),
  patchBackofficeOperatorsById: () => ({ name: 'Autre' }),
  // sandbox tools
  postSandboxIncomingTransfers: () => ({
    iban: 'LU280019400644750000',
    amount: 100,
    debtorName: 'Test',
    debtorIban: 'FR7630006000011234567890189',
  }),
  postSandboxCardAuthorizations: () => ({ ...card, channel: 'online' }),
  postSandboxCardClearings: () => ({ authorizationId: randomUUID(), amount: 100 }),
  postSandboxCardRefunds: () => ({ pan: card.pan, amount: 100, merchant: 'Test' }),
  postSandboxDirectDebits: () => ({
    iban: 'LU280019400644750000',
    creditorId: 'FR72ZZZ123456',
    creditorName: 'Test',
    mandateId: 'RUM-1',
    mandateSignedOn: '2026-01-15',
    sequence: 'FRST',
    amount: 100,
    dueDate: '2099-01-02',
  }),
  postSandbox3dsAuthentications: () => ({
    pan: card.pan,
    expiry: card.expiry,
    amount: 100,
    merchant: 'Test',
  }),
  postSandboxPsd2Certificates: () => ({
    organisationId: 'PSDFR-ACPR-12345',
    name: 'Budget Malin',
    roles: ['PSP_AI'],
  }),
};

const table = (Object.entries(routes) as [RouteName, RouteDefinition][]).filter(([, route]) =>
  inScope(route.path),
);
const guarded = table.filter(([, route]) => allowedRoles(route.auth).length > 0);
const open = table.filter(([, route]) => route.auth === 'public');

let t: TestContext;
const tokens = new Map<OperatorRole, string>();

beforeAll(async () => {
  // A database of its own: issuing a sandbox PSD2 certificate makes the test authority, sealed
  // under this context's master key, which another file's key could not open.
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: undefined }, { ownDatabase: true });
  for (const role of OPERATOR_ROLES) {
    tokens.set(role, await signIn(t, await newOperator(t, role)));
  }
});
afterAll(() => t.close());

function call(name: RouteName, route: RouteDefinition, token: string | undefined) {
  const url = route.path.replace(/:(\w+)/g, () =>
    route.path.includes('contact-messages') ? '999999999' : randomUUID(),
  );
  const mutation = route.method !== 'GET';
  const body = BODIES[name]?.();
  return t.app.inject({
    method: route.method,
    url,
    headers: {
      ...(mutation ? { 'x-requested-with': 'comptoir' } : {}),
      ...(body !== undefined ? { 'content-type': MUTATION['content-type'] } : {}),
      'idempotency-key': randomUUID(),
    },
    ...(token ? { cookies: withOperator(token) } : {}),
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

describe('back-office roles: every route of the table × every role', () => {
  it.each(guarded.map(([name, route]) => [key(route.method, route.path), name, route] as const))(
    '%s',
    async (label, name, route) => {
      const allowed = allowedRoles(route.auth);
      const outcomes: Record<string, number> = {};
      const anonymous = await call(name, route, undefined);
      expect(anonymous.statusCode, `${label} without a session`).toBe(401);
      expect(anonymous.headers['content-type']).toMatch(/application\/problem\+json/);
      for (const role of OPERATOR_ROLES) {
        const r = await call(name, route, tokens.get(role));
        outcomes[role] = r.statusCode;
        if (allowed.includes(role)) {
          expect([401, 403], `${role} → ${label}: ${r.body}`).not.toContain(r.statusCode);
        } else {
          expect(r.statusCode, `${role} → ${label}: ${r.body}`).toBe(403);
          expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(r.json()).toMatchObject({ code: 'role_forbidden', status: 403 });
        }
      }
      expect(Object.keys(outcomes)).toHaveLength(3);
    },
  );

  it.each(open.map(([name, route]) => [key(route.method, route.path), name, route] as const))(
    '%s needs no session',
    async (label, name, route) => {
      const anonymous = await call(name, route, undefined);
      // A valid request, so the answer is the handler's: neither the schema's nor a guard's refusal.
      if (anonymous.statusCode >= 400)
        expect(anonymous.json<{ code: string }>().code, `${label}: ${anonymous.body}`).not.toMatch(
          /^(validation_failed|unauthenticated|role_forbidden)$/,
        );
    },
  );

  it('every back-office and sandbox route of the table is public, an operator’s or a sandbox tool', () => {
    const others = table
      .filter(([, route]) => !['public', 'operator', 'sandbox'].includes(callerKind(route.auth)))
      .map(([name]) => name);
    expect(others).toEqual([]);
  });

  it('the table lists every back-office and sandbox route of the app, and only those', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const inApp = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!inScope(path)) continue;
      for (const method of Object.keys(operations)) {
        if (['get', 'post', 'patch', 'put', 'delete'].includes(method)) inApp.add(key(method, path));
      }
    }
    const inTable = new Set(
      table.map(([, route]) => key(route.method, route.path.replace(/:(\w+)/g, '{$1}'))),
    );
    const missing = [...inApp].filter((k) => !inTable.has(k)).sort();
    const stale = [...inTable].filter((k) => !inApp.has(k)).sort();
    expect(missing, 'routes of the app missing from the route table').toEqual([]);
    expect(stale, 'routes of the table the app does not register').toEqual([]);
  });
});
