import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, routes } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../modules/operators/__tests__/testing.ts';
import { errorHandler } from './problem.ts';
import { registerRoute } from './register-route.ts';
import { provideRouteGuards } from './route-guard.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestContext;
let doc: Doc;

beforeAll(async () => {
  t = await makeTestContext();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<Doc>();
});
afterAll(async () => {
  await t.close();
});

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

describe('the route table and the server (no drift)', () => {
  it('registers every route of the table', () => {
    const missing = Object.entries(routes)
      .filter(([, route]) => !t.app.hasRoute({ method: route.method, url: route.path }))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('documents exactly the routes of the table, each under its name', () => {
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => METHODS.has(method))
          .map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId ?? '?'}`),
      );
    const table = Object.entries(routes).map(
      ([name, route]) => `${route.method} ${openApiPath(route.path)} ${name}`,
    );
    expect(documented.sort()).toEqual(table.sort());
  });

  it('declares who may call, and the headers a call needs', () => {
    const transfer = doc.paths['/api/transfers']!['post']!;
    expect(transfer.security).toEqual([{ customerSession: [] }]);
    expect(transfer.parameters?.filter((p) => p.in === 'header').map((p) => [p.name, p.required])).toEqual([
      ['x-requested-with', true],
      ['idempotency-key', true],
      ['x-sca-token', false],
    ]);
    expect(doc.paths['/api/sandbox/incoming-transfers']!['post']!.security).toEqual([
      { sandboxKey: [] },
      { operatorSession: [] },
    ]);
    expect(doc.paths['/api/health']!['get']!.security).toEqual([]);
  });
});

describe('the guard comes from the table', () => {
  it('refuses the roles a route’s entry does not name, though its routes file names no guard', async () => {
    expect(routes.getBackofficeOperators.auth).toEqual({ operator: ['admin'] });
    const bare = Fastify().withTypeProvider<ZodTypeProvider>();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    bare.setErrorHandler(errorHandler);
    await bare.register(cookie);
    provideRouteGuards(bare, t.ctx);
    // A routes file that forgot everything: no hook, no role, only its handler.
    await bare.register(
      async (plugin) => {
        registerRoute(plugin, routes.getBackofficeOperators, () => ({ items: [] }));
      },
      { prefix: '/api/backoffice' },
    );
    const call = (token?: string) =>
      bare.inject({ url: '/api/backoffice/operators', ...(token ? { cookies: withOperator(token) } : {}) });
    try {
      expect((await call()).statusCode).toBe(401);
      for (const role of ['compliance', 'support'] as const) {
        const refused = await call(await signIn(t, await newOperator(t, role)));
        expect(refused.statusCode, role).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'role_forbidden' });
      }
      const admin = await call(await signIn(t, await newOperator(t, 'admin')));
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toEqual({ items: [] });
    } finally {
      await bare.close();
    }
  });

  it('refuses to register a route on an application given no guards', async () => {
    const bare = Fastify().withTypeProvider<ZodTypeProvider>();
    await expect(
      bare.register(
        async (plugin) => {
          registerRoute(plugin, routes.getBackofficeOperators, () => ({ items: [] }));
        },
        { prefix: '/api/backoffice' },
      ),
    ).rejects.toThrow(/routeGuards/);
    await bare.close();
  });
});
