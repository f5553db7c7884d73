import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Projects split tests by what they need:
// `unit` is pure and fast, `api` starts servers against PGlite and PostgreSQL,
// `e2e` drives a real Chromium against a running portal.
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (vitest's default there is one): API and browser
    // tests spend much of their time waiting on PostgreSQL, Chromium and the job queue. Measured on
    // 2 cores: a full run 7 min 55 s against 8 min 48 s one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          testTimeout: 60_000,
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
