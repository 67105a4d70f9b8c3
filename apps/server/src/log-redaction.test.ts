import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { TestClock } from './clock.ts';
import { outbox } from './mail/outbox.ts';
import { documentFiles } from './storage/encrypted-files.ts';
import { sandboxInstantRail } from './rails/sandbox-instant-rail.ts';
import { openTestDb } from './testing/test-context.ts';
import type { Db } from './db/types.ts';
import { errorLogSerializer, loggableUrl } from './log-redaction.ts';

const lines: string[] = [];
let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-log-'));
  const config = loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  db = await openTestDb();
  const masterKey = randomBytes(32);
  app = await buildApp(
    {
      config,
      db,
      clock: new TestClock(),
      masterKey,
      outbox,
      files: documentFiles(config, masterKey),
      rails: { instant: sandboxInstantRail() },
    },
    { logger: true, logStream: { write: (line) => lines.push(line) } },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const TOKEN = 'Zk3jD0-secret-token-value';

/** The JSON lines written so far, parsed (every line must be JSON). */
const entries = () =>
  lines
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request logs at LOG_LEVEL=info', () => {
  it('write one access line per request: method, route pattern, status, duration, request id — never the path’s values or the query', async () => {
    const id = '3f1c9a0e-1d2b-4c5d-8e9f-0a1b2c3d4e5f';
    await app.inject({ method: 'GET', url: `/change-password?token=${TOKEN}` });
    await app.inject({ method: 'GET', url: `/update-user?emailToken=${TOKEN}&x=1` });
    await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent('zoe@exemple.test')}` });
    await app.inject({ method: 'GET', url: `/api/nope?${TOKEN}` });
    const res = await app.inject({
      method: 'GET',
      url: `/api/transfers/${id}?q=${TOKEN}`,
      headers: { 'x-request-id': 'lb-7f3a.42', cookie: `__Host-session=${TOKEN}` },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42');

    const log = lines.join('');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('zoe');
    expect(log).not.toContain(id);
    const access = entries().filter((e) => e.msg === 'request');
    expect(access).toHaveLength(5);
    const line = access.find((e) => e.requestId === 'lb-7f3a.42');
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/transfers/:id', status: 401 });
    expect(typeof line?.ms).toBe('number');
    expect(access.find((e) => e.status === 404)?.route).toBe('(unmatched)');
  });

  it('answer every request with its id: the caller’s X-Request-Id when it is short and plain, else a new one', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    for (const bad of ['x'.repeat(65), 'a b', 'a"b', 'é']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const none = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(entries().some((e) => e.requestId === 'a b')).toBe(false);
  });

  it('loggableUrl keeps paths and parameter names only', () => {
    expect(loggableUrl('/api/accounts')).toBe('/api/accounts');
    expect(loggableUrl('/a?')).toBe('/a?');
    expect(loggableUrl('/a?b=1&c&=2#frag')).toBe('/a?b=[redacted]&[redacted]&[redacted]=[redacted]');
    expect(loggableUrl(`/a?${'x'.repeat(43)}=1`)).toBe('/a?[redacted]=[redacted]');
  });

  it('logs database errors by SQLSTATE, without the statement’s parameters or the values quoted', async () => {
    const failure = await db.query('select $1::int', [TOKEN]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const logged = JSON.stringify(errorLogSerializer(failure));
    expect(logged).toContain('22P02');
    expect(logged).not.toContain(TOKEN);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).toContain(TOKEN);
  });
});
