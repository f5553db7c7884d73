import { parentPort } from 'node:worker_threads';
import { identifySequences, indexFromData, type IdentifyOptions, type IdentifyQuery, type ReferenceIndex, type ReferenceIndexData, type ReferenceInfo } from '../index';

/** Messages from the pool to a worker. */
export type ToWorker =
  | { type: 'index'; key: string; data: ReferenceIndexData; refs: ReferenceInfo[]; buildMs: number }
  | { type: 'drop'; key: string }
  | { type: 'identify'; job: number; key: string; queries: IdentifyQuery[]; options: IdentifyOptions };

/** Messages from a worker to the pool. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'indexed'; key: string }
  | { type: 'results'; job: number; results: ReturnType<typeof identifySequences> }
  | { type: 'error'; job: number; message: string };

const indexes = new Map<string, ReferenceIndex>();
const port = parentPort!;

port.on('message', (message: ToWorker) => {
  if (message.type === 'index') {
    indexes.set(message.key, indexFromData(message.data, message.refs, message.buildMs));
    port.postMessage({ type: 'indexed', key: message.key } satisfies FromWorker);
  } else if (message.type === 'drop') {
    indexes.delete(message.key);
  } else {
    const index = indexes.get(message.key);
    try {
      if (!index) throw new Error(`no reference index '${message.key}' in this worker`);
      const results = identifySequences(index, message.queries, message.options);
      port.postMessage({ type: 'results', job: message.job, results } satisfies FromWorker);
    } catch (error) {
      port.postMessage({ type: 'error', job: message.job, message: (error as Error).message } satisfies FromWorker);
    }
  }
});

port.postMessage({ type: 'ready' } satisfies FromWorker);
