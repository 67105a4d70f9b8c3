// Fuzzing every route of /api/openapi.json: generated valid and invalid params, bodies and headers,
// sent as an anonymous visitor, an applicant (application cookie), a signed-in customer and a
// signed-in operator. Fails on any 5xx, any stack trace or file path in a body, and any answer
// that does not match the schema the document declares for its status.
// Seeded: FUZZ_SEED=<n> replays a run; FUZZ_CASES=<n> changes the number of cases per identity;
// FUZZ_ONLY=<text> fuzzes only the operations whose `METHOD /path` contains it (e.g. `/api/cards`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOCUMENT_KINDS } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { OUT_OF_RANGE_TEXTS, refResolver, type JsonSchema } from '../testing/fuzz/schema-arbitrary.ts';
import {
  requestArbitrary,
  systematicRequests,
  type FuzzOperation,
  type FuzzRequest,
} from '../testing/fuzz/request-cases.ts';
import { responseChecker } from '../testing/fuzz/response-check.ts';
import { makeCustomer, signIn as signInCustomer, type TestCustomer } from '../testing/customers.ts';
import { APPLICATION_COOKIE, CUSTOMER_COOKIE, OPERATOR_COOKIE } from './cookies.ts';
import { newOperator, signIn as signInOperator } from '../modules/operators/__tests__/testing.ts';
import {
  APPLICANT_PASSWORD,
  elfProgram,
  minimalPdf,
  multipart,
  newApplicant,
  pngImage,
  startOnboarding,
} from '../modules/onboarding/__tests__/testing.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const CASES = Number(process.env.FUZZ_CASES ?? 20);
const ONLY = process.env.FUZZ_ONLY;

/** Routes whose work is a slow password hash (argon2id) get fewer cases, to bound the run time. */
const SLOW = new Set(['POST /api/auth/login', 'POST /api/backoffice/auth/login', 'PATCH /api/me']);
/** Ending the test's own sessions: run last, after checking the sessions survived everything else. */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'POST /api/backoffice/auth/logout']);

type Identity = 'anonymous' | 'applicant' | 'customer' | 'operator';
const IDENTITIES: Identity[] = ['anonymous', 'applicant', 'customer', 'operator'];

/**
 * Excluded pairs, each with its reason (nothing is skipped silently). `GET /api/events` is a
 * Server-Sent Events stream that stays open for a signed-in customer; its other answers (401)
 * are fuzzed, and the stream itself is covered by modules/events/events.test.ts.
 */
const EXCLUDED: Record<string, { identity: Identity; reason: string }> = {
  'GET /api/events': { identity: 'customer', reason: 'an open SSE stream never ends' },
};

let t: TestContext;
let doc: JsonSchema;
let cookies: Record<Identity, Record<string, string>>;
let hints: Record<string, unknown[]>;
let uploads: { payload: Buffer; contentType: string }[];
let fixtures: { customer: TestCustomer };
let ids: { account: string; customers: string[]; document: string; card: string };

/** Path ids, the one that exists for the route first (the systematic cases use the first). */
function idsFor(path: string): unknown[] {
  const all = [ids.account, ...ids.customers, ids.document, ids.card];
  const first = path.startsWith('/api/accounts/')
    ? [ids.account]
    : path.startsWith('/api/cards/')
      ? [ids.card]
      : path.startsWith('/api/backoffice/documents/')
        ? [ids.document]
        : path.startsWith('/api/backoffice/customers/')
          ? ids.customers
          : [];
  return [...new Set([...first, ...all])];
}

/** A stable 32-bit number per text, so every (operation, identity) has its own reproducible seed. */
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0);

