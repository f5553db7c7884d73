import { biochemPdf } from '../blast/biochem/pdf';
import { genomePdf } from '../blast/genome/pdf';
import { itsPdf } from '../blast/its/report';
import { proteomePdf } from '../blast/proteome/pdf';
import { resultPdf } from '../blast/rrna/pdf';
import { antibiogramPdf } from '../lab/antibiogram/export';
import { experimentPdf } from '../lab/export';

/**
 * The report drawers of every area (the identification methods, the laboratory's experiment report
 * and antibiogram), by name: what the PDF thread can draw. Loaded only in that thread; an area asks
 * for its drawer by name through `drawPdf` (pdf-pool.ts).
 */
export const PDF_DRAWERS = {
  rrna: resultPdf,
  genome: genomePdf,
  its: itsPdf,
  biochem: biochemPdf,
  proteome: proteomePdf,
  // Without a CJK font there is no pocket card: an empty PDF says so to the route (501).
  antibiogram: async (...args: Parameters<typeof antibiogramPdf>) => (await antibiogramPdf(...args)) ?? Buffer.alloc(0),
  experiment: async (...args: Parameters<typeof experimentPdf>) => (await experimentPdf(...args)) ?? Buffer.alloc(0),
};

export type PdfDrawers = typeof PDF_DRAWERS;
