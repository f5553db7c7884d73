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
          // After the unit and API files, two files at a time: a journey file keeps about one core
          // busy (its portal, Chromium and the runner: 48 s of CPU in a 58 s file), and one at a
          // time left the other core idle through 13 of CI's minutes. Each file has its own portal,
          // port, MDC_HOME, database and SMTP server.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
