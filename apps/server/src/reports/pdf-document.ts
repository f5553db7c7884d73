import PDFDocument from 'pdfkit';
import { existsSync } from 'node:fs';
import type { Locale } from '@mdc/contracts';

const CJK_FONTS = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf', undefined],
  ['/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
] as const;

/** The Noto CJK font Debian's fonts-noto-cjk installs, when it is there. */
export function cjkFont(): { file: string; family?: string } | undefined {
  for (const [file, family] of CJK_FONTS) if (existsSync(file)) return family ? { file, family } : { file };
  return undefined;
}

/** Whether the server can write a correct PDF in this language (Chinese needs the CJK font). */
export function pdfAvailable(lang: Locale): boolean {
  return lang === 'en' || cjkFont() !== undefined;
}

/** A PDF report being written: the document, its page geometry, and the bytes once it ends. */
export interface ReportDocument {
  doc: PDFKit.PDFDocument;
  /** Font for running text: the CJK font when installed (it also covers Latin), else Helvetica. */
  text: string;
  left: number;
  width: number;
  /** Adds a page when fewer than `height` points are left on this one. */
  room(height: number): void;
  /** Ends the document and gives its bytes. */
  end(): Promise<Buffer>;
}

/** Longest unbroken run (no space) a report draws; longer ones are cut with an ellipsis. */
export const MAX_DRAWN_RUN = 240;
/** Longest text one call draws (a note, a name list); the rest is cut with an ellipsis. */
export const MAX_DRAWN_TEXT = 4000;

/**
 * A text as a report draws it: unbroken runs beyond MAX_DRAWN_RUN characters and texts beyond
 * MAX_DRAWN_TEXT cut with "…". Why: pdfkit's line wrapper breaks a word wider than the line by
 * slicing off one line at a time and measuring the whole rest of the word again after each slice
 * (a full font layout with the CJK font), so a word of n characters costs n²/line-length glyph
 * layouts — 8,000 characters took ~15 s of one core, 2 MB never finished. With runs bounded the
 * cost is linear in the text. The page, the CSV and the JSON keep the whole name.
 */
export function drawableText(value: string): string {
  if (value.length <= MAX_DRAWN_RUN) return value;
  const text = value.replace(LONG_RUN, (run) => `${run.slice(0, MAX_DRAWN_RUN)}…`);
  return text.length > MAX_DRAWN_TEXT ? `${text.slice(0, MAX_DRAWN_TEXT)}…` : text;
}

/** A run without a break opportunity: no space, and no CJK character (the line breaker may break between those). */
const LONG_RUN = new RegExp(`[^\\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]{${MAX_DRAWN_RUN + 1},}`, 'gu');

/** Every text drawn or measured on the document goes through drawableText (methods need not remember). */
function boundTexts(doc: PDFKit.PDFDocument): void {
  const bounded = doc as unknown as Record<'text' | 'widthOfString' | 'heightOfString', (value: unknown, ...rest: unknown[]) => unknown>;
  for (const name of ['text', 'widthOfString', 'heightOfString'] as const) {
    const original = bounded[name].bind(doc);
    bounded[name] = (value: unknown, ...rest: unknown[]) => original(typeof value === 'string' ? drawableText(value) : value, ...rest);
  }
}

/** An A4 report with the CJK font registered, collecting its bytes as it is written. */
export function reportDocument(title: string): ReportDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 42, info: { Title: drawableText(title), Author: 'MDC' } });
  boundTexts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const font = cjkFont();
  if (font) doc.registerFont('text', font.file, font.family ?? '');
  const left = doc.page.margins.left;
  return {
    doc,
    text: font ? 'text' : 'Helvetica',
    left,
    width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
    room(height) {
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    },
    end() {
      doc.end();
      return finished;
    },
  };
}