beforeAll(async () => {
  // A database of its own: it makes the sandbox's singletons (VAPID keys, the PSD2 test authority),
  // sealed under this context's master key, which another file's key could not open.
  t = await makeTestContext({}, { ownDatabase: true });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<JsonSchema>();

  const customer = await makeCustomer(t.ctx);
  fixtures = { customer };
  const customerCookie = (await signInCustomer(t.app, customer)).split('=')[1]!;
  const operator = await newOperator(t, 'admin');
  const operatorToken = await signInOperator(t, operator);
  const applicant = await newApplicant(t);
  const applicationToken = await startOnboarding(t);
  cookies = {
    anonymous: {},
    applicant: { [APPLICATION_COOKIE]: applicationToken },
    customer: { [CUSTOMER_COOKIE]: customerCookie },
    operator: { [OPERATOR_COOKIE]: operatorToken },
  };

  const accounts = await t.app.inject({ url: '/api/accounts', cookies: cookies.customer });
  const account = accounts.json<{ id: string; iban: string }[]>()[0]!;
  const documents = await t.app.inject({
    url: `/api/backoffice/customers/${applicant.id}/documents`,
    cookies: cookies.operator,
  });
  const documentId = documents.json<{ id: string }[]>()[0]!.id;
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/cards',
    headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/json' },
    cookies: cookies.customer,
    payload: {},
  });
  const cardId = card.json<{ id: string }>().id;
  ids = { account: account.id, customers: [applicant.id, customer.id], document: documentId, card: cardId };
  hints = {
    id: [account.id, customer.id, applicant.id, documentId, cardId],
    customerId: [customer.id, applicant.id],
    operatorId: [operator.id],
    email: [customer.email, applicant.email, operator.email],
    iban: [account.iban],
    kind: [...DOCUMENT_KINDS],
    // Good values first (the systematic cases start from them), so one bad field is all that is wrong.
    firstName: ['Camille'],
    lastName: ['Martin'],
    name: ['Camille Martin'],
    company: ['Exemple SARL'],
    message: ['Bonjour, une question sur le compte.'],
    profession: ['Infirmière'],
    address: ['12 rue des Lilas'],
    postalCode: ['75011'],
    city: ['Paris'],
    taxId: ['1234567890123'],
    phone: ['+33612345678'],
    birthDate: ['1990-04-12'],
    country: ['FR'],
    taxCountry: ['FR'],
    documentCountry: ['LU'],
    password: [APPLICANT_PASSWORD],
    passwordConfirmation: [APPLICANT_PASSWORD],
    currentPassword: [customer.password],
    debtorName: ['Jean Dupont'],
    debtorIban: ['FR7630006000011234567890189'],
    reference: ['Loyer'],
    reason: ['Document illisible'],
    reasons: [['Document illisible']],
    fillTimeMs: [5_000],
    consent: [true],
    q: ['Martin'],
  };

  const png = await pngImage(16, 16);
  const files = [
    { bytes: png, name: 'photo.png', type: 'image/png' },
    { bytes: png.subarray(0, 40), name: 'cut.png', type: 'image/png' },
    { bytes: minimalPdf(), name: 'doc.pdf', type: 'application/pdf' },
    { bytes: elfProgram().subarray(0, 200), name: 'photo.jpg', type: 'image/jpeg' },
    { bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' },
    { bytes: Buffer.from('\u0000\u0000%PDF-'), name: 'nul.pdf', type: 'application/pdf' },
  ];
  const kinds = ['id_front', 'selfie', 'proof_of_address', 'bogus', '', 'a\u0000b'];
  const forms = [
    { kind: 'selfie' },
    { file: files[0]! },
    ...kinds.flatMap((kind) => files.map((file) => ({ kind, file }))),
  ];
  uploads = [];
  for (const form of forms) {
    const { body, contentType } = await multipart(form);
    uploads.push({ payload: body, contentType });
  }
  const fileFirst = await multipart({ kind: 'selfie', file: files[0]! }, 'file-first');
  uploads.push({ payload: fileFirst.body, contentType: fileFirst.contentType });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function signedIn(identity: Identity): Promise<boolean> {
  if (identity === 'customer') {
    return (await t.app.inject({ url: '/api/me', cookies: cookies.customer })).statusCode === 200;
  }
  if (identity === 'operator') {
    const me = await t.app.inject({ url: '/api/backoffice/auth/me', cookies: cookies.operator });
    return me.statusCode === 200;
  }
  return true;
}

/** A new customer or operator (the previous one may be locked out), signed in. */
async function renewSession(identity: Identity): Promise<void> {
  if (identity === 'customer') {
    // The same customer when possible (the hints name its account), a new one if it is locked out.
    const cookie = await signInCustomer(t.app, fixtures.customer).catch(async () =>
      signInCustomer(t.app, await makeCustomer(t.ctx)),
    );
    cookies.customer = { [CUSTOMER_COOKIE]: cookie.split('=')[1]! };
  } else if (identity === 'operator') {
    cookies.operator = { [OPERATOR_COOKIE]: await signInOperator(t, await newOperator(t, 'admin')) };
  }
}

function operations(): FuzzOperation[] {
  const list: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, spec] of Object.entries(item))
      list.push({ method: method.toUpperCase(), path, spec });
  }
  const ending = (op: FuzzOperation) => SESSION_ENDING.has(`${op.method} ${op.path}`);
  const chosen = ONLY ? list.filter((op) => `${op.method} ${op.path}`.includes(ONLY)) : list;
  return [...chosen.filter((op) => !ending(op)), ...chosen.filter(ending)];
}

