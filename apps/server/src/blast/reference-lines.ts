import type { ReferenceInfo } from '@mdc/core/identify/rrna';

/**
 * The references' descriptions of an index as one JSON array in bytes, with where each reference's
 * object begins. A search thread is handed this block (shared memory, no copy) and a filed index
 * keeps it as it is: a search reads only the few references it aligns, so turning all 39,000
 * descriptions into objects (a tenth of a second per thread and per command) is not needed.
 */
export interface ReferenceLines {
  /**
   * How a line is read: `json`, JSON.stringify of the references (an array of objects, as UTF-8);
   * anything else names a method's own reader of its reference files' header lines (the method
   * passes it to {@link lazyReferences}), e.g. `its-header:ITS2`.
   */
  form: string;
  text: Uint8Array;
  /**
   * Reference r's line spans text[starts[r], starts[r + 1] - 1) (for `json`, the comma or `]` after
   * the object; for header lines, the newline); one more entry than there are references, the last
   * the text's length.
   */
  starts: Uint32Array;
  /** A number per reference that its reader needs beside the line (header lines: the record's place in its file). */
  numbers?: Uint32Array;
}

/** Reads reference r's description from its line. */
export type LineReader = (line: string, r: number) => ReferenceInfo;

const readJson: LineReader = (line) => JSON.parse(line) as ReferenceInfo;

/**
 * The lines of `refs`, in shared memory when `shared` (to hand to threads). One JSON.stringify of
 * the whole array and a scan for where its objects begin: a third of the time of one
 * JSON.stringify per reference.
 */
export function referenceLines(refs: readonly ReferenceInfo[], shared: boolean): ReferenceLines {
  const json = JSON.stringify(refs);
  const length = Buffer.byteLength(json, 'utf8');
  const text = new Uint8Array(shared ? new SharedArrayBuffer(length) : new ArrayBuffer(length));
  Buffer.from(text.buffer, text.byteOffset, text.byteLength).write(json, 0, 'utf8');
  const starts = new Uint32Array(shared ? new SharedArrayBuffer(4 * (refs.length + 1)) : new ArrayBuffer(4 * (refs.length + 1)));
  // Objects open at depth 1 (inside the outer array); brackets inside strings do not count.
  let depth = 0;
  let inString = false;
  let r = 0;
  for (let i = 0; i < length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next byte is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (c === 0x7b && depth === 1) starts[r++] = i;
      depth++;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  if (r !== refs.length) throw new Error(`reference descriptions: ${r} objects found for ${refs.length} references`);
  starts[refs.length] = length;
  return { form: 'json', text, starts };
}

/**
 * The references as an array whose entries are read from their lines when first asked for (and
 * kept); its length is the number of references, as the search expects of `index.refs`. Lines of
 * another form than `json` are read by the method's `read`.
 */
export function lazyReferences(lines: ReferenceLines, read: LineReader = readJson): ReferenceInfo[] {
  if ((lines.form === 'json') !== (read === readJson)) throw new Error(`reference lines of form ${lines.form} given the wrong reader`);
  const count = lines.starts.length - 1;
  const described: (ReferenceInfo | undefined)[] = new Array(count);
  const text = Buffer.from(lines.text.buffer, lines.text.byteOffset, lines.text.byteLength);
  return new Proxy(described as ReferenceInfo[], {
    get(target, property, receiver) {
      if (typeof property === 'string') {
        const first = property.charCodeAt(0);
        if (first >= 48 && first <= 57) {
          const r = Number(property);
          if (Number.isInteger(r) && r < count) return (target[r] ??= read(text.toString('utf8', lines.starts[r]!, lines.starts[r + 1]! - 1), r));
        }
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
