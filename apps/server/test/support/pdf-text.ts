import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';

/** Whether poppler's pdftotext is installed (the test command installs it; tests that need it skip without it). */
export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A piece of text as a PDF page draws it, and whether it is slanted (italic by shear, as MDC's PDFs draw names). */
export interface PdfRun {
  text: string;
  italic: boolean;
}

/**
 * The text of a PDF written by pdfkit, for tests: its content streams are inflated, the glyph ids
 * of fonts with a ToUnicode map are turned back into characters (fonts without one, such as
 * Courier, are read as single bytes), and each run says whether a shear was in force when it was
 * drawn. Enough for pdfkit's own output; not a general PDF reader.
 */
export function pdfRuns(pdf: Buffer): PdfRun[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: string }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const start = at + body.slice(at).indexOf('\n') + 1;
    const data = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1');
    let stream: string;
    try {
      stream = /FlateDecode/.test(dict) ? inflateSync(data).toString('latin1') : data.toString('latin1');
    } catch {
      stream = '';
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  const cmapOf = (text: string): Map<number, string> => {
    const map = new Map<number, string>();
    const hex = (h: string) => parseInt(h, 16);
    // Ligatures map to several characters, written with spaces: <0066 0069>.
    const chars = (h: string) => String.fromCodePoint(...(h.replace(/\s+/g, '').match(/.{4}/g) ?? []).map(hex));
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const line of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
        const from = hex(line[1]!);
        const to = hex(line[2]!);
        if (line[3]!.startsWith('[')) [...line[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((u, i) => map.set(from + i, chars(u[1]!)));
        else for (let g = from, u = hex(line[3]!.slice(1, -1)); g <= to; g++, u++) map.set(g, String.fromCodePoint(u));
      }
    }
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const line of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(hex(line[1]!), chars(line[2]!));
    }
    return map;
  };
  // Font resource names → their ToUnicode maps.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    for (const m of dict.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(m[2]));
      const toUnicode = font?.dict.match(/\/ToUnicode (\d+) 0 R/);
      fonts.set(m[1]!, toUnicode ? cmapOf(objects.get(Number(toUnicode[1]))?.stream ?? '') : null);
    }
  }
  const runs: PdfRun[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/ Tf\b/.test(stream) || !/BT/.test(stream)) continue;
    let sheared = false;
    const stack: boolean[] = [];
    let font: Map<number, string> | null = null;
    for (const token of stream.matchAll(/(\bq\b|\bQ\b|(-?[\d.]+ ){6}cm|\/(F\d+) [\d.]+ Tf|\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
      const t = token[0];
      if (t === 'q') stack.push(sheared);
      else if (t === 'Q') sheared = stack.pop() ?? false;
      else if (t.endsWith('cm')) {
        const [, , c] = t.split(/\s+/).map(Number);
        if (c !== 0) sheared = true;
      } else if (t.endsWith('Tf')) font = fonts.get(token[3]!) ?? null;
      else {
        let text = '';
        for (const h of t.matchAll(/<([0-9a-fA-F]*)>/g)) {
          if (font) for (const g of h[1]!.match(/.{4}/g) ?? []) text += font.get(parseInt(g, 16)) ?? '';
          else for (const b of h[1]!.match(/.{2}/g) ?? []) text += String.fromCharCode(parseInt(b, 16));
        }
        runs.push({ text, italic: sheared });
      }
    }
  }
  return runs;
}

export function pdfText(pdf: Buffer): string {
  return pdfRuns(pdf)
    .map((r) => r.text)
    .join('');
}
