import type { Worker } from 'node:worker_threads';

/**
 * Resolves when a method's worker thread has loaded and says `{ type: 'ready' }`, rejects if it
 * fails to start. A rejection nobody awaits yet is not an unhandled one: the caller awaits the
 * promise before its first job, and a thread that dies later is reported by its 'error'/'exit'.
 */
export function threadReady(worker: Worker): Promise<void> {
  const ready = new Promise<void>((resolve, reject) => {
    const onReady = (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      worker.off('message', onReady);
      resolve();
    };
    worker.on('message', onReady);
    worker.once('error', reject);
  });
  ready.catch(() => undefined);
  return ready;
}
