import { Worker } from 'node:worker_threads';
import type { LibraryEntry, LibraryEntryInput, MainSpectrumParameters, PreprocessParameters } from '@mdc/core/identify/proteome';
import type { LocalizedText } from '@mdc/core/identify';
import type { SpectrumLimits, SpectrumProblem } from '@mdc/refdata/maldi';
import type { Db } from '../../db';
import { BudgetExceeded, type ThreadBudget } from '../../jobs/thread-pool';
import type { PdfTask, SpectrumPicture } from './pdf';
import type { PackedProteins } from './proteins';
import type { FromThread, IdentifiedSpectrum, IdentifyOptions, SpectrumSummary, ToThread } from './thread';

/** A spectrum file the thread could not read: its message names the file, in both languages. */
export class SpectrumRefusal extends Error {
  constructor(
    readonly file: string,
    readonly problem: SpectrumProblem,
    readonly text: LocalizedText,
  ) {
    super(text.en);
    this.name = 'SpectrumRefusal';
  }
}

/**
 * What one piece of spectrum work may take. A 96-spot plate reads, preprocesses and scores in
 * about 2 s and its thread stays under 300 MB with the protein table; a plate far beyond that is
 * not one a laboratory sends, and it must not hold the thread (and every plate queued behind it).
 */
export const PROTEOME_BUDGET: ThreadBudget = { timeMs: 120_000, memoryMb: 1024 };

/** An idle proteome thread ends after this long (see ProteomePool). */
export const PROTEOME_IDLE_MS = 60_000;

/** The reason in both languages for a piece of work stopped over its budget. */
export function overBudgetText(error: BudgetExceeded): LocalizedText {
  const seconds = error.budget.timeMs >= 10_000 ? Math.round(error.budget.timeMs / 1000) : error.budget.timeMs / 1000;
  return error.kind === 'time'
    ? {
        zh: `质谱处理超过 ${seconds} 秒仍未完成，已停止。请减少每个文件中的点位（谱图）数后重试。`,
        en: `Processing the spectra took longer than ${seconds} s and was stopped. Send fewer spots (spectra) per file and try again.`,
      }
    : {
        zh: `质谱处理需要超过 ${error.budget.memoryMb} MB 内存，已停止。请减少每个文件中的点位（谱图）数或数据点数后重试。`,
        en: `Processing the spectra needed more than ${error.budget.memoryMb} MB of memory and was stopped. Send fewer spots (spectra) or fewer points per spectrum and try again.`,
      };
}

type Work = ToThread extends infer T ? (T extends { job: number } ? Omit<T, 'job'> : never) : never;

interface Pending {
  resolve: (message: FromThread) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread for spectrum work: unzipping and reading a plate, preprocessing each spot
 * (smoothing, baseline, peaks: about 20 ms a spectrum, 2 s a 96-spot plate) and building main
 * spectra. The event loop that answers requests and renews job leases only posts messages. Work
 * goes to the thread one piece at a time, in order, so that each piece has its own time budget
 * (the thread is stopped when it runs over) and the thread a heap budget (V8 stops the thread,
 * not the process); both fail that piece with BudgetExceeded. A thread that dies fails what it
 * held (jobs are retried) and the next call starts a new one.
 */
export class ProteomePool {
  /** The piece of work before this one (the next waits for it to settle). */
  private turn: Promise<unknown> = Promise.resolve();

  /**
   * `idleMs`: a thread with no work for this long is ended. Its heap (the protein table, the last
   * plate's spectra: up to its 1 GB budget) stays resident while it lives, and V8 hands little of
   * it back; the next file starts a thread in well under a second and sends the table again.
   */
  constructor(
    private readonly budget: ThreadBudget = PROTEOME_BUDGET,
    private readonly idleMs = PROTEOME_IDLE_MS,
  ) {}

  private idle: ReturnType<typeof setTimeout> | undefined;

  /** Threads alive now (0 or 1). */
  get threads(): number {
    return this.worker ? 1 : 0;
  }

  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly pending = new Map<number, Pending>();
  private busy = 0;
  private nextJob = 1;
  private closed = false;
  /** The thread that last received the protein table, and which version. */
  private proteinsSent: { worker: Worker; version: string } | undefined;

