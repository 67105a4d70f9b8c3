import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '@comptoir/contracts';
import type { Db } from '../../db/types.ts';
import { startDraining } from '../../lifecycle.ts';
import { buildApp } from '../../app.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';

let t: TestContext;
beforeAll(async () => {
  // Its own database: a test here takes a migration back for a moment, and drains the instance.
  t = await makeTestContext({}, { ownDatabase: true });
});
afterAll(() => t.close());

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url });

describe('health', () => {
  it('GET /api/health/live answers 200 while the process runs', async () => {
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers 200 when the database answers and every migration is applied', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('… 503 while a migration this code knows is not applied', async () => {
    const { rows } = await t.ctx.db.query<{ name: string }>(
      'delete from schema_migrations where name = (select max(name) from schema_migrations) returning name',
    );
    try {
      const res = await get('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Problem.parse(res.json())).toMatchObject({
        code: 'unavailable',
        detail: 'Des migrations de la base de données ne sont pas encore appliquées.',
      });
    } finally {
      await t.ctx.db.query('insert into schema_migrations (name) values ($1)', [rows[0]?.name]);
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('… 503 within about two seconds when the database does not answer (liveness stays 200)', async () => {
    const silent: Db = { ...t.ctx.db, query: () => new Promise(() => undefined) };
    const app = await buildApp({ ...t.ctx, db: silent });
    try {
      const started = performance.now();
      const res = await get('/api/health/ready', app);
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ detail: 'La base de données ne répond pas.' });
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(4000);
      expect((await get('/api/health/live', app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('… 503 as soon as the instance starts draining (SIGTERM), liveness still 200', async () => {
    startDraining(t.ctx.db);
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'unavailable',
      detail: 'Le serveur s’arrête : les nouvelles requêtes vont à une autre instance.',
    });
    expect((await get('/api/health/live')).statusCode).toBe(200);
  });
});
