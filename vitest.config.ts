import { defineConfig } from 'vitest/config';

/** `TEST_BROWSER=0` leaves out the browser tests (CI runs them once, on the embedded database). */
const browserTests = process.env.TEST_BROWSER === '0' ? [] : ['e2e/**/*.e2e.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            '*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'deploy/**/*.test.ts',
            ...browserTests,
          ],
        },
      },
      {
        // The web app's own logic (no DOM needed: browser APIs a test uses are stubbed in it).
        extends: true,
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
});