  private start(): { worker: Worker; ready: Promise<void> } {
    if (this.worker && this.ready) return { worker: this.worker, ready: this.ready };
    const heap = this.budget.memoryMb;
    const worker = new Worker(new URL('./thread.mjs', import.meta.url), {
      workerData: { proteomeThread: true },
      resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: Math.max(16, Math.round(heap / 8)) },
    });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: FromThread) => {
        if (message.type !== 'ready') return;
        worker.off('message', onReady);
        if (this.busy === 0) worker.unref();
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', (error: Error & { code?: string }) => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new BudgetExceeded('memory', this.budget) : error));
    });
    this.ready.catch(() => undefined);
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') return;
      const pending = this.pending.get(message.job);
      this.pending.delete(message.job);
      // An idle thread must not keep a finished process alive; a busy one must.
      if (--this.busy === 0) worker.unref();
      pending?.resolve(message);
    });
    const died = (error: Error) => this.retire(worker, error);
    worker.on('error', (error: Error & { code?: string }) => died(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new BudgetExceeded('memory', this.budget) : error));
    worker.on('exit', (code) => died(new Error(`proteome thread stopped (exit code ${code})`)));
    return { worker, ready: this.ready };
  }

  /** Ends the thread once it has had no work for idleMs (work sent meanwhile clears the timer). */
  private endWhenIdle(worker: Worker): void {
    clearTimeout(this.idle);
    if (this.worker !== worker || this.busy > 0) return;
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.busy > 0) return;
      this.retire(worker, new Error('the proteome thread was ended while idle'));
      void worker.terminate();
    }, this.idleMs);
    this.idle.unref();
  }

  /** Forgets a thread that died or was stopped, failing what it held; the next piece of work starts a new one. */
  private retire(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.ready = undefined;
    this.busy = 0;
    for (const [job, pending] of this.pending) {
      this.pending.delete(job);
      pending.reject(error);
    }
  }

  private send(work: Work | ((worker: Worker) => Work), transfer: ArrayBuffer[] = []): Promise<FromThread> {
    const mine = this.turn.then(() => this.sendNow(work, transfer));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async sendNow(work: Work | ((worker: Worker) => Work), transfer: ArrayBuffer[]): Promise<FromThread> {
    if (this.closed) throw new Error('the proteome thread is closed');
    clearTimeout(this.idle);
    const { worker, ready } = this.start();
    await ready;
    const job = this.nextJob++;
    if (this.busy++ === 0) worker.ref();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answer = await new Promise<FromThread>((resolve, reject) => {
      this.pending.set(job, { resolve, reject });
      // Started once the thread has this piece alone: the time is this piece's, not its queue's.
      timer = setTimeout(() => {
        this.retire(worker, new BudgetExceeded('time', this.budget));
        void worker.terminate();
      }, this.budget.timeMs);
      worker.postMessage({ ...(typeof work === 'function' ? work(worker) : work), job } as ToThread, transfer);
    }).finally(() => {
      clearTimeout(timer);
      this.endWhenIdle(worker);
    });
    if (answer.type === 'refused') throw new SpectrumRefusal(answer.file, answer.problem, answer.texts);
    if (answer.type === 'error') throw new Error(answer.message);
    return answer;
  }

  /** Reads an upload (a spectrum or a plate zip) and says what it holds; a bad file throws SpectrumRefusal. */
  async read(name: string, bytes: Uint8Array, limits?: SpectrumLimits): Promise<SpectrumSummary[]> {
    const answer = await this.send({ type: 'read', name, bytes: copy(bytes), ...(limits ? { limits } : {}) });
    return (answer as Extract<FromThread, { type: 'read' }>).spectra;
  }

  /** Reads, preprocesses and identifies every spectrum of an upload against a library. */
  async identify(
    name: string,
    bytes: Uint8Array,
    library: LibraryEntry[],
    options: IdentifyOptions,
    proteins: PackedProteins | null = null,
  ): Promise<{ spectra: IdentifiedSpectrum[]; readMs: number; identifyMs: number }> {
    // The table crosses once per thread and import (a new thread after a crash gets it again);
    // which thread is known only when this piece's turn comes.
    const answer = (await this.send((worker) => {
      const known = proteins && this.proteinsSent?.worker === worker && this.proteinsSent.version === proteins.version;
      if (proteins) this.proteinsSent = { worker, version: proteins.version };
      return { type: 'identify', name, bytes: copy(bytes), library, options, proteins: proteins && known ? { version: proteins.version } : proteins };
    })) as Extract<FromThread, { type: 'identified' }>;
    return { spectra: answer.spectra, readMs: answer.readMs, identifyMs: answer.identifyMs };
  }

  /** A main spectrum from replicate files (each a spectrum or a zip of them). */
  async build(
    files: { name: string; bytes: Uint8Array }[],
    meta: LibraryEntryInput,
    options: { preprocess?: Partial<PreprocessParameters>; mainSpectrum?: Partial<MainSpectrumParameters> } = {},
  ): Promise<{ entry: LibraryEntry; replicates: SpectrumSummary[] }> {
    const answer = (await this.send({ type: 'build', files: files.map((f) => ({ name: f.name, bytes: copy(f.bytes) })), meta, options })) as Extract<FromThread, { type: 'built' }>;
    return { entry: answer.entry, replicates: answer.replicates };
  }

  /** The PDF report, drawn in the thread (a plate's pictures take seconds to draw). */
  async pdf(task: PdfTask, lang: 'zh' | 'en', pictures: Map<number, SpectrumPicture>, timeZone: string): Promise<Buffer> {
    const transfer = [...pictures.values()].flatMap((p) => (p.profile ? [p.profile.buffer as ArrayBuffer] : []));
    const answer = (await this.send({ type: 'pdf', task, lang, pictures: [...pictures], timeZone }, transfer)) as Extract<FromThread, { type: 'pdf' }>;
    return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    for (const [job, pending] of this.pending) {
      this.pending.delete(job);
      pending.reject(new Error('the proteome thread was closed'));
    }
    await worker?.terminate();
  }
}

/** A Buffer may be a slice of Node's shared pool: the thread gets its own copy of just these bytes. */
function copy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

const pools = new WeakMap<Db, ProteomePool>();

/** The proteome thread of this process for one database (closed with it). */
export function proteomePoolFor(db: Db): ProteomePool {
  let pool = pools.get(db);
  if (!pool) {
    pool = new ProteomePool();
    pools.set(db, pool);
  }
  return pool;
}

export async function closeProteomePool(db: Db): Promise<void> {
  const pool = pools.get(db);
  pools.delete(db);
  await pool?.close();
}
