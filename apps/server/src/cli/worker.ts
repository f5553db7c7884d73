import pino from 'pino';
import type { Config } from '../config';
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { createHandlers } from '../jobs/handlers';
import { startRunner } from '../jobs/runner';

/** `mdc worker`: takes jobs from the PostgreSQL queue until stopped; run as many as you like. */
export async function runWorker(config: Config, concurrency: number): Promise<void> {
  if (!config.databaseUrl) {
    console.error('mdc worker needs DATABASE_URL: the embedded database runs its jobs inside `mdc serve`.');
    process.exitCode = 2;
    return;
  }
  const log = pino({ level: config.logLevel });
  const db = await openDb(config);
  await migrate(db);
  const handlers = createHandlers({ db, config, log });
  const runner = startRunner({ db, handlers, concurrency, log });
  log.info({ workerId: runner.workerId, queues: Object.keys(handlers) }, 'mdc worker ready');
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  log.info('stopping: finishing running jobs');
  await runner.stop();
  await db.close();
}
