// Typed lint for the whole repository. Import boundaries (docs/boundaries.md) are enforced
// with no-restricted-imports per folder, so a wrong dependency fails `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';
import {
  isBrowserTest,
  isDeepImport,
  isTestFile,
  production,
  readGraph,
  serverSrc,
  unitGraph,
  unitOf,
} from './scripts/import-graph.mjs';
import reactHooks from 'eslint-plugin-react-hooks';

const ours = (...names) => [{ group: names, message: 'Import boundary (docs/boundaries.md)' }];

// Test scaffolding (testing/ and every __tests__/ folder) leads to the test context, which builds the
// whole app: production code never imports it, so no module is tied back to app.ts. Tests, the
// scaffolding itself and the benchmarks (run from the sources, never shipped; they reuse its scratch
// databases) may. Every server block that sets no-restricted-imports repeats this pattern, since a
// later block's options replace an earlier one's.
const testScaffolding = {
  group: ['**/testing/*', '**/__tests__/*'],
  message: 'Production code never imports test scaffolding, testing/ or __tests__/ (docs/boundaries.md)',
};

// Server modules (apps/server/src/modules/<m>) are entered only through their face, and never import
// each other in a circle. Both rules resolve each relative import of a server file (or of a browser
// test in e2e/, held to the same faces) to a path under apps/server/src and judge it with
// scripts/import-graph.mjs, which measures the same graph.
const serverPath = (filename, source) => {
  const from = relative(serverSrc, filename).split(sep).join('/');
  if ((from.startsWith('..') && !isBrowserTest(from)) || !source.startsWith('.')) return null;
  const to = relative(serverSrc, resolve(dirname(filename), source));
  if (to.startsWith('..')) return null;
  return { from, to: to.split(sep).join('/') };
};
const eachImport = (check) => {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
};
let runtimeUnits = null; // the production graph of units, read once per lint run
const unitPath = (from, to) => {
  runtimeUnits ??= unitGraph(production(readGraph(serverSrc, { runtime: true })));
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const unit = queue.shift();
    if (unit === to) {
      const path = [unit];
      while (prev.get(path[0]) !== null) path.unshift(prev.get(path[0]));
      return path;
    }
    for (const next of runtimeUnits.get(unit) ?? []) {
      if (!prev.has(next)) {
        prev.set(next, unit);
        queue.push(next);
      }
    }
  }
  return null;
};
const modules = {
  rules: {
    // An import into another module goes through its index.ts (tests and the browser tests: also its
    // __tests__/testing.ts; app.ts, which registers the routes: also its routes.ts and *-routes.ts).
    face: {
      meta: { type: 'problem', schema: [] },
      create: (context) =>
        eachImport((node, source) => {
          const paths = serverPath(context.filename, source);
          if (paths && isDeepImport(paths.from, paths.to)) {
            context.report({
              node: node.source,
              message: `Enter ${unitOf(paths.to)} through its index.ts${isTestFile(paths.from) ? ' or __tests__/testing.ts' : ''}, not ${source} (ARCHITECTURE.md)`,
            });
          }
        }),
    },
    // A face (modules/<m>/index.ts) offers use cases and types only: re-exporting a routes or
    // queries file would make every module that needs one use case load that HTTP layer or SQL too.
    // app.ts takes the routes files directly; another module calls a use case, not a query.
    'thin-face': {
      meta: { type: 'problem', schema: [] },
      create: (context) => {
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source === 'string' && /(routes|queries)(\.ts)?$/.test(source)) {
            context.report({
              node: node.source,
              message: `A module's face offers use cases and types, not ${source}: app.ts imports routes directly, other modules call a use case of a service file (ARCHITECTURE.md)`,
            });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    // No module may import one that (through its own imports) imports it back: a cycle between
    // modules. Imports that run only: `import type` is erased, tests and test scaffolding aside.
    'no-cycle': {
      meta: { type: 'problem', schema: [] },
      create: (context) =>
        eachImport((node, source) => {
          if (node.importKind === 'type' || node.exportKind === 'type') return;
          const paths = serverPath(context.filename, source);
          if (!paths || isTestFile(paths.from) || isTestFile(paths.to)) return;
          const [from, to] = [unitOf(paths.from), unitOf(paths.to)];
          if (from === to || !(from.startsWith('modules/') || to.startsWith('modules/'))) return;
          const back = unitPath(to, from);
          if (back) {
            context.report({
              node: node.source,
              message: `Module cycle: ${[from, ...back].join(' → ')} (ARCHITECTURE.md)`,
            });
          }
        }),
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.test-data/**',
      '**/*.js',
      '**/*.mjs',
      // This file itself is linted, without type information (no tsconfig includes it).
      '!eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      // Fastify plugins and route handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'off',
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { modules },
    rules: { 'modules/face': 'error', 'modules/no-cycle': 'error' },
  },
  { files: ['apps/server/src/modules/*/index.ts'], rules: { 'modules/thin-face': 'error' } },
  // The browser tests reach the server through the same faces as its own tests.
  { files: ['e2e/**/*.ts'], plugins: { modules }, rules: { 'modules/face': 'error' } },
  // core and contracts: pure, import nothing of ours (contracts may use core).
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ours('@comptoir/*', '**/apps/**', 'node:*') }],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ours('@comptoir/server', '@comptoir/web', '**/apps/**', 'node:*') },
      ],
    },
  },
  // web never imports server code.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: ours('@comptoir/server', '**/server/src/**') }],
      // A switch over a union names every member (or says `default` on purpose).
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  // React components and hooks: the rules of hooks and complete effect dependencies, as errors.
  {
    files: ['apps/web/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // React Compiler diagnostics: state derived rather than set in effects, components declared
      // once, pure renders, no mutation of props or hook results.
      'react-hooks/set-state-in-effect': 'error',
      'react-hooks/static-components': 'error',
      'react-hooks/purity': 'error',
      'react-hooks/immutability': 'error',
      'react-hooks/incompatible-library': 'error',
    },
  },
  // The web calls the API through the route table of @comptoir/contracts, never by a path of its own.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\u002Fapi\\u002F/]',
          message: 'Call the API through a route of the table (`routes` of @comptoir/contracts), not a path',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\u002Fapi\\u002F/]',
          message: 'Call the API through a route of the table (`routes` of @comptoir/contracts), not a path',
        },
      ],
    },
  },
  // Production code never imports test scaffolding (see testScaffolding).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/__tests__/**',
      'apps/server/src/testing/**',
      'apps/server/src/bench/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [testScaffolding] }] },
  },
  // routes are transport only: no SQL, no db, no ledger, no queries file of any module.
  {
    files: ['apps/server/src/**/routes.ts', 'apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ours(
            '**/db/*',
            '**/ledger/*',
            '**/queries',
            '**/queries.ts',
            '**/*-queries',
            '**/*-queries.ts',
            'pg',
            '@electric-sql/*',
          ).concat(testScaffolding),
        },
      ],
    },
  },
  // services never see HTTP.
  {
    files: ['apps/server/src/modules/**/service.ts', 'apps/server/src/modules/**/*-service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ours(
            'fastify',
            '@fastify/*',
            '**/routes',
            '**/routes.ts',
            '**/*-routes',
            '**/*-routes.ts',
          ).concat(testScaffolding),
        },
      ],
    },
  },
  // SQL lives only in queries.ts / *-queries.ts, the ledger and the database layer itself.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/queries.ts',
      'apps/server/src/**/*-queries.ts',
      'apps/server/src/ledger/**',
      'apps/server/src/db/**',
      'apps/server/src/testing/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/__tests__/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'SQL lives only in queries.ts / *-queries.ts files and in ledger/ (docs/boundaries.md)',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
