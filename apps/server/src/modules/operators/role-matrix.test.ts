import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRole } from '@comptoir/contracts';
import { MUTATION, makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from './test-helpers.ts';

/**
 * docs/product/back-office.md#roles as a table: every back-office and sandbox route → the roles allowed to use it.
 * `public` marks the sign-in and enrolment routes (no session needed). `body` is a request the route's schema
 * accepts (schema validation runs before the guard, so an invalid body would hide the answer).
 * Adding a route is one line; a route of the app missing here fails the last test by name.
 */
type Allowed = readonly OperatorRole[] | 'public';
interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  allowed: Allowed;
  body?: () => unknown;
}

const ALL: readonly OperatorRole[] = ['admin', 'compliance', 'support'];
const COMPLIANCE: readonly OperatorRole[] = ['admin', 'compliance'];
const ADMIN: readonly OperatorRole[] = ['admin'];

const card = { pan: '0990010000000000', expiry: '01/30', cvv: '123', amount: 100, merchant: 'Test' };

const ROUTES: readonly Row[] = [
  // session
  { method: 'POST', path: '/api/backoffice/auth/login', allowed: 'public' },
  { method: 'POST', path: '/api/backoffice/auth/login/totp', allowed: 'public' },
  { method: 'POST', path: '/api/backoffice/auth/logout', allowed: 'public' },
  { method: 'POST', path: '/api/backoffice/enrolment/open', allowed: 'public' },
  { method: 'POST', path: '/api/backoffice/enrolment/complete', allowed: 'public' },
  { method: 'GET', path: '/api/backoffice/auth/me', allowed: ALL },
  // customers and review
  { method: 'GET', path: '/api/backoffice/customers', allowed: ALL },
  { method: 'GET', path: '/api/backoffice/customers/{id}', allowed: ALL },
  {
    method: 'PATCH',
    path: '/api/backoffice/customers/{id}',
    allowed: COMPLIANCE,
    body: () => ({ city: 'Metz' }),
  },
  { method: 'POST', path: '/api/backoffice/customers/{id}/approve', allowed: COMPLIANCE },
  {
    method: 'POST',
    path: '/api/backoffice/customers/{id}/request-corrections',
    allowed: COMPLIANCE,
    body: () => ({ reasons: ['Photo floue'] }),
  },
  {
    method: 'POST',
    path: '/api/backoffice/customers/{id}/reject',
    allowed: COMPLIANCE,
    body: () => ({ reason: 'Non' }),
  },
  { method: 'GET', path: '/api/backoffice/customers/{id}/documents', allowed: COMPLIANCE },
  { method: 'GET', path: '/api/backoffice/documents/{id}', allowed: COMPLIANCE },
  // audit log
  { method: 'GET', path: '/api/backoffice/audit-log', allowed: COMPLIANCE },
  { method: 'GET', path: '/api/backoffice/audit-log/verify', allowed: COMPLIANCE },
  // contact inbox
  { method: 'GET', path: '/api/backoffice/contact-messages', allowed: ALL },
  { method: 'POST', path: '/api/backoffice/contact-messages/{id}/handled', allowed: ALL },
  // closing and erasing
  { method: 'DELETE', path: '/api/backoffice/customers/{id}', allowed: ADMIN },
  { method: 'POST', path: '/api/backoffice/customers/{id}/close', allowed: COMPLIANCE },
  // adviser and secure messages
  { method: 'GET', path: '/api/backoffice/customers/{id}/adviser', allowed: ALL },
  {
    method: 'PUT',
    path: '/api/backoffice/customers/{id}/adviser',
    allowed: COMPLIANCE,
    body: () => ({ operatorId: null }),
  },
  { method: 'GET', path: '/api/backoffice/customers/{id}/messages', allowed: ALL },
  {
    method: 'POST',
    path: '/api/backoffice/customers/{id}/messages',
    allowed: ALL,
    body: () => ({ body: 'Bonjour' }),
  },
  { method: 'GET', path: '/api/backoffice/messages/unread', allowed: ALL },
  // document requests and holds
  // identity change requests
  { method: 'GET', path: '/api/backoffice/customers/{id}/identity-change-requests', allowed: ALL },
  { method: 'GET', path: '/api/backoffice/identity-change-requests/{id}/document', allowed: COMPLIANCE },
  { method: 'POST', path: '/api/backoffice/identity-change-requests/{id}/accept', allowed: COMPLIANCE },
  {
    method: 'POST',
    path: '/api/backoffice/identity-change-requests/{id}/reject',
    allowed: COMPLIANCE,
    body: () => ({ reason: 'Illisible' }),
  },
  { method: 'GET', path: '/api/backoffice/customers/{id}/document-requests', allowed: COMPLIANCE },
  {
    method: 'POST',
    path: '/api/backoffice/customers/{id}/document-requests',
    allowed: COMPLIANCE,
    body: () => ({ kind: 'additional', reason: 'Relevé', blocking: false }),
  },
  { method: 'GET', path: '/api/backoffice/document-requests/{id}/documents/{docId}', allowed: COMPLIANCE },
  { method: 'POST', path: '/api/backoffice/document-requests/{id}/accept', allowed: COMPLIANCE },
  {
    method: 'POST',
    path: '/api/backoffice/document-requests/{id}/reject',
    allowed: COMPLIANCE,
    body: () => ({ reason: 'Illisible' }),
  },
  // direct debits: every operator reads, compliance decides claims
  { method: 'GET', path: '/api/backoffice/customers/{id}/direct-debits', allowed: ALL },
  { method: 'GET', path: '/api/backoffice/direct-debit-claims', allowed: ALL },
  {
    method: 'POST',
    path: '/api/backoffice/direct-debit-claims/{id}/decision',
    allowed: COMPLIANCE,
    body: () => ({ decision: 'reject', note: 'Mandat fourni' }),
  },
  // manual entries (four eyes)
  { method: 'GET', path: '/api/backoffice/customers/{id}/manual-entries', allowed: ALL },
  {
    method: 'POST',
    path: '/api/backoffice/customers/{id}/manual-entries',
    allowed: COMPLIANCE,
    body: () => ({
      amount: 100,
      direction: 'credit',
      reason: 'Geste commercial',
      glAccount: 'gl:adjustments',
    }),
  },
  { method: 'GET', path: '/api/backoffice/manual-entries', allowed: ALL },
  { method: 'POST', path: '/api/backoffice/manual-entries/{id}/approve', allowed: COMPLIANCE },
  {
    method: 'POST',
    path: '/api/backoffice/manual-entries/{id}/refuse',
    allowed: COMPLIANCE,
    body: () => ({ reason: 'Montant erroné' }),
  },
  // operators
  { method: 'GET', path: '/api/backoffice/operators', allowed: ADMIN },
  {
    method: 'POST',
    path: '/api/backoffice/operators',
    allowed: ADMIN,
    body: () => ({ email: uniqueEmail('matrix'), name: 'Matrice', role: 'support' }),
  },
  {
    method: 'PATCH',
    path: '/api/backoffice/operators/{id}',
    allowed: ADMIN,
    body: () => ({ name: 'Autre' }),
  },
  { method: 'POST', path: '/api/backoffice/operators/{id}/reset-totp', allowed: ADMIN },
  { method: 'POST', path: '/api/backoffice/operators/{id}/invitation', allowed: ADMIN },
  // sandbox tools
  {
    method: 'POST',
    path: '/api/sandbox/incoming-transfers',
    allowed: COMPLIANCE,
    body: () => ({
      iban: 'LU280019400644750000',
      amount: 100,
      debtorName: 'Test',
      debtorIban: 'FR7630006000011234567890189',
    }),
  },
  {
    method: 'POST',
    path: '/api/sandbox/card-authorizations',
    allowed: COMPLIANCE,
    body: () => ({ ...card, channel: 'online' }),
  },
  {
    method: 'POST',
    path: '/api/sandbox/card-clearings',
    allowed: COMPLIANCE,
    body: () => ({ authorizationId: randomUUID(), amount: 100 }),
  },
  { method: 'GET', path: '/api/sandbox/rail-test-ibans', allowed: COMPLIANCE },
  {
    method: 'POST',
    path: '/api/sandbox/card-refunds',
    allowed: COMPLIANCE,
    body: () => ({ pan: card.pan, amount: 100, merchant: 'Test' }),
  },
  {
    method: 'POST',
    path: '/api/sandbox/direct-debits',
    allowed: COMPLIANCE,
    body: () => ({
      iban: 'LU280019400644750000',
      creditorId: 'FR72ZZZ123456',
      creditorName: 'Test',
      mandateId: 'RUM-1',
      mandateSignedOn: '2026-01-15',
      sequence: 'FRST',
      amount: 100,
      dueDate: '2099-01-02',
    }),
  },
  { method: 'POST', path: '/api/sandbox/direct-debits/{id}/present', allowed: COMPLIANCE },
  {
    method: 'POST',
    path: '/api/sandbox/3ds/authentications',
    allowed: COMPLIANCE,
    body: () => ({ pan: card.pan, expiry: card.expiry, amount: 100, merchant: 'Test' }),
  },
  { method: 'GET', path: '/api/sandbox/3ds/authentications/{id}', allowed: COMPLIANCE },
];

