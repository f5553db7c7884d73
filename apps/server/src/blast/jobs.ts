import type { JobContext } from '../jobs/context';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { methodFor } from './methods';
import { IDENTIFY_QUEUE, closeTask, failTask, startTask } from './tasks';

export interface IdentifyPayload {
  taskId: string;
}

/**
 * The one identification queue: each job names a task, and the task's method works it. The frame
 * closes the task with the method's outcome in the transaction that stores the method's results.
 */
export function blastJobHandlers(context: JobContext): Record<string, JobHandler> {
  const { db } = context;
  const identify: JobHandler = {
    async run(job, { workerId }) {
      const { taskId } = job.payload as IdentifyPayload;
      const task = await startTask(db, taskId);
      // Deleted, or finished by an earlier attempt whose completion was not recorded.
      if (!task) return { taskId, skipped: 'deleted' };
      if (task.status !== 'running') return { taskId, skipped: task.status };
      const method = methodFor(task.method);
      if (!method) throw new PermanentJobError(`no identification method ${task.method} in this version`);
      const { outcome, store, log } = await method.run(task, { ...context, workerId });
      const closed = await db.transaction(async (tx) => {
        if (!(await closeTask(tx, taskId, outcome))) return false;
        await store?.(tx);
        return true;
      });
      return { taskId, method: task.method, status: closed ? outcome.status : 'gone', by: workerId, ...log };
    },
    async onFailed(job, error) {
      const { taskId } = job.payload as IdentifyPayload;
      await failTask(db, taskId, {
        zh: `鉴定未能完成，请稍后重新提交（${error}）`,
        en: `The identification could not be completed; please submit it again later (${error})`,
      });
    },
  };
  return { [IDENTIFY_QUEUE]: identify };
}
