import type { ReferenceInfo } from '@mdc/core/identify/rrna';

/**
 * The references' descriptions of an index as JSON lines in one block of bytes, with where each
 * line begins. A search thread is handed this block (shared memory, no copy) and a filed index
 * keeps it as it is: a search reads only the few references it aligns, so turning all 39,000
 * descriptions into objects (a tenth of a second per thread and per command) is not needed.
 */
export interface ReferenceLines {
  /** JSON of each reference, each followed by a newline. */
  text: Uint8Array;
  /** Line r spans text[starts[r], starts[r + 1] - 1); starts has one more entry than there are references. */
  starts: Uint32Array;
}

/** The lines of `refs`, in shared memory when `shared` (to hand to threads). */
export function referenceLines(refs: readonly ReferenceInfo[], shared: boolean): ReferenceLines {
  const starts = new Uint32Array(shared ? new SharedArrayBuffer(4 * (refs.length + 1)) : new ArrayBuffer(4 * (refs.length + 1)));
  const lines = refs.map((ref) => JSON.stringify(ref) + '\n');
  let at = 0;
  lines.forEach((line, r) => {
    starts[r] = at;
    at += Buffer.byteLength(line, 'utf8');
  });
  starts[refs.length] = at;
  const text = new Uint8Array(shared ? new SharedArrayBuffer(at) : new ArrayBuffer(at));
  Buffer.from(text.buffer, text.byteOffset, text.byteLength).write(lines.join(''), 0, 'utf8');
  return { text, starts };
}

/**
 * The references as an array whose entries are read from their lines when first asked for (and
 * kept); its length is the number of references, as the search expects of `index.refs`.
 */
export function lazyReferences(lines: ReferenceLines): ReferenceInfo[] {
  const count = lines.starts.length - 1;
  const read: (ReferenceInfo | undefined)[] = new Array(count);
  const text = Buffer.from(lines.text.buffer, lines.text.byteOffset, lines.text.byteLength);
  return new Proxy(read as ReferenceInfo[], {
    get(target, property, receiver) {
      if (typeof property === 'string') {
        const first = property.charCodeAt(0);
        if (first >= 48 && first <= 57) {
          const r = Number(property);
          if (Number.isInteger(r) && r < count) return (target[r] ??= JSON.parse(text.toString('utf8', lines.starts[r]!, lines.starts[r + 1]! - 1)) as ReferenceInfo);
        }
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
