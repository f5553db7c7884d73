import PDFDocument from 'pdfkit';
import { existsSync } from 'node:fs';
import type { Language } from '@mdc/core/identify';

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
export function pdfAvailable(lang: Language): boolean {
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

/** An A4 report with the CJK font registered, collecting its bytes as it is written. */
export function reportDocument(title: string): ReportDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 42, info: { Title: title, Author: 'MDC' } });
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