interface Failure {
  seed: number;
  identity: Identity;
  request: FuzzRequest;
  status: number;
  body: string;
  faults: string[];
}

const clip = (text: string | Buffer | undefined, max = 300) => {
  const s = text === undefined ? '' : typeof text === 'string' ? text : `<${text.length} bytes>`;
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
};

const report = (f: Failure) =>
  [
    `${f.request.method} ${clip(f.request.url, 200)} as ${f.identity} [${f.request.kind}] (seed ${f.seed})`,
    `  headers: ${clip(JSON.stringify(f.request.headers), 200)}`,
    `  body: ${JSON.stringify(clip(f.request.payload))}`,
    `  → ${f.status}: ${clip(f.body)}`,
    `  faults: ${f.faults.join('; ')}`,
  ].join('\n');

describe('every route of the OpenAPI document, fuzzed', () => {
  it('never answers 5xx, a stack trace or an undeclared shape', async () => {
    const started = performance.now();
    const check = responseChecker(doc);
    const resolve = refResolver(doc);
    const failures: Failure[] = [];
    /** Statuses seen per operation: the log shows which ones the cases reached. */
    const statuses = new Map<string, Map<number, number>>();
    const renewed: string[] = [];
    let sent = 0;

    for (const op of operations()) {
      const key = `${op.method} ${op.path}`;
      const options = {
        resolve,
        hints: { ...hints, id: idsFor(op.path) },
        ...(key === 'POST /api/onboarding/documents' ? { rawBodies: fc.constantFrom(...uploads) } : {}),
      };
      const arbitrary = requestArbitrary(op, options);
      for (const identity of IDENTITIES) {
        if (EXCLUDED[key]?.identity === identity) continue;
        // A case may have ended the session (a login replaces it, a lockout closes it): every batch
        // starts signed in, so the signed-in cases stay meaningful.
        if (!(await signedIn(identity))) {
          renewed.push(`${identity} before ${key}`);
          await renewSession(identity);
        }
        const seed = SEED ^ hash(`${key} ${identity}`);
        const count = SLOW.has(key) ? Math.ceil(CASES / 3) : CASES;
        const random = fc.sample(arbitrary, { seed, numRuns: count });
        const systematic = SLOW.has(key) ? [] : systematicRequests(op, options, seed, OUT_OF_RANGE_TEXTS);
        for (const request of [...systematic, ...random]) {
          sent += 1;
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            cookies: cookies[identity],
            remoteAddress: `127.0.${(sent >> 8) & 255}.${sent & 255}`,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          const seen = statuses.get(key) ?? new Map<number, number>();
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          statuses.set(key, seen);
          const faults = check(op.method, op.path, {
            statusCode: res.statusCode,
            headers: res.headers,
            body: res.body,
          });
          if (faults.length > 0) {
            failures.push({ seed, identity, request, status: res.statusCode, body: res.body, faults });
          }
        }
      }
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `fuzz: ${sent} requests over ${operations().length} operations in ${seconds} s (seed ${SEED})`,
        `sessions renewed: ${renewed.join(', ') || 'none'}`,
        ...[...statuses].map(([op, seen]) => `  ${op}: ${[...seen].map(([s, n]) => `${s}×${n}`).join(' ')}`),
      ].join('\n'),
    );
    expect(failures.map(report).join('\n\n')).toBe('');
  }, 300_000);
});
