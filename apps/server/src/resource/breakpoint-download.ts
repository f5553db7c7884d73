import { ApiCode } from '@mdc/contracts';
import { ApiError } from '../http/envelope';
import { budgetShortfall, ThreadPool, type BudgetExceeded, type ThreadBudget } from '../jobs/thread-pool';
import type { BreakpointFileRequest } from './breakpoint-file';

/**
 * What writing one download of the breakpoint table may take. Every year (the 50,000 rows a
 * download holds at most, 3.3 MB as .xlsx) took 12–15 s and +1.1 GB when written in the request,
 * on the event loop; at a load average of 20 on 2 cores (bench/server/offload.ts, 2026-11-29)
 * 90 s were not enough.
 */
export const BREAKPOINT_FILE_BUDGET: ThreadBudget = { timeMs: 240_000, memoryMb: 1024 };

/** Rows read from the database at a time: each page holds the embedded database (and so the event loop) well under a second. */
export const BREAKPOINT_PAGE_ROWS = 4_000;

/** Files being made at once (read from the database or waiting for the thread); more are refused until one is done. */
export const MAX_BREAKPOINT_FILES_MAKING = 4;

/** Finished files kept (per import, filters and language): the same request is answered with the same bytes. */
const KEPT_BYTES = 48 * 1024 * 1024;

const threads = new ThreadPool<BreakpointFileRequest, Uint8Array>({
  url: new URL('./breakpoint-file-thread.mjs', import.meta.url),
  size: 1,
  budget: BREAKPOINT_FILE_BUDGET,
});

function overBudget(error: BudgetExceeded): ApiError {
  const what = budgetShortfall(error, { zh: '写完', en: 'write' });
  return new ApiError(ApiCode.INTERNAL_ERROR, 503, {
    zh: `无法生成折点表文件：文件过大，${what.zh}。请缩小筛选范围（指南、年份、药物），或下载 CSV。`,
    en: `The breakpoint file could not be made: it is too large (${what.en}). Narrow the filters (guideline, year, drug) or download the CSV.`,
  });
}

const busy = {
  zh: `同时生成的折点表文件已达 ${MAX_BREAKPOINT_FILES_MAKING} 个，请稍后再试。`,
  en: `${MAX_BREAKPOINT_FILES_MAKING} breakpoint files are being made at once; try again in a minute.`,
};

/**
 * The downloads of one server's breakpoint table: a file is named by the import it comes from, the
 * filters, the format and the language. A file made before is answered with the kept bytes; else
 * `rows()` reads the rows (page by page, on the event loop) and the file is written in a worker
 * thread with a time and memory budget. Requests for a file being made share it; more than
 * {@link MAX_BREAKPOINT_FILES_MAKING} different files at once are refused (HTTP 503).
 */
export class BreakpointFiles {
  private readonly done = new Map<string, Buffer>();
  private readonly making = new Map<string, Promise<Buffer>>();
  private keptBytes = 0;
  private importId: number | null = null;

  file(importId: number | null, key: string, rows: () => Promise<BreakpointFileRequest>): Promise<Buffer> {
    if (importId !== this.importId) {
      // A new import: the kept files can no longer be asked for, their memory goes back.
      this.done.clear();
      this.keptBytes = 0;
      this.importId = importId;
    }
    const name = `${importId}|${key}`;
    const kept = this.done.get(name);
    if (kept) {
      // Most recently used last: the oldest is dropped first.
      this.done.delete(name);
      this.done.set(name, kept);
      return Promise.resolve(kept);
    }
    const pending = this.making.get(name);
    if (pending) return pending;
    if (this.making.size >= MAX_BREAKPOINT_FILES_MAKING) return Promise.reject(new ApiError(ApiCode.INTERNAL_ERROR, 503, busy));
    const made = (async () => {
      const request = await rows();
      const bytes = await threads.runWithin(request, overBudget);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    })();
    this.making.set(name, made);
    made.then(
      (file) => {
        this.making.delete(name);
        if (importId !== this.importId || file.length > KEPT_BYTES / 4) return;
        this.done.set(name, file);
        this.keptBytes += file.length;
        for (const [oldName, old] of this.done) {
          if (this.keptBytes <= KEPT_BYTES) break;
          this.done.delete(oldName);
          this.keptBytes -= old.length;
        }
      },
      () => this.making.delete(name),
    );
    return made;
  }
}

/** Stops the breakpoint file thread (a server closing). */
export function closeBreakpointFileThreads(): Promise<void> {
  return threads.close();
}
