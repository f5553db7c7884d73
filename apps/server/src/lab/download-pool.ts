import { ApiCode } from '@mdc/contracts';
import { ApiError } from '../http/envelope';
import { budgetShortfall, ThreadPool, type BudgetExceeded, type ThreadBudget } from '../jobs/thread-pool';
import type { BatchDownloadRequest, BatchFileFacts } from './download';

/**
 * What writing one batch's file may take. The largest batch the upload takes (MAX_BATCH_RESULTS;
 * measured with 118,312 results, bench/server/batch-download.ts, 2 cores) is written as .xlsx in
 * 5.6 s and as CSV or TSV in about 1.3 s, each within a 192 MB heap, though the rows' JSON text
 * alone takes 126 MB there (66 million characters, some of them Chinese); the budget is four
 * times that. It must stay well above what a file can need: a thread that reaches its heap limit
 * is not always stopped alone — when an allocation fails before the thread is stopped, V8 ends
 * the whole process (seen with a 128 MB budget).
 */
export const DOWNLOAD_BUDGET: ThreadBudget = { timeMs: 120_000, memoryMb: 768 };

const threads = new ThreadPool<BatchDownloadRequest | { facts: string }, Uint8Array | BatchFileFacts>({
  url: new URL('./download-thread.mjs', import.meta.url),
  size: 1,
  budget: DOWNLOAD_BUDGET,
});

function overBudget(error: BudgetExceeded): ApiError {
  const what = budgetShortfall(error, { zh: '写完', en: 'write' });
  return new ApiError(ApiCode.INTERNAL_ERROR, 503, {
    zh: `无法生成结果文件：文件过大，${what.zh}。请下载 CSV，或用 mdc interpret --input 在本地判读。`,
    en: `The result file could not be made: it is too large (${what.en}). Download the CSV instead, or interpret the file locally with mdc interpret --input.`,
  });
}

/**
 * A batch's result file written in a worker thread with a time and memory budget: a 10,000-isolate
 * batch as .xlsx held the event loop for 8 s when written in the request.
 */
export async function writeBatchDownload(request: BatchDownloadRequest): Promise<Buffer> {
  const bytes = (await threads.runWithin(request, overBudget)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function unreadable(error: BudgetExceeded): ApiError {
  const what = budgetShortfall(error, { zh: '读完', en: 'read' });
  return new ApiError(ApiCode.BAD_REQUEST, 400, {
    zh: `无法读取该文件：${what.zh}。请拆分文件后分批上传。`,
    en: `The file could not be read: ${what.en}. Split the file and upload the parts.`,
  });
}

/** An uploaded isolate file read in the download thread (the same budget) for its format and counts. */
export async function readBatchFileFacts(content: string): Promise<BatchFileFacts> {
  return (await threads.runWithin({ facts: content }, unreadable)) as BatchFileFacts;
}

/** Stops the download thread (a server closing). */
export function closeDownloadThreads(): Promise<void> {
  return threads.close();
}
