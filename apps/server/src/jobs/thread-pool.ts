import { parentPort, Worker } from 'node:worker_threads';

/** What one piece of work in a thread may take: wall time, and the thread's JavaScript heap. */
export interface ThreadBudget {
  timeMs: number;
  memoryMb: number;
}

/** A piece of work that ran out of its budget; its thread was stopped, the process goes on. */
export class BudgetExceeded extends Error {
  constructor(
    readonly kind: 'time' | 'memory',
    readonly budget: ThreadBudget,
  ) {
    super(kind === 'time' ? `over the time budget of ${budget.timeMs} ms` : `over the memory budget of ${budget.memoryMb} MB`);
    this.name = 'BudgetExceeded';
  }
}

/**
 * What ran out, in both languages, for a message that names the task: "took longer than 30 s to
 * draw" / "超过 30 秒仍未画完", or "needed more than 512 MB of memory" / "需要超过 512 MB 内存".
 */
export function budgetShortfall(error: BudgetExceeded, task: { zh: string; en: string }): { zh: string; en: string } {
  const seconds = Math.round(error.budget.timeMs / 1000);
  return error.kind === 'time'
    ? { zh: `超过 ${seconds} 秒仍未${task.zh}`, en: `it took longer than ${seconds} s to ${task.en}` }
    : { zh: `需要超过 ${error.budget.memoryMb} MB 内存`, en: `it needed more than ${error.budget.memoryMb} MB of memory` };
}

type Answer<Out> = { ok: true; output: Out } | { ok: false; message: string };

interface Slot {
  worker: Worker;
  idle?: ReturnType<typeof setTimeout>;
}

export interface ThreadPoolOptions {
  /** The thread's module: it calls `serveThread` with its handler. */
  url: URL;
  /** Threads at most; more work waits for one to be free. */
  size: number;
  budget: ThreadBudget;
  /** An idle thread stops after this long (its memory goes back). */
  idleMs?: number;
}

/**
 * Worker threads for heavy work the server must not do on its event loop (drawing reports,
 * reading large uploads). One piece of work per thread at a time; each has a time budget (the
 * thread is terminated when it runs over) and a heap budget (`resourceLimits`: V8 stops the
 * thread, not the process). A stopped thread is replaced on the next piece of work.
 */
export class ThreadPool<In, Out> {
  private readonly free: Slot[] = [];
  private readonly all = new Set<Slot>();
  private readonly waiting: ((slot: Slot) => void)[] = [];

  constructor(private readonly options: ThreadPoolOptions) {}

  private spawn(): Slot {
    const heap = this.options.budget.memoryMb;
    const worker = new Worker(this.options.url, { resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: Math.max(16, Math.round(heap / 8)) } });
    worker.unref();
    // A thread that dies between pieces of work is forgotten; the next piece starts a new one.
    worker.on('error', () => undefined);
    const slot: Slot = { worker };
    worker.once('exit', () => this.forget(slot));
    this.all.add(slot);
    return slot;
  }

  private forget(slot: Slot): void {
    clearTimeout(slot.idle);
    this.all.delete(slot);
    const at = this.free.indexOf(slot);
    if (at >= 0) this.free.splice(at, 1);
  }

  private take(): Promise<Slot> {
    const slot = this.free.pop();
    if (slot) {
      clearTimeout(slot.idle);
      return Promise.resolve(slot);
    }
    if (this.all.size < this.options.size) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot, healthy: boolean): void {
    if (!healthy) {
      this.forget(slot);
      void slot.worker.terminate();
    }
    const next = this.waiting.shift();
    if (next) {
      next(healthy ? slot : this.spawn());
      return;
    }
    if (!healthy) return;
    slot.worker.unref();
    this.free.push(slot);
    slot.idle = setTimeout(() => {
      this.forget(slot);
      void slot.worker.terminate();
    }, this.options.idleMs ?? 60_000);
    slot.idle.unref();
  }

  /** {@link run}, with a piece of work that ran out of its budget answered by `refuse(error)` instead. */
  async runWithin(input: In, refuse: (error: BudgetExceeded) => Error, transfer: ArrayBuffer[] = []): Promise<Out> {
    try {
      return await this.run(input, transfer);
    } catch (error) {
      if (error instanceof BudgetExceeded) throw refuse(error);
      throw error;
    }
  }

  /** Runs one piece of work in a thread; rejects with BudgetExceeded when it runs over. */
  async run(input: In, transfer: ArrayBuffer[] = []): Promise<Out> {
    const slot = await this.take();
    const { worker } = slot;
    const { budget } = this.options;
    worker.ref();
    return new Promise<Out>((resolve, reject) => {
      let settled = false;
      const finish = (healthy: boolean, settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.release(slot, healthy);
        settle();
      };
      const timer = setTimeout(() => finish(false, () => reject(new BudgetExceeded('time', budget))), budget.timeMs);
      const onMessage = (answer: Answer<Out>) => finish(true, () => (answer.ok ? resolve(answer.output) : reject(new Error(answer.message))));
      const onError = (error: Error & { code?: string }) =>
        finish(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new BudgetExceeded('memory', budget) : error));
      const onExit = (code: number) => finish(false, () => reject(new Error(`the thread stopped (exit code ${code})`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(input, transfer);
    });
  }

  /** Stops every thread (the pool starts new ones if used again). */
  async close(): Promise<void> {
    const slots = [...this.all];
    for (const slot of slots) this.forget(slot);
    this.free.length = 0;
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}

/** The thread's side: answers each piece of work with the handler's output (and the buffers to move, not copy). */
export function serveThread<In, Out>(handler: (input: In) => Promise<{ output: Out; transfer?: ArrayBuffer[] }>): void {
  const port = parentPort;
  if (!port) throw new Error('serveThread runs in a worker thread');
  port.on('message', (input: In) => {
    handler(input).then(
      ({ output, transfer }) => port.postMessage({ ok: true, output } satisfies Answer<Out>, transfer ?? []),
      (error: unknown) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies Answer<Out>),
    );
  });
}
