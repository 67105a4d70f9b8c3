// Typed lint for the whole repository. Import boundaries (ARCHITECTURE.md §Layers) are enforced
// with no-restricted-imports per folder, so a wrong dependency fails `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const ours = (...names) => [{ group: names, message: 'Import boundary (ARCHITECTURE.md)' }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-data/**', '**/*.js', '**/*.mjs'] },
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
    },
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
          ),
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
          ),
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
      'apps/server/src/**/test-helpers.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'SQL lives only in queries.ts / *-queries.ts files and in ledger/ (ARCHITECTURE.md)',
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
