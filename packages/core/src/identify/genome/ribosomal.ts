import { Buffer } from 'node:buffer';

/**
 * 16S rRNA gene copies inside an assembly. Every bacterial 16S gene carries the universal motif
 * around E. coli position 515–533 (the "515F" primer site, GTGYCAGCMGCCGCGGTAA); its core
 * AGCMGCCGCGGTAA is found on either strand, and the gene around it is cut out with margins
 * (E. coli numbering: the gene starts about 519 bases before the core and is about 1,542 long).
 * The 16S engine then identifies each cut and reports where the gene really begins and ends.
 */

/** The core motif and its variants (M = A or C). */
const MOTIFS = ['AGCAGCCGCGGTAA', 'AGCCGCCGCGGTAA'];
const MOTIF_LENGTH = 14;
/** Bases from the gene start to the motif core, and from the core to the gene end, with margins. */
const BEFORE = 560;
const AFTER = 1080;
/**
 * The gene's ends, where the universal primers sit: "27F" (AGAGTTTGATCMTGGCTCAG, E. coli 8–27)
 * near the start and "1492R" (its site AAGTCGTAACAAGGTAACC, 1492–1510) near the end. When found
 * in the cut, they place the gene's first and last base (E. coli 1 and 1542); flanks left on a
 * gene would count as gaps in its 16S identification.
 */
const START_MOTIFS = ['GATCATGGCTCAG', 'GATCCTGGCTCAG'];
const START_OFFSET = 14; // E. coli position of the first motif base − 1
const END_MOTIF = 'AAGTCGTAACAAGG';
const END_OFFSET = 1542 - 1492 + 1; // from the motif's first base to the gene's end, inclusive

/** The gene inside a cut (in the gene's direction): from the start motif, up to the end motif's gene end. */
function trimToGene(cut: string, coreAt: number): { from: number; to: number } {
  let from = 0;
  for (const motif of START_MOTIFS) {
    const at = cut.lastIndexOf(motif, coreAt);
    if (at >= 0 && at - START_OFFSET >= 0) from = Math.max(from, at - START_OFFSET);
  }
  const end = cut.indexOf(END_MOTIF, coreAt);
  const to = end >= 0 ? Math.min(cut.length, end + END_OFFSET) : cut.length;
  return { from, to };
}

export interface RrnaCopy {
  contig: string;
  /** 1-based first and last base of the cut in the contig. */
  start: number;
  end: number;
  /** '+' when the gene reads along the contig. */
  strand: '+' | '-';
  /** The cut, in the gene's direction (A, C, G, T, N). */
  sequence: string;
}

const LETTERS = 'ACGTN';

