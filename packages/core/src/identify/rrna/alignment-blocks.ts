import type { AlignmentLines } from './align';

export interface AlignmentRow {
  /** 1-based position of the first and last base shown on the row (equal numbers around a gap-only row). */
  from: number;
  to: number;
  text: string;
}

export interface AlignmentBlock {
  query: AlignmentRow;
  match: string;
  reference: AlignmentRow;
}

function rows(text: string, start: number, step: 1 | -1, width: number): AlignmentRow[] {
  const out: AlignmentRow[] = [];
  let next = start;
  for (let at = 0; at < text.length; at += width) {
    const piece = text.slice(at, at + width);
    const bases = piece.replace(/-/g, '').length;
    const from = next;
    const to = bases > 0 ? next + step * (bases - 1) : next - step;
    next += step * bases;
    out.push({ from: bases > 0 ? from : to, to, text: piece });
  }
  return out;
}

/**
 * Cuts an alignment into blocks of `width` columns with the positions of the first and last base of
 * each row: query positions count down on the minus strand (the query line is then the reverse
 * complement of what was submitted), reference positions always count up.
 */
export function alignmentBlocks(
  lines: AlignmentLines,
  hit: { queryStart: number; strand: '+' | '-'; referenceStart: number },
  width = 60,
): AlignmentBlock[] {
  const query = rows(lines.query, hit.queryStart, hit.strand === '-' ? -1 : 1, width);
  const reference = rows(lines.reference, hit.referenceStart, 1, width);
  return query.map((q, i) => ({ query: q, match: lines.match.slice(i * width, (i + 1) * width), reference: reference[i]! }));
}
