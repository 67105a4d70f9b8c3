import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { TestClock } from '../clock.ts';
import { outbox } from '../mail/outbox.ts';
import { documentFiles } from '../storage/encrypted-files.ts';
import { sandboxInstantRail } from '../rails/sandbox-instant-rail.ts';
import { openTestDb } from '../testing/test-context.ts';
import type { Db } from '../db/types.ts';
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

describe('request logs at LOG_LEVEL=info', () => {
  it('name the query parameters but never write their values (one-time tokens, addresses)', async () => {
    await app.inject({ method: 'GET', url: `/change-password?token=${TOKEN}` });
    await app.inject({ method: 'GET', url: `/update-user?emailToken=${TOKEN}&x=1` });
    await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent('zoe@exemple.test')}` });
    await app.inject({ method: 'GET', url: `/api/nope?${TOKEN}` });

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/change-password?token=[redacted]');
    expect(log).toContain('/update-user?emailToken=[redacted]&x=[redacted]');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('zoe');
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
