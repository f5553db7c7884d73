import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Projects split tests by what they need:
// `unit` is pure and fast, `api` starts servers against PGlite and PostgreSQL,
// `e2e` drives a real Chromium against a running portal.
export default defineConfig({
  test: {
    // Two test files at a time on the two cores: one at a time (vitest's default here) kept the
    // machine at about one busy core through a 20-minute run, the API files mostly waiting on
    // PostgreSQL, jobs and timers. Each portal of a test has its own MDC_HOME and schema.
    maxWorkers: 2,
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
          // After the unit and API files, alone: a browser journey waits on what a person waits
          // for, and a second test file beside it would only slow what it waits on.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
