import type { Db } from '../../db';
import type { MethodContext } from '../method';
import { IdentifyEngine, defaultThreadCount } from './engine';

const engines = new WeakMap<Db, IdentifyEngine>();

/**
 * The engine of this process for a database. One per database rather than one per process, so
 * that an index is never reused for a different database (tests run several portals at once).
 */
export function engineFor(context: MethodContext): IdentifyEngine {
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
