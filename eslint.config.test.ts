import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of docs/boundaries.md are only as good as the lint rules that enforce
// them: each case lints a small piece of code as if it sat at the given path, with this repository's
// real eslint.config.js, and says whether the boundary rules refuse it.
const eslint = new ESLint({
  cwd: import.meta.dirname,
  // Only the boundary rules, without type information, so each case lints in milliseconds.
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const server = 'apps/server/src';

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    ['a module routes.ts', `${server}/modules/review/routes.ts`, `import { x } from './queries.ts';`],
    [
      'a module routes.ts, from another file of queries',
      `${server}/modules/review/routes.ts`,
      `import { x } from './customers-queries.ts';`,
    ],
    [
      'a *-routes.ts',
      `${server}/modules/contact/backoffice-routes.ts`,
      `import { x } from '../onboarding/application-queries.ts';`,
    ],
    ['routes outside modules/', `${server}/mail/mailbox-routes.ts`, `import { x } from './queries.ts';`],
    [
      'routes, the database layer',
      `${server}/modules/review/routes.ts`,
      `import type { Db } from '../../db/types.ts';`,
    ],
    [
      'routes, the ledger',
      `${server}/modules/contact/backoffice-routes.ts`,
      `import { postEntry } from '../../ledger/index.ts';`,
    ],
    ['routes, the driver', `${server}/modules/review/routes.ts`, `import pg from 'pg';`],
  ])('%s may not import SQL', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Import boundary/),
    ]);
  });

  it.each([
    ['service.ts', `${server}/modules/contact/service.ts`, `import type { FastifyRequest } from 'fastify';`],
    ['a *-service.ts', `${server}/modules/contact/service.ts`, `import { x } from './backoffice-routes.ts';`],
  ])('%s may not see HTTP', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it.each([
    ['a service', `${server}/modules/review/review-service.ts`],
    ['a routes file', `${server}/modules/review/routes.ts`],
    ['mail/outbox.ts', `${server}/mail/outbox.ts`],
  ])('%s may not run SQL', async (_what, path) => {
    const code = `export const f = (q: { query(s: string): unknown }) => q.query('select 1');`;
    expect(await refusals(path, code)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: SQL lives only/),
    ]);
  });

  it.each([
    [
      'a service',
      `${server}/modules/review/review-service.ts`,
      `import { x } from '../../testing/test-context.ts';`,
    ],
    ['the app', `${server}/app.ts`, `import { x } from './testing/customers.ts';`],
    ['a kernel file', `${server}/mail/outbox.ts`, `import type { X } from '../testing/test-context.ts';`],
    ['a module file', `${server}/modules/review/x.ts`, `import { x } from './__tests__/helpers.ts';`],
    ['the wiring', `${server}/server.ts`, `import { x } from './modules/auth/__tests__/testing.ts';`],
    [
      'a routes file',
      `${server}/modules/review/routes.ts`,
      `import { x } from '../../testing/customers.ts';`,
    ],
    [
      'a *-service.ts',
      `${server}/modules/contact/service.ts`,
      `import { x } from '../../testing/fuzz/generate.ts';`,
    ],
  ])('%s may not import test scaffolding', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*never imports test scaffolding/),
    ]);
  });

  it.each([
    [
      'a test',
      `${server}/modules/review/review.test.ts`,
      `import { x } from '../../testing/test-context.ts';`,
    ],
    [
      'a test, its module’s helpers',
      `${server}/modules/review/review.test.ts`,
      `import { x } from './__tests__/helpers.ts';`,
    ],
    [
      'a module’s test helpers',
      `${server}/modules/auth/__tests__/helpers.ts`,
      `import { x } from '../../../testing/test-context.ts';`,
    ],
    ['the shared test helpers', `${server}/testing/customers.ts`, `import { x } from './test-context.ts';`],
    ['a benchmark', `${server}/bench/ledger-bench.ts`, `import { x } from '../testing/scratch-database.ts';`],
    [
      'a browser test',
      'e2e/x.e2e.test.ts',
      `import { x } from '../apps/server/src/testing/start-server.ts';`,
    ],
  ])('%s may import test scaffolding', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([]);
  });

  it.each([
    ['core, node', 'packages/core/src/money.ts', `import { readFileSync } from 'node:fs';`],
    ['core, contracts', 'packages/core/src/money.ts', `import { z } from '@comptoir/contracts';`],
    ['contracts, server', 'packages/contracts/src/auth.ts', `import { x } from '@comptoir/server';`],
    ['web, server', 'apps/web/src/app/App.tsx', `import { x } from '../../../server/src/app.ts';`],
  ])('%s is refused', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it.each([
    [
      'routes → their service',
      `${server}/modules/contact/backoffice-routes.ts`,
      `import { x } from './service.ts';`,
    ],
    [
      'routes → the guard',
      `${server}/modules/review/routes.ts`,
      `import { x } from '../../http/customer-guard.ts';`,
    ],
    [
      'service → queries',
      `${server}/modules/review/review-service.ts`,
      `import { x } from './customers-queries.ts';`,
    ],
    [
      'queries run SQL',
      `${server}/modules/review/customers-queries.ts`,
      `export const f = (q: { query(s: string): unknown }) => q.query('select 1');`,
    ],
    [
      'the ledger runs SQL',
      `${server}/ledger/post.ts`,
      `export const f = (q: { query(s: string): unknown }) => q.query('select 1');`,
    ],
  ])('%s is allowed', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([]);
  });
});

