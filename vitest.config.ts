import { statSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in CI (clean clone, 2026-11-29), longest first. A clean clone has no
 * record of past durations, and vitest then starts the larger files first: the full import
 * (232 s in a small file) could start last and run on alone while the other core sat idle.
 */
const LONGEST_FIRST = [
  'apps/server/test/api/resource-full.test.ts',
  'apps/server/test/api/resource-import.test.ts',
  'apps/server/test/api/lab.test.ts',
  'apps/server/test/unit/rrna-current-names.test.ts',
  'apps/server/test/api/accounts.test.ts',
  'apps/server/test/api/search.test.ts',
  'apps/server/test/api/genome.test.ts',
  'apps/server/test/api/proteome-library.test.ts',
  'apps/server/test/api/antibiogram.test.ts',
  'apps/server/test/api/lab-genome.test.ts',
  'apps/server/test/api/lab-cli.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    const size = (spec: TestSpecification) => statSync(spec.moduleId).size;
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b) || size(b) - size(a),
    );
  }
}

// One runner for the whole repository. Projects split tests by what they need:
// `unit` is pure and fast, `api` starts servers against PGlite and PostgreSQL,
// `e2e` drives a real Chromium against a running portal.
export default defineConfig({
  test: {
    // Three test files at a time on the two cores: the unit and API files wait on PostgreSQL, jobs,
    // child processes and timers as well as computing, and two at a time left the cores idle part
    // of the run. Each portal of a test has its own MDC_HOME and schema. The browser files still
    // run one at a time (below).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
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
          // After the unit and API files, alone: two journey files at a time (2026-11-29, CI on a
          // clean clone) each took twice as long (resource 274 s, blast 178 s, search 187 s) and
          // the browser phase as a whole no less (about 12.5 min): Chromium's CPU fills the core
          // the file's own process leaves.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
