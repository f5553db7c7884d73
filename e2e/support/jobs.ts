import { createHandlers } from '../../apps/server/src/jobs/handlers';
import { startRunner, type Runner } from '../../apps/server/src/jobs/runner';
import type { Stack } from './stack';

/**
 * Holding and releasing the portal's jobs, so that a browser test sees a task wait ("running")
 * before it is worked: `hold()` stops the server's runner, `release()` starts one again.
 */
export function jobControl(stack: () => Stack) {
  let runner: Runner | undefined;
  return {
    async hold() {
      await runner?.stop();
      runner = undefined;
      await stack().portal.runner?.stop();
    },
    release() {
      const { portal, config } = stack();
      runner = startRunner({ db: portal.db, handlers: createHandlers({ db: portal.db, config, log: portal.app.log }), pollMs: 100 });
    },
    async stop() {
      await runner?.stop();
    },
  };
}
