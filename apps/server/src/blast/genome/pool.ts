import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { AssemblyStats, IdentifyGenomeOptions } from '@mdc/core/identify/genome';
import { AssemblyError } from '@mdc/refdata/genome';
import type { AnalysesRequest, FromThread, QueryAnswer, ReferenceInput, SharedReference, ToThread } from './thread';

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  busy: number;
}

interface Pending {
  resolve: (message: FromThread) => void;
  reject: (error: Error) => void;
}

type Work = ToThread extends infer T ? (T extends { job: number } ? Omit<T, 'job'> : never) : never;

/**
 * Worker threads for genome work, so that sketching (every base of a genome is hashed) never
 * holds up the event loop that answers requests and renews job leases. References are sketched
 * into shared memory once and handed to every thread without a copy; each thread keeps the
 * libraries it is given and identifies queries against them.
 */
export class GenomePool {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextJob = 1;
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < Math.max(1, size); i++) this.threads.push(this.spawn());
  }

  /** Threads started for one sketching and ended after it (see sketch): their end is no death. */
  private readonly passing = new Set<Worker>();

  private spawn(): Thread {
    const worker = new Worker(new URL('./thread.mjs', import.meta.url));
    const thread: Thread = { worker, busy: 0, ready: Promise.resolve() };
    thread.ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: FromThread) => {
        if (message.type !== 'ready') return;
        worker.off('message', onReady);
        // Started and idle: it must not keep a finished process alive.
        if (thread.busy === 0) worker.unref();
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', reject);
    });
    thread.ready.catch(() => undefined);
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') return;
      const pending = this.pending.get(message.job);
      this.pending.delete(message.job);
      // Idle threads must not keep a finished process alive; busy ones must (a command waits on them).
      if (--thread.busy === 0) worker.unref();
      if (!pending) return;
      if (message.type === 'error') pending.reject(new Error(message.message));
      else pending.resolve(message);
    });
    const died = (error: Error) => {
      if (this.closed || this.passing.has(worker)) return;
      // The thread's libraries die with it: every waiting job fails and is retried by the queue.
      for (const [job, pending] of this.pending) {
        this.pending.delete(job);
        pending.reject(error);
      }
      this.closed = true;
      for (const t of this.threads) void t.worker.terminate();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`genome thread stopped (exit code ${code})`)));
    return thread;
  }

  get alive(): boolean {
    return !this.closed;
  }

  private async send(thread: Thread, work: Work, transfer: ArrayBuffer[] = []): Promise<FromThread> {
    if (this.closed) throw new Error('the genome threads are closed');
    // Counted busy at once, not after the wait: a second job chosen meanwhile goes to another thread.
    if (thread.busy++ === 0) thread.worker.ref();
    await thread.ready;
    const job = this.nextJob++;
    return new Promise<FromThread>((resolve, reject) => {
      this.pending.set(job, { resolve, reject });
      thread.worker.postMessage({ ...work, job } as ToThread, transfer);
    });
  }

  private leastBusy(): Thread {
    return this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  /**
   * Sketches references, spread over the threads — each takes the next genome when it is done
   * with one, so that a few large genomes do not leave a thread idle; the sketches come back in
   * shared memory. With `threads` above the pool's size, threads are added for this sketching
   * alone and ended after it: a command that sketches a whole reference folder once uses every
   * core for it, and keeps only the threads its identifications need (each thread indexes the
   * library it is given).
   */
  async sketch(inputs: ReferenceInput[], threads = this.threads.length): Promise<SharedReference[]> {
    const extra: Thread[] = [];
    for (let i = this.threads.length; i < Math.min(threads, inputs.length); i++) {
      const thread = this.spawn();
      this.passing.add(thread.worker);
      extra.push(thread);
    }
    try {
      return await this.sketchOn([...this.threads, ...extra], inputs);
    } finally {
      await Promise.all(extra.map((thread) => thread.worker.terminate()));
    }
  }

  private async sketchOn(threads: Thread[], inputs: ReferenceInput[]): Promise<SharedReference[]> {
    const out = new Array<SharedReference>(inputs.length);
    const size = (input: ReferenceInput) => input.packed?.length ?? input.fasta?.length ?? (input.file ? statSync(input.file).size : 0);
    // Largest first: the last genomes to start are small, so the threads finish together.
    const order = inputs.map((input, at) => ({ at, size: size(input) })).sort((a, b) => b.size - a.size).map((o) => o.at);
    let next = 0;
    await Promise.all(
      threads.map(async (thread) => {
        while (next < inputs.length) {
          const at = order[next++]!;
          const answer = await this.send(thread, { type: 'sketch', inputs: [inputs[at]!] });
          if (answer.type === 'refused') throw new AssemblyError(answer.problem, inputs[at]!.name, answer.texts);
          if (answer.type !== 'sketched') throw new Error(`unexpected answer ${answer.type} from a genome thread`);
          out[at] = answer.references[0]!;
        }
      }),
    );
    return out;
  }

  /** Gives every thread a library under a key (shared sketches: no copy). */
  async library(key: string, references: SharedReference[], drop: string[] = []): Promise<void> {
    await Promise.all(this.threads.map((thread) => this.send(thread, { type: 'library', key, references, drop })));
  }

  /** Identifies one assembly (its file's bytes) against a library; refusals throw AssemblyError. */
  async identify(key: string, name: string, bytes: Uint8Array, options?: Partial<IdentifyGenomeOptions>, copies = true, analyses?: AnalysesRequest): Promise<QueryAnswer> {
    const answer = await this.send(this.leastBusy(), { type: 'identify', key, name, bytes, options, copies, analyses });
    if (answer.type === 'refused') throw new AssemblyError(answer.problem, name, answer.texts);
    if (answer.type !== 'identified') throw new Error(`unexpected answer ${answer.type} from a genome thread`);
    return answer.answer;
  }

  /**
   * Reads an uploaded assembly in a thread and returns its statistics; refusals throw
   * AssemblyError. Unpacking and parsing 5 Mbp took the event loop a quarter of a second or more
   * per upload (issue 17, R2).
   */
  async check(name: string, bytes: Uint8Array): Promise<AssemblyStats> {
    const answer = await this.send(this.leastBusy(), { type: 'check', name, bytes });
    if (answer.type === 'refused') throw new AssemblyError(answer.problem, name, answer.texts);
    if (answer.type !== 'checked') throw new Error(`unexpected answer ${answer.type} from a genome thread`);
    return answer.stats;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [job, pending] of this.pending) {
      this.pending.delete(job);
      pending.reject(new Error('the genome threads were closed'));
    }
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