// Server modules are entered only through their face and never import each other in a circle: the
// module rules of eslint.config.js, on their own (the cycle rule reads the real server's graph).
const moduleRules = new ESLint({
  cwd: import.meta.dirname,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('modules/'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function moduleRefusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await moduleRules.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('module faces and cycles (eslint.config.js)', () => {
  it.each([
    [
      'another module’s queries',
      `${server}/modules/review/x.ts`,
      `import { x } from '../customers/queries.ts';`,
    ],
    ['another module’s service', `${server}/modules/review/x.ts`, `export { x } from '../auth/sessions.ts';`],
    [
      'a module’s routes, from wiring other than the app',
      `${server}/server.ts`,
      `import { authRoutes } from './modules/auth/routes.ts';`,
    ],
    [
      'a module’s routes, from another module',
      `${server}/modules/review/x.ts`,
      `import { cardRoutes } from '../cards/routes.ts';`,
    ],
    [
      'a module’s service, from the app',
      `${server}/app.ts`,
      `import { publicProfile } from './modules/institution/public-profile.ts';`,
    ],
    [
      'a module’s queries, from the app',
      `${server}/app.ts`,
      `import { x } from './modules/customers/queries.ts';`,
    ],
    [
      'a module’s files, from http/',
      `${server}/http/x.ts`,
      `import type { X } from '../modules/auth/sessions.ts';`,
    ],
    [
      'a test face, from production code',
      `${server}/modules/review/x.ts`,
      `import { x } from '../auth/__tests__/testing.ts';`,
    ],
    [
      'another module’s test helpers',
      `${server}/modules/review/x.test.ts`,
      `import { x } from '../auth/__tests__/helpers.ts';`,
    ],
    [
      'a test face outside __tests__/',
      `${server}/modules/review/x.test.ts`,
      `import { x } from '../auth/testing.ts';`,
    ],
    [
      'a module’s queries, from a browser test',
      'e2e/contact.e2e.test.ts',
      `import { x } from '../apps/server/src/modules/contact/queries.ts';`,
    ],
    [
      'a module’s service, from a browser test’s page helper',
      'e2e/pages/backoffice-pages.ts',
      `import { x } from '../../apps/server/src/modules/operators/operators-service.ts';`,
    ],
    [
      'another module’s test helpers, from a browser test',
      'e2e/statements.e2e.test.ts',
      `import { x } from '../apps/server/src/modules/statements/__tests__/helpers.ts';`,
    ],
  ])('%s is entered only through its face', async (_what, path, code) => {
    expect(await moduleRefusals(path, code)).toEqual([
      expect.stringMatching(/^modules\/face: Enter modules\//),
    ]);
  });

  it.each([
    ['another module’s face', `${server}/modules/review/x.ts`, `import { x } from '../customers/index.ts';`],
    [
      'the app, a module’s face',
      `${server}/app.ts`,
      `import { publicProfile } from './modules/institution/index.ts';`,
    ],
    [
      'the app, a module’s routes',
      `${server}/app.ts`,
      `import { authRoutes } from './modules/auth/routes.ts';`,
    ],
    [
      'the app, a module’s other routes',
      `${server}/app.ts`,
      `import { contactBackofficeRoutes } from './modules/contact/backoffice-routes.ts';`,
    ],
    [
      'its own module’s files',
      `${server}/modules/review/x.ts`,
      `import { x } from './customers-queries.ts';`,
    ],
    [
      'a test, another module’s test face',
      `${server}/modules/review/x.test.ts`,
      `import { x } from '../auth/__tests__/testing.ts';`,
    ],
    [
      'a test, its own test helpers',
      `${server}/modules/auth/x.test.ts`,
      `import { x } from './__tests__/helpers.ts';`,
    ],
    [
      'a module’s test helpers, another module’s test face',
      `${server}/modules/cards/__tests__/helpers.ts`,
      `import { x } from '../../sca/__tests__/testing.ts';`,
    ],
    [
      'a browser test, a module’s face',
      'e2e/x.e2e.test.ts',
      `import { x } from '../apps/server/src/modules/operators/index.ts';`,
    ],
    [
      'a browser test, a module’s test face',
      'e2e/x.e2e.test.ts',
      `import { x } from '../apps/server/src/modules/sca/__tests__/testing.ts';`,
    ],
    [
      'a browser test, the shared test helpers',
      'e2e/x.e2e.test.ts',
      `import { x } from '../apps/server/src/testing/start-server.ts';`,
    ],
    [
      'a browser test’s page helper, a kernel folder',
      'e2e/pages/x.ts',
      `import { x } from '../../apps/server/src/mail/mailbox.ts';`,
    ],
  ])('%s is allowed', async (_what, path, code) => {
    expect(await moduleRefusals(path, code)).toEqual([]);
  });

  it.each([
    ['its routes', `export { authRoutes } from './routes.ts';`],
    ['its other routes', `export { contactBackofficeRoutes } from './backoffice-routes.ts';`],
    ['its queries', `export { customerById } from './queries.ts';`],
    ['a type of its queries', `export type { CustomerRow } from './queries.ts';`],
    ['another file of queries', `export { activeFactors } from './factor-queries.ts';`],
    ['all of its routes', `export * from './routes.ts';`],
    ['all of its queries', `export * from './session-queries.ts';`],
    [
      'its queries, imported then exported',
      `import { insertSpace } from './queries.ts';\nexport { insertSpace };`,
    ],
  ])('a module’s face may not offer %s', async (_what, code) => {
    expect(await moduleRefusals(`${server}/modules/auth/index.ts`, code)).toEqual([
      expect.stringMatching(/^modules\/thin-face: A module's face offers use cases and types/),
    ]);
  });

  it.each([
    ['a use case', `${server}/modules/auth/index.ts`, `export { openCustomerSession } from './sessions.ts';`],
    [
      'a type of a service',
      `${server}/modules/auth/index.ts`,
      `export type { NotifyContext } from './record-service.ts';`,
    ],
    ['a module file that is not a face', `${server}/modules/auth/x.ts`, `export { x } from './queries.ts';`],
  ])('%s may be offered', async (_what, path, code) => {
    expect(await moduleRefusals(path, code)).toEqual([]);
  });

  it('refuses an import that closes a module cycle (auth already imports customers)', async () => {
    expect(
      await moduleRefusals(`${server}/modules/customers/x.ts`, `import { x } from '../auth/index.ts';`),
    ).toEqual([
      expect.stringMatching(
        /^modules\/no-cycle: Module cycle: modules\/customers → modules\/auth → .*modules\/customers/,
      ),
    ]);
  });

  it.each([
    ['the other way round', `${server}/modules/auth/x.ts`, `import { x } from '../customers/index.ts';`],
    [
      'a type-only import (erased)',
      `${server}/modules/customers/x.ts`,
      `import type { X } from '../auth/index.ts';`,
    ],
    ['a test', `${server}/modules/customers/x.test.ts`, `import { x } from '../auth/index.ts';`],
  ])('%s closes no cycle', async (_what, path, code) => {
    expect(await moduleRefusals(path, code)).toEqual([]);
  });
});

// The web's React and TypeScript house rules, each shown to fire on a small piece of code.
describe('web house rules (eslint.config.js)', () => {
  const hooks = new ESLint({
    cwd: import.meta.dirname,
    ruleFilter: ({ ruleId }) => ruleId.startsWith('react-hooks/'),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  // The switch check needs types: a file outside every tsconfig, typed on its own (the first
  // lint boots a TypeScript program, hence the long timeouts).
  const typed = new ESLint({
    cwd: import.meta.dirname,
    ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/switch-exhaustiveness-check',
    overrideConfig: {
      languageOptions: {
        parserOptions: { projectService: { allowDefaultProject: ['apps/web/*.ts'] } },
      },
    },
  });
  const rulesFired = async (linter: ESLint, filePath: string, code: string) => {
    const [result] = await linter.lintText(code, { filePath });
    return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'} (${m.severity})`);
  };
  const component = 'apps/web/src/ui/Example.tsx';

  it('refuses a hook called under a condition', async () => {
    const code = `import { useState } from 'react';
export function Example({ on }: { on: boolean }) {
  if (on) useState(0);
  return null;
}`;
    expect(await rulesFired(hooks, component, code)).toEqual(['react-hooks/rules-of-hooks (2)']);
  });

  it('refuses an effect that leaves out a dependency', async () => {
    const code = `import { useEffect } from 'react';
export function Example({ id }: { id: string }) {
  useEffect(() => {
    document.title = id;
  }, []);
  return null;
}`;
    expect(await rulesFired(hooks, component, code)).toEqual(['react-hooks/exhaustive-deps (2)']);
  });

  it('allows an effect with every dependency', async () => {
    const code = `import { useEffect } from 'react';
export function Example({ id }: { id: string }) {
  useEffect(() => {
    document.title = id;
  }, [id]);
  return null;
}`;
    expect(await rulesFired(hooks, component, code)).toEqual([]);
  });

  const switchOver = (cases: string) => `type Step = 'password' | 'totp';
export function label(step: Step): string {
  switch (step) {
${cases}
  }
}`;

  it('refuses a switch that forgets a member of the union', async () => {
    const code = switchOver(`    case 'password':
      return 'p';`);
    expect(await rulesFired(typed, 'apps/web/switch-example.ts', code)).toEqual([
      '@typescript-eslint/switch-exhaustiveness-check (2)',
    ]);
  }, 180_000);

  it('allows a switch that names every member', async () => {
    const code = switchOver(`    case 'password':
      return 'p';
    case 'totp':
      return 't';`);
    expect(await rulesFired(typed, 'apps/web/switch-example.ts', code)).toEqual([]);
  }, 180_000);
});
describe('API paths in the web app (eslint.config.js)', () => {
  const web = 'apps/web/src';

  it.each([
    ['a string path', `${web}/api/accounts.ts`, `export const p = '/api/accounts';`],
    ['a template path', `${web}/api/cards.ts`, 'export const p = (id: string) => `/api/cards/${id}`;'],
    ['a path in a component', `${web}/customer/RibPage.tsx`, `export const p = "/api/me/data-export";`],
  ])('%s is refused', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Call the API through a route of the table/),
    ]);
  });

  it.each([
    ['a route of the table', `${web}/api/accounts.ts`, `export const p = routes.getAccounts.path;`],
    ['a page path', `${web}/app/AppRoutes.tsx`, `export const p = '/app/apis';`],
    ['a test', `${web}/api/client.test.ts`, `export const p = '/api/accounts';`],
  ])('%s is allowed', async (_what, path, code) => {
    expect(await refusals(path, code)).toEqual([]);
  });
});
