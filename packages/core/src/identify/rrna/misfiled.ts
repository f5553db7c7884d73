import { encodeNucleotides } from './alphabet';
import type { Marker } from './messages';
import { buildReferenceIndex, type ReferenceSequence } from './reference-index';
import { distinctWords, identifySequences } from './search';

/** A reference filed under one marker whose sequence is a gene of the other (an 18S gene in the 16S set…). */
export interface MisfiledReference {
  accession: string;
  marker: Marker;
  /** The marker whose references it resembles more than its own. */
  resembles: Marker;
  /** Its best reference of that marker: accession, species and similarity (%). */
  match: { accession: string; species: string; similarity: number };
  /** Its best similarity to a reference of its own marker (null: none above the search floor, 70 %). */
  ownSimilarity: number | null;
}

export interface MisfiledOptions {
  /**
   * Share of a reference's distinct 12-letter words that must occur in the other marker's set
   * before it is aligned against both sets. In the shared data every genuine 16S gene has at most
   * 8.3 % of its words in the 18S set; the misfiled records 42–100 %.
   */
  minWordShare?: number;
}

const OTHER: Record<Marker, Marker> = { '16S': '18S', '18S': '16S' };
const WORD = 12;

function wordsOf(sequence: string): Uint32Array {
  return distinctWords(encodeNucleotides(sequence).codes, WORD);
}

/** One bit per possible word (2 MiB): which words occur in the set. */
function wordBits(references: readonly ReferenceSequence[]): Uint8Array {
  const bits = new Uint8Array(1 << (2 * WORD - 3));
  for (const ref of references) for (const word of wordsOf(ref.sequence)) bits[word >>> 3]! |= 1 << (word & 7);
  return bits;
}

function wordShare(sequence: string, bits: Uint8Array): number {
  const words = wordsOf(sequence);
  let shared = 0;
  for (const word of words) if (bits[word >>> 3]! & (1 << (word & 7))) shared++;
  return words.length === 0 ? 0 : shared / words.length;
}

/**
 * Finds references that are genes of the other marker. Genome contigs deposited under a bacterium
 * sometimes carry a yeast 18S gene (the sequenced culture was contaminated); left in the 16S set,
 * such a record answers a yeast sequence with "Streptococcus pneumoniae 99.9 %".
 *
 * A reference sharing many words with the other marker's set is a candidate; it is aligned against
 * both sets and is misfiled when the other set holds its closest relative. Such records often come
 * in pairs (the same contaminant in two assemblies), so the candidates of a set are left out of
 * their own set for the comparison and cannot vouch for one another. A misfiled record also makes
 * its look-alikes in the other set candidates; the odd ones out are the fewer, so the set with fewer
 * candidates is checked first, and the other set then against what remains.
 */
export function findMisfiledReferences(sets: Readonly<Record<Marker, readonly ReferenceSequence[]>>, options: MisfiledOptions = {}): MisfiledReference[] {
  const minShare = options.minWordShare ?? 0.25;
  const flagged = new Set<string>();
  const found: MisfiledReference[] = [];
  if (sets['16S'].length === 0 || sets['18S'].length === 0) return found;
  const candidatesOf = (marker: Marker) => {
    const bits = wordBits(sets[OTHER[marker]].filter((ref) => !flagged.has(`${OTHER[marker]}:${ref.accession}`)));
    return sets[marker].filter((ref) => wordShare(ref.sequence, bits) >= minShare);
  };
  const first = { '16S': candidatesOf('16S'), '18S': candidatesOf('18S') };
  const order: Marker[] = first['16S'].length <= first['18S'].length ? ['16S', '18S'] : ['18S', '16S'];
  for (const [step, marker] of order.entries()) {
    const other = OTHER[marker];
    const own = sets[marker];
    const others = sets[other].filter((ref) => !flagged.has(`${other}:${ref.accession}`));
    // The second set is looked at again without the records the first check took out.
    const candidates = step === 0 ? first[marker] : candidatesOf(marker);
    if (candidates.length === 0) continue;
    const candidateIds = new Set(candidates.map((ref) => ref.accession));
    const rest = own.filter((ref) => !candidateIds.has(ref.accession));
    const queries = candidates.map((ref) => ({ id: ref.accession, sequence: ref.sequence }));
    const across = identifySequences(buildReferenceIndex(others), queries, { marker: other, alignments: false, maxHits: 1 });
    const home = rest.length ? identifySequences(buildReferenceIndex(rest), queries, { marker, alignments: false, maxHits: 1 }) : [];
    candidates.forEach((ref, i) => {
      const match = across[i]!.ok ? across[i]!.hits[0] : undefined;
      if (!match) return;
      const result = home[i];
      const ownSimilarity = result?.ok ? result.hits[0]!.similarity : null;
      if (ownSimilarity !== null && ownSimilarity >= match.similarity) return;
      flagged.add(`${marker}:${ref.accession}`);
      found.push({
        accession: ref.accession,
        marker,
        resembles: other,
        match: { accession: match.accession, species: match.species, similarity: match.similarity },
        ownSimilarity,
      });
    });
  }
  return found;
}
