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
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
    });
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
