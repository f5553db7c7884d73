import { Worker } from 'node:worker_threads';
import type { ItsResult } from '@mdc/core/identify/its';
import type { Db, Queryable } from '../../db';
import type { MethodContext } from '../method';
import { threadReady } from '../thread-ready';
import { pack } from './packed';
import type { FromThread, ToThread } from './thread';

/** No ITS reference has been imported (an older data folder, or no import yet). */
export class NoItsReferencesError extends Error {
  constructor() {
    super('no ITS reference sequences have been imported');
    this.name = 'NoItsReferencesError';
  }
}

export function noItsReferencesText() {
  return {
    zh: '服务器尚未导入 ITS 参考序列，暂时无法鉴定。请联系管理员运行 npx mdc import（需要数据目录中的 rrna/its/）。',
    en: 'The ITS reference sequences have not been imported on the server yet, so nothing can be identified. Ask the administrator to run npx mdc import (with rrna/its/ in the data folder).',
  };
}

export interface ItsReferenceVersion {
  version: string;
  /** Records searched (evidence), of both spacers. */
  count: number;
}

/** What the ITS table holds now for identification; a different answer means a new import. */
export async function itsReferenceVersion(db: Queryable): Promise<ItsReferenceVersion> {
  const rows = await db.query<{ import_id: number | null; n: number }>(
    `SELECT (SELECT max(id) FROM refdata_import) AS import_id, count(*)::int AS n FROM its_reference WHERE exclusion IS NULL AND region IN ('ITS1', 'ITS2')`,
  );
  const row = rows[0]!;
  return { version: `${row.import_id ?? 0}:${row.n}`, count: Number(row.n) };
}

interface Row {
  region: 'ITS1' | 'ITS2';
  accession: string;
  species: string;
  lineage: string[];
  sequence: string;
}

/**
 * The ITS engine of one process: one worker thread holds the ITS1 and ITS2 indexes (built there,
 * off the event loop) and identifies queries; the indexes are rebuilt when an import changes the
 * references. Spacer searches take milliseconds, so one thread serves a whole queue.
 */
export class ItsEngine {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private built: { version: string; count: number; done: Promise<void> } | undefined;
  private readonly pending = new Map<number, { resolve: (m: FromThread) => void; reject: (e: Error) => void }>();
  private buildWaiter: { resolve: (m: FromThread) => void; reject: (e: Error) => void } | undefined;
  private nextJob = 1;
  private closed = false;

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./thread.mjs', import.meta.url), { workerData: { itsThread: true } });
    this.ready = threadReady(worker);
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') return;
      if (message.type === 'built' || (message.type === 'error' && message.job === undefined)) {
        const waiter = this.buildWaiter;
        this.buildWaiter = undefined;
        if (message.type === 'error') waiter?.reject(new Error(message.message));
        else waiter?.resolve(message);
        return;
      }
      const job = (message as { job: number }).job;
      const pending = this.pending.get(job);
      this.pending.delete(job);
      if (message.type === 'error') pending?.reject(new Error(message.message));
      else pending?.resolve(message);
      if (this.pending.size === 0) worker.unref();
    });
    const died = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.built = undefined;
      this.buildWaiter?.reject(error);
      this.buildWaiter = undefined;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`ITS identification thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Builds (or reuses) the indexes for what the database holds now. */
  async prepare(db: Queryable): Promise<ItsReferenceVersion> {
    if (this.closed) throw new Error('the ITS engine is closed');
    const current = await itsReferenceVersion(db);
    if (current.count === 0) throw new NoItsReferencesError();
    if (this.built?.version === current.version) {
      await this.built.done;
      return current;
    }
    const state = { version: current.version, count: current.count, done: Promise.resolve() };
    state.done = (async () => {
      const rows = await db.query<Row>(`SELECT region, accession, species, lineage, sequence FROM its_reference WHERE exclusion IS NULL AND region IN ('ITS1', 'ITS2') ORDER BY region, line`);
      const worker = this.thread();
      await this.ready;
      const message: ToThread = { type: 'build', version: current.version, its1: pack(rows.filter((r) => r.region === 'ITS1')), its2: pack(rows.filter((r) => r.region === 'ITS2')) };
      rows.length = 0;
      worker.ref();
      await new Promise<FromThread>((resolve, reject) => {
        this.buildWaiter = { resolve, reject };
        worker.postMessage(message);
      });
      if (this.pending.size === 0) worker.unref();
    })().catch((error: unknown) => {
      if (this.built === state) this.built = undefined;
      throw error;
    });
    this.built = state;
    await state.done;
    return current;
  }

  async identify(db: Queryable, queries: { id: string; sequence: string }[]): Promise<{ results: ItsResult[]; reference: ItsReferenceVersion; searchMs: number }> {
    const reference = await this.prepare(db);
    const worker = this.thread();
    const job = this.nextJob++;
    worker.ref();
    const answer = await new Promise<FromThread>((resolve, reject) => {
      this.pending.set(job, { resolve, reject });
      worker.postMessage({ type: 'identify', job, queries } satisfies ToThread);
    });
    if (answer.type !== 'results') throw new Error('unexpected answer from the ITS thread');
    return { results: answer.results, reference, searchMs: Math.round(answer.ms) };
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.built = undefined;
    await worker?.terminate();
  }
}

const engines = new WeakMap<Db, ItsEngine>();

/** One engine per database, so an index never serves another database (tests run several portals). */
export function itsEngineFor(context: MethodContext): ItsEngine {
  let engine = engines.get(context.db);
  if (!engine) {
    engine = new ItsEngine();
    engines.set(context.db, engine);
  }
  return engine;
}

export async function closeItsEngine(db: Db): Promise<void> {
  const engine = engines.get(db);
  engines.delete(db);
  await engine?.close();
}