/** Finds the 16S gene copies of an assembly (contigs with their names), in contig order. */
export function find16SCopies(genome: { codes: Uint8Array; contigs: readonly { name: string; start: number; length: number }[] }): RrnaCopy[] {
  // The motif's codes searched in the code array itself with the runtime's native search (a
  // per-base loop in JavaScript took a tenth of a second per genome).
  const hay = Buffer.from(genome.codes.buffer, genome.codes.byteOffset, genome.codes.byteLength);
  const hits: { at: number; strand: '+' | '-' }[] = [];
  for (const motif of MOTIFS) {
    const forward = Uint8Array.from(motif, (c) => 'ACGT'.indexOf(c));
    const reverse = Uint8Array.from(forward, (_, k) => 3 - forward[forward.length - 1 - k]!);
    for (const [needle, strand] of [[forward, '+'], [reverse, '-']] as const) {
      for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) hits.push({ at, strand });
    }
  }
  hits.sort((a, b) => a.at - b.at);
  const starts = genome.contigs.map((c) => c.start);
  const copies: RrnaCopy[] = [];
  let lastContig = -1;
  let lastEnd = -Infinity;
  for (const { at, strand } of hits) {
    // The contig holding the motif: the last start ≤ at; a motif across two contigs is none.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    const contig = genome.contigs[lo]!;
    const motifStart = at - contig.start;
    if (motifStart + MOTIF_LENGTH > contig.length) continue;
    if (lo !== lastContig) {
      lastContig = lo;
      lastEnd = -Infinity;
    }
    let from = strand === '+' ? motifStart - BEFORE : motifStart - AFTER;
    let to = strand === '+' ? motifStart + MOTIF_LENGTH + AFTER : motifStart + MOTIF_LENGTH + BEFORE;
    from = Math.max(0, from);
    to = Math.min(contig.length, to);
    // One gene has one motif; a second hit inside the last cut is the same gene.
    if (from < lastEnd) continue;
    lastEnd = to;
    let cut = '';
    const codes = genome.codes.subarray(contig.start + from, contig.start + to);
    if (strand === '+') for (const c of codes) cut += LETTERS[c];
    else for (let k = codes.length - 1; k >= 0; k--) cut += LETTERS[codes[k]! > 3 ? 4 : 3 - codes[k]!];
    // Where the core motif lies in the cut (gene direction), then the gene's own ends.
    const coreAt = strand === '+' ? motifStart - from : to - (motifStart + MOTIF_LENGTH);
    const gene = trimToGene(cut, coreAt);
    const sequence = cut.slice(gene.from, gene.to);
    // Positions of the gene in the contig (1-based), whichever strand it reads on.
    const start = strand === '+' ? from + gene.from + 1 : to - gene.to + 1;
    const stop = strand === '+' ? from + gene.to : to - gene.from;
    copies.push({ contig: contig.name, start, end: stop, strand, sequence });
  }
  return copies;
}

/**
 * Percent identity of two gene copies: a banded global alignment (unit costs), identical columns
 * over alignment columns. Copies of one genome differ by a few bases, so a band of 60 suffices;
 * copies further apart than the band are reported at the band's edge.
 */
export function copyIdentity(a: string, b: string, band = 60): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return 0;
  const width = 2 * band + 1;
  const INF = 1 << 29;
  // cost[i][d] with j = i + d − band; and the number of columns of that path.
  let prevCost = new Int32Array(width).fill(INF);
  let prevCols = new Int32Array(width);
  let curCost = new Int32Array(width);
  let curCols = new Int32Array(width);
  for (let d = 0; d < width; d++) {
    const j = d - band;
    if (j >= 0) {
      prevCost[d] = j;
      prevCols[d] = j;
    }
  }
  for (let i = 1; i <= n; i++) {
    curCost.fill(INF);
    for (let d = 0; d < width; d++) {
      const j = i + d - band;
      if (j < 0 || j > m) continue;
      let best = INF;
      let cols = 0;
      if (j === 0) {
        best = i;
        cols = i;
      } else {
        // diagonal: same d in the previous row
        const diag = prevCost[d]! + (a[i - 1] === b[j - 1] ? 0 : 1);
        if (diag < best) {
          best = diag;
          cols = prevCols[d]! + 1;
        }
        // up (gap in b): previous row, d + 1
        if (d + 1 < width && prevCost[d + 1]! + 1 < best) {
          best = prevCost[d + 1]! + 1;
          cols = prevCols[d + 1]! + 1;
        }
        // left (gap in a): this row, d − 1
        if (d > 0 && curCost[d - 1]! + 1 < best) {
          best = curCost[d - 1]! + 1;
          cols = curCols[d - 1]! + 1;
        }
      }
      curCost[d] = best;
      curCols[d] = cols;
    }
    [prevCost, curCost] = [curCost, prevCost];
    [prevCols, curCols] = [curCols, prevCols];
  }
  const d = m - n + band;
  if (d < 0 || d >= width || prevCost[d]! >= INF) return 0;
  const cols = prevCols[d]!;
  return cols > 0 ? (100 * (cols - prevCost[d]!)) / cols : 0;
}
