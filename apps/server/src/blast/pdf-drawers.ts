import { biochemPdf } from './biochem/pdf';
import { genomePdf } from './genome/pdf';
import { itsPdf } from './its/report';
import { proteomePdf } from './proteome/pdf';
import { resultPdf } from './rrna/pdf';

/**
 * The report drawers of the methods, by name: what the PDF thread can draw. Loaded only in that
 * thread; a method asks for its drawer by name through `drawPdf` (pdf-pool.ts).
 */
export const PDF_DRAWERS = {
  rrna: resultPdf,
  genome: genomePdf,
  its: itsPdf,
  biochem: biochemPdf,
  proteome: proteomePdf,
};

export type PdfDrawers = typeof PDF_DRAWERS;
