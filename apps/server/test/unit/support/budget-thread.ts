import { serveThread } from '../../../src/jobs/thread-pool';

/** Work for the thread-pool test: an answer, a loop that never ends, a heap that only grows, a failure. */
serveThread<{ work: 'echo' | 'spin' | 'hoard' | 'fail'; value?: number }, number>(async ({ work, value }) => {
  if (work === 'spin') for (;;);
  if (work === 'hoard') {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i + kept.length));
  }
  if (work === 'fail') throw new Error('the input was not a report');
  return { output: (value ?? 0) * 2 };
});
