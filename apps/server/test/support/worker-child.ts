// A worker process for the queue tests: it takes jobs of the `test` queue from PostgreSQL.
// Payload `{ crashOnFirstAttempt: true }` kills the process in the middle of the job's first attempt,
// like a machine that dies.
import { openPostgres } from '../../src/db/postgres';
import { startRunner } from '../../src/jobs/runner';

const [url, schema, workerId] = process.argv.slice(2);
const db = await openPostgres(url!, schema);
const runner = startRunner({
  db,
  workerId,
  leaseSeconds: 2,
  pollMs: 100,
  concurrency: 2,
  handlers: {
    test: {
      async run(job) {
        const payload = job.payload as { crashOnFirstAttempt?: boolean; value: number; ms?: number };
        if (payload.crashOnFirstAttempt && job.attempts === 1) {
          process.stdout.write(`crashing on ${job.id}\n`);
          process.exit(137);
        }
        await new Promise((resolve) => setTimeout(resolve, payload.ms ?? 20));
        return { doubled: payload.value * 2, by: workerId };
      },
    },
  },
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  runner.stop().then(() => db.close()).then(() => process.exit(0));
});
