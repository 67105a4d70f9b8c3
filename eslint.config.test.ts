import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of ARCHITECTURE.md §Layers are only as good as the lint rules that enforce
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
    ['routes → the guard', `${server}/modules/review/routes.ts`, `import { x } from '../auth/guard.ts';`],
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
