import type { JobContext } from './context';
import type { JobHandler } from './runner';
import { labJobHandlers } from '../lab/jobs';
import { blastJobHandlers } from '../blast/jobs';

export type { JobContext } from './context';

/**
 * Every queue the portal knows, with the code that works it. The server's own runner and
 * `mdc worker` processes take the same handlers, so a job runs alike wherever it lands.
 */
export function createHandlers(context: JobContext): Record<string, JobHandler> {
  return { ...labJobHandlers(context), ...blastJobHandlers(context) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Nudges this process's job runner after an enqueue, so work starts without waiting for a poll. */
    jobs: { wake(): void };
  }
}
