import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { groupedPan } from '@comptoir/core';
import { CardDetails, SCA_TOKEN_HEADER, type Card } from '@comptoir/contracts';
import { buildApp } from '../../app.ts';
import { TestClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { loadMasterKey } from '../../crypto/master-key.ts';
import { connect } from '../../db/connect.ts';
import { outbox } from '../../mail/outbox.ts';
import { sandboxInstantRail } from '../../rails/sandbox-instant-rail.ts';
import { documentFiles } from '../../storage/encrypted-files.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { cardCall, createCardFor, LIMITS, type Method } from './__tests__/helpers.ts';

/**
 * The card number and the CVV are nowhere in the clear but in the reveal's answer: not in any table,
 * not in DATA_DIR (the embedded database's files, WAL included), not in the server log at `trace`, not
 * in any other API answer. The server runs on a file-backed PGlite in a DATA_DIR of its own.
 *
 * More calls (the sandbox network's authorisations, clearings, refunds) join `CALLS` below: each is
 * made once, its answer checked, and the dump, the files and the log are checked after all of them.
 */

interface State {
  ctx: AppContext;
  customerId: string;
  cardId: string;
  pan: string;
  cvv: string;
}

interface Call {
  name: string;
  method: Method;
  url: (s: State) => string;
  body?: (s: State) => unknown;
  headers?: (s: State) => Promise<Record<string, string>> | Record<string, string>;
  /** The statuses the call may answer (it is made to exercise a path, success or refusal). */
  status: number[];
}

const CALLS: Call[] = [
  { name: 'list', method: 'GET', url: () => '/api/cards', status: [200] },
  { name: 'second card refused', method: 'POST', url: () => '/api/cards', status: [409] },
  { name: 'activity', method: 'GET', url: (s) => `/api/cards/${s.cardId}/activity`, status: [200] },
  { name: 'lock', method: 'POST', url: (s) => `/api/cards/${s.cardId}/lock`, status: [200] },
  { name: 'unlock', method: 'POST', url: (s) => `/api/cards/${s.cardId}/unlock`, status: [200] },
  {
    name: 'limits',
    method: 'PUT',
    url: (s) => `/api/cards/${s.cardId}/limits`,
    body: () => LIMITS,
    status: [200],
  },
  {
    name: 'limits refused (400)',
    method: 'PUT',
    url: (s) => `/api/cards/${s.cardId}/limits`,
    body: () => ({ ...LIMITS, weeklyLimit: 500_001 }),
    status: [400],
  },
  {
    name: 'reveal with a token of another card (401)',
    method: 'POST',
    url: (s) => `/api/cards/${s.cardId}/reveal`,
    headers: async (s) => ({
      [SCA_TOKEN_HEADER]: await grantScaToken(s.ctx, s.customerId, 'card_reveal', { cardId: randomUUID() }),
    }),
    status: [401],
  },
  {
    name: 'unknown card (404)',
    method: 'GET',
    url: () => `/api/cards/${randomUUID()}/activity`,
    status: [404],
  },
  { name: 'malformed card id (404)', method: 'POST', url: () => '/api/cards/%27%3B--/lock', status: [404] },
  { name: 'opposition', method: 'DELETE', url: (s) => `/api/cards/${s.cardId}`, status: [200] },
  { name: 'list after opposition', method: 'GET', url: () => '/api/cards', status: [200] },
];

const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-cards-'));
const logLines: string[] = [];
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  const config = loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'trace', PORT: '0' });
  const db = await connect({ dataDir, databaseUrl: undefined });
  const masterKey = loadMasterKey(config.masterKey, dataDir);
  ctx = {
    config: { ...config, rateLimits: false },
    db,
    clock: new TestClock(),
    masterKey,
    outbox,
    files: documentFiles(config, masterKey),
    rails: { instant: sandboxInstantRail({ delayMs: 5 }) },
  };
  app = await buildApp(ctx, { logger: true, logStream: { write: (line) => logLines.push(line) } });
  await app.ready();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every string value anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('no card number or CVV in the clear', () => {
  it('in no table, no file of DATA_DIR, no log line and no API answer but the reveal', async () => {
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    const answers: { name: string; body: string }[] = [];
    let state: State | undefined;
    let email: string;
    try {
      const a = await signedIn(ctx, app, 10_000);
      email = a.customer.email;
      const card: Card = await createCardFor(app, a.cookie);
      answers.push({ name: 'issue', body: JSON.stringify(card) });

      const token = await grantScaToken(ctx, a.customer.id, 'card_reveal', { cardId: card.id });
      const reveal = await cardCall(
        app,
        'POST',
        `/api/cards/${card.id}/reveal`,
        a.cookie,
        {},
        { [SCA_TOKEN_HEADER]: token },
      );
      expect(reveal.statusCode).toBe(200);
      const { pan, cvv } = CardDetails.parse(reveal.json());
      state = { ctx, customerId: a.customer.id, cardId: card.id, pan, cvv };

      for (const call of CALLS) {
        const res = await cardCall(
          app,
          call.method,
          call.url(state),
          a.cookie,
          call.body?.(state),
          (await call.headers?.(state)) ?? {},
        );
        expect(call.status, `${call.name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        answers.push({ name: call.name, body: res.body });
      }
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    if (!state) throw new Error('no card');
    const { pan, cvv } = state;
    expect(pan).toMatch(/^\d{16}$/);
    const forms = [pan, groupedPan(pan)];

    // (d) Every API answer but the reveal.
    for (const { name, body } of answers) {
      for (const form of forms) expect(body, name).not.toContain(form);
      expect(body, name).not.toMatch(/"cvv"/i);
      expect(body, name).not.toMatch(/sealed|fingerprint|cvv_?mac/i);
    }

    // (c) The server log at trace, and anything written to stdout/stderr meanwhile.
    const log = logLines.join('') + written.join('');
    expect(log).toContain('"msg":"request"'); // the access line of each request
    expect(log).toContain('/reveal');
    for (const form of forms) expect(log).not.toContain(form);
    expect(log).not.toContain(`"cvv":"${cvv}"`);

    // (a) Every table of the public schema, every row as JSON.
    const { rows: tables } = await ctx.db.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['cards', 'sca_challenges']));
    let dumped = 0;
    for (const { name } of tables) {
      const { rows } = await ctx.db.query<{ j: string }>(`select row_to_json(t)::text as j from "${name}" t`);
      for (const { j } of rows) {
        dumped++;
        for (const form of forms) expect(j, name).not.toContain(form);
        // The CVV is text: no text value anywhere is it.
        expect(strings(JSON.parse(j)), name).not.toContain(cvv);
      }
    }
    expect(dumped).toBeGreaterThan(10);

    // (b) Every file of DATA_DIR once the database is flushed and closed.
    await ctx.db.query('checkpoint');
    await app.close();
    await ctx.db.close();
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(5);
    const needles = forms.map((form) => Buffer.from(form, 'ascii'));
    let plainEmail = 0;
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const needle of needles) expect(bytes.includes(needle), file).toBe(false);
      if (bytes.includes(Buffer.from(email, 'ascii'))) plainEmail++;
    }
    // The scan does see what the database stores in the clear (the customer's e-mail address).
    expect(plainEmail).toBeGreaterThan(0);
  });
});
