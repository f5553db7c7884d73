import type { Db } from '../db';
import type { JobContext } from '../jobs/handlers';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { IdentifyEngine, NoReferencesError, defaultThreadCount } from './engine';
import { failTask, saveResults, startTask, taskSequences, IDENTIFY_QUEUE } from './tasks';

const engines = new WeakMap<Db, IdentifyEngine>();

/**
 * The engine of this process for a database. One per database rather than one per process, so
 * that an index is never reused for a different database (tests run several portals at once).
 */
export function engineFor(context: Pick<JobContext, 'db' | 'config' | 'log'>): IdentifyEngine {
  let engine = engines.get(context.db);
  if (!engine) {
    engine = new IdentifyEngine({ threads: defaultThreadCount(context.config.workerConcurrency), log: context.log });
    engines.set(context.db, engine);
  }
  return engine;
}

export async function closeEngine(db: Db): Promise<void> {
  const engine = engines.get(db);
  engines.delete(db);
  await engine?.close();
}

export function noReferencesText(marker: string) {
  return {
    zh: `服务器尚未导入 ${marker} 参考序列，暂时无法鉴定。请联系管理员运行 npx mdc import。`,
    en: `The ${marker} reference sequences have not been imported on the server yet, so nothing can be identified. Ask the administrator to run npx mdc import.`,
  };
}

export interface IdentifyPayload {
  taskId: string;
}

/** Queues of the blast area. */
export function blastJobHandlers(context: JobContext): Record<string, JobHandler> {
  const { db } = context;
  const identify: JobHandler = {
    async run(job, { workerId }) {
      const { taskId } = job.payload as IdentifyPayload;
      const task = await startTask(db, taskId);
      // Deleted, or finished by an earlier attempt whose completion was not recorded.
      if (!task) return { taskId, skipped: 'deleted' };
      if (task.status !== 'running') return { taskId, skipped: task.status };
      const sequences = await taskSequences(db, taskId);
      let answer;
      try {
        answer = await engineFor(context).identify(
          db,
          task.marker,
          sequences.map((s) => ({ id: s.query_id, sequence: s.sequence })),
        );
      } catch (error) {
        if (error instanceof NoReferencesError) {
          await failTask(db, taskId, noReferencesText(task.marker));
          throw new PermanentJobError(error.message);
        }
        throw error;
      }
      const saved = await saveResults(db, taskId, answer);
      return { taskId, status: saved?.status ?? 'gone', identified: saved?.identified ?? 0, searchMs: answer.searchMs, reference: answer.reference.version, by: workerId };
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
