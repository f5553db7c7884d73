import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';

/** What a job handler may use, wherever it runs (the server or an `mdc worker`). */
export interface JobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}
