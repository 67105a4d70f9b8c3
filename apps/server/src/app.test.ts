import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from './testing/test-context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext();
});
afterAll(() => t.close());

describe('HTTP application', () => {
  it('GET /api/health answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health answers 503 problem JSON when the database does not', async () => {
    const broken = await makeTestContext();
    await broken.ctx.db.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 503, code: 'unavailable' });
    await broken.app.close();
  });

  it('refuses a mutation without X-Requested-With: comptoir', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_header_missing', status: 403 });
  });

  it('answers unknown API paths with problem JSON, not HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      code: 'not_found',
      detail: expect.any(String),
    });
  });

  it('refuses customer data without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers malformed JSON with a 400 problem, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('publishes the OpenAPI document and its browser', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/accounts', '/api/accounts/{id}/transactions']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Style elements need this response's nonce (or a build's hash); only style attributes are free.
    expect(res.headers['content-security-policy']).toMatch(/(^|;)style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(res.headers['content-security-policy']).toContain("style-src-attr 'unsafe-inline'");
    expect(String(res.headers['content-security-policy']).match(/'unsafe-inline'/g)).toHaveLength(1);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps API answers out of caches however the path is spelled', async () => {
    for (const url of ['/%61pi/health', '/api/health?']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
