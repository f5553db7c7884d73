import { ApiCode } from '@mdc/contracts';
import { ApiError } from '../http/envelope';
import { BudgetExceeded, ThreadPool, type ThreadBudget } from '../jobs/thread-pool';
import type { PdfDrawers } from './pdf-drawers';

/** What drawing one report may take; a report beyond it is refused, and the server keeps answering. */
export const PDF_BUDGET: ThreadBudget = { timeMs: 30_000, memoryMb: 512 };

const threads = new ThreadPool<{ drawer: keyof PdfDrawers; args: unknown[] }, Uint8Array>({
  url: new URL('./pdf-thread.mjs', import.meta.url),
  size: 2,
  budget: PDF_BUDGET,
});

function overBudget(error: BudgetExceeded) {
  const seconds = Math.round(error.budget.timeMs / 1000);
  const what =
    error.kind === 'time'
      ? { zh: `超过 ${seconds} 秒仍未画完`, en: `it took longer than ${seconds} s to draw` }
      : { zh: `需要超过 ${error.budget.memoryMb} MB 内存`, en: `it needed more than ${error.budget.memoryMb} MB of memory` };
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
  try {
    const bytes = await threads.run({ drawer, args });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof BudgetExceeded) throw overBudget(error);
    throw error;
  }
}

/** Stops the PDF threads (a server closing). */
export function closePdfThreads(): Promise<void> {
  return threads.close();
}
