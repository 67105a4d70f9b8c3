import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, routes } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';

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
