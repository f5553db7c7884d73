import { ApiCode } from '@mdc/contracts';
import { ApiError } from '../http/envelope';
import { budgetShortfall, ThreadPool, type BudgetExceeded, type ThreadBudget } from '../jobs/thread-pool';
import type { PdfDrawers } from './pdf-drawers';

/** What drawing one report may take; a report beyond it is refused, and the server keeps answering. */
export const PDF_BUDGET: ThreadBudget = { timeMs: 30_000, memoryMb: 512 };

const threads = new ThreadPool<{ drawer: keyof PdfDrawers; args: unknown[] }, Uint8Array>({
  url: new URL('./pdf-thread.mjs', import.meta.url),
  size: 2,
  budget: PDF_BUDGET,
});

function overBudget(error: BudgetExceeded): ApiError {
  const what = budgetShortfall(error, { zh: '画完', en: 'draw' });
  return new ApiError(ApiCode.INTERNAL_ERROR, 503, {
    zh: `无法生成 PDF：报告过大，${what.zh}。请下载 CSV 或使用打印功能。`,
    en: `The PDF could not be made: the report is too large (${what.en}). Download the CSV or print the page instead.`,
  });
}

/**
 * Draws a method's PDF report in a worker thread with a time and memory budget, so that no report
 * — however long its names — holds up the requests of others. Arguments must be plain data
 * (structured clone): rows, results, Maps of pictures.
 */
export async function drawPdf<K extends keyof PdfDrawers>(drawer: K, ...args: Parameters<PdfDrawers[K]>): Promise<Buffer> {
  const bytes = await threads.runWithin({ drawer, args }, overBudget);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Stops the PDF threads (a server closing). */
export function closePdfThreads(): Promise<void> {
  return threads.close();
}