const PREFIXES = ['/api/backoffice', '/api/sandbox'];
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

let t: TestContext;
const tokens = new Map<OperatorRole, string>();

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: undefined });
  for (const role of ['admin', 'compliance', 'support'] as const) {
    tokens.set(role, await signIn(t, await newOperator(t, role)));
  }
});
afterAll(() => t.close());

function call(row: Row, token: string | undefined) {
  const url = row.path
    .replace('{id}', row.path.includes('contact-messages') ? '999999999' : randomUUID())
    .replace(/\{\w+\}/g, () => randomUUID());
  const mutation = row.method !== 'GET';
  const body = row.body?.();
  return t.app.inject({
    method: row.method,
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

describe('back-office roles: every route × every role', () => {
  const guarded = ROUTES.filter(
    (r): r is Row & { allowed: readonly OperatorRole[] } => r.allowed !== 'public',
  );

  it.each(guarded.map((r) => [key(r.method, r.path), r] as const))('%s', async (_name, row) => {
    const outcomes: Record<string, number> = {};
    const anonymous = await call(row, undefined);
    expect(anonymous.statusCode, `${key(row.method, row.path)} without a session`).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/application\/problem\+json/);
    for (const role of ['admin', 'compliance', 'support'] as const) {
      const r = await call(row, tokens.get(role));
      outcomes[role] = r.statusCode;
      if (row.allowed.includes(role)) {
        expect([401, 403], `${role} → ${key(row.method, row.path)}: ${r.body}`).not.toContain(r.statusCode);
      } else {
        expect(r.statusCode, `${role} → ${key(row.method, row.path)}: ${r.body}`).toBe(403);
        expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(r.json()).toMatchObject({ code: 'role_forbidden', status: 403 });
      }
    }
    expect(Object.keys(outcomes)).toHaveLength(3);
  });

  it('the table lists every back-office and sandbox route of the app, and only those', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const inApp = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) continue;
      for (const method of Object.keys(operations)) {
        if (['get', 'post', 'patch', 'put', 'delete'].includes(method)) inApp.add(key(method, path));
      }
    }
    const inTable = new Set(ROUTES.map((r) => key(r.method, r.path)));
    const missing = [...inApp].filter((k) => !inTable.has(k)).sort();
    const stale = [...inTable].filter((k) => !inApp.has(k)).sort();
    expect(missing, 'routes without a row in ROUTES (add one line each)').toEqual([]);
    expect(stale, 'rows of ROUTES the app does not have').toEqual([]);
  });
});
