import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Projects split tests by what they need:
// `unit` is pure and fast, `api` starts servers against PGlite and PostgreSQL,
// `e2e` drives a real Chromium against a running portal.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          testTimeout: 60_000,
          // Some suites read the shared reference tables once before their tests (78,991 taxa): a busy machine needs more than 10 s.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
