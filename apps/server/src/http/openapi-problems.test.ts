import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';

let t: TestContext;
let paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;

beforeAll(async () => {
  t = await makeTestContext();
  paths = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: typeof paths }>().paths;
});
afterAll(async () => {
  await t.close();
});

const statuses = (path: string, method: string) => Object.keys(paths[path]?.[method]?.responses ?? {});

describe('the OpenAPI document', () => {
  it('declares the problems a route answers before its handler runs', () => {
    expect(statuses('/api/health', 'get')).toEqual(expect.arrayContaining(['200', '400']));
    expect(statuses('/api/auth/logout', 'post')).toEqual(
      expect.arrayContaining(['204', '400', '403', '413', '415']),
    );
    expect(statuses('/api/auth/login', 'post')).toEqual(expect.arrayContaining(['429']));
    expect(statuses('/api/auth/logout', 'post')).not.toContain('429');
    expect(paths['/api/auth/logout']?.post?.responses['403']).toEqual({
      description: 'Default Response',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    });
  });

  it('declares every 4xx and 5xx answer as application/problem+json, as they are sent', async () => {
    const errors = Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        Object.entries(operation.responses)
          .filter(([status]) => /^[45]/.test(status))
          .map(([, response]) => Object.keys((response as { content?: object }).content ?? {})),
      ),
    );
    expect(errors.length).toBeGreaterThan(700);
    expect(errors.filter((types) => types.join() !== 'application/problem+json')).toEqual([]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('leaves the successful answers’ media types as the routes declare them', () => {
    const health = paths['/api/health']?.get?.responses['200'] as { content: object };
    expect(Object.keys(health.content)).toEqual(['application/json']);
  });

  it('keeps the route’s own answers (only the document changes)', async () => {
    expect(statuses('/api/accounts/{id}/rib.pdf', 'get')).toEqual(
      expect.arrayContaining(['200', '404', '409']),
    );
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-requested-with': 'comptoir' },
    });
    expect(logout.statusCode).toBe(204);
  });
});
