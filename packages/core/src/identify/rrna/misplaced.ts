import { DEFAULT_THRESHOLDS } from './confidence';
import { buildReferenceIndex, referenceInfo, type ReferenceSequence } from './reference-index';
import { identifySequence } from './search';

/**
 * A reference whose sequence sits inside another genus's cluster, far from its own genus: most
 * likely a mislabelled record (a Lactococcus lactis label on a Lacticaseibacillus casei gene, a
 * Lysinibacillus sphaericus label among Bacillus licheniformis). Left in, it makes every query of
 * that cluster a "species group" spanning two genera.
 */
export interface MisplacedReference {
  accession: string;
  species: string;
  genus: string;
  /** The other genus whose cluster holds it, and its closest reference there. */
  insideGenus: string;
  closest: { accession: string; species: string; similarity: number };
  /** References of that genus at species-level similarity to it. */
  clusterReferences: number;
  /** Its best similarity to another reference of its own genus (null: none among its closest references). */
  ownGenusSimilarity: number | null;
  /** Other references of its own genus in the set. */
  ownGenusReferences: number;
}

export interface MisplacedOptions {
  /** Similarity (%) at which a reference is inside another cluster (default: the 16S species threshold, 98.7). */
  inside?: number;
  /** Below this similarity (%) to every reference of its own genus it is far from it (default: the 16S genus threshold, 94.5). */
  far?: number;
  /** References of the other genus that must be that close to speak of a cluster (default 2). */
  minCluster?: number;
  /** Called every 500 references with the count done, for progress and cancellation. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Finds references inside another genus's cluster: each reference is identified against all the
 * others; it is misplaced when its closest reference is of another genus, at species-level
 * similarity together with at least `minCluster` references of that genus, while every reference
 * of its own genus is below the genus threshold — or not among its closest at all. A genus with no other reference in
 * the set cannot be judged and is never flagged; neither is a reference whose own genus is close.
 * Genera are compared by the references' `lineage` genus (resolve names to accepted ones first).
 */
export function findMisplacedReferences(references: readonly ReferenceSequence[], options: MisplacedOptions = {}): MisplacedReference[] {
  const inside = options.inside ?? DEFAULT_THRESHOLDS.species;
  const far = options.far ?? DEFAULT_THRESHOLDS.genus;
  const minCluster = options.minCluster ?? 2;
  const index = buildReferenceIndex(references);
  const perGenus = new Map<string, number>();
  for (const info of index.refs) if (info.genus) perGenus.set(info.genus, (perGenus.get(info.genus) ?? 0) + 1);
  const found: MisplacedReference[] = [];
  references.forEach((ref, i) => {
    if (i % 500 === 0) options.onProgress?.(i, references.length);
    const own = referenceInfo(ref, ref.sequence.length);
    const ownGenusReferences = (perGenus.get(own.genus) ?? 0) - 1;
    if (!own.genus || ownGenusReferences < 1) return;
    const result = identifySequence(index, { id: ref.accession, sequence: ref.sequence }, { alignments: false, maxHits: 40, candidates: 16 });
    if (!result.ok) return;
    const others = result.hits.filter((h) => h.accession !== ref.accession);
    const top = others[0];
    if (!top || top.genus === own.genus || top.similarity < inside) return;
    // Other genera may reach species-level similarity too (the Enterobacterales share most of
    // their 16S): what counts is a cluster of the top hit's genus, and no close reference of its own.
    const close = others.filter((h) => h.similarity >= inside && h.genus === top.genus);
    if (close.length < minCluster) return;
    const ownBest = others.find((h) => h.genus === own.genus);
    if (ownBest && ownBest.similarity >= far) return;
    found.push({
      accession: ref.accession,
      species: own.species,
      genus: own.genus,
      insideGenus: top.genus,
      closest: { accession: top.accession, species: top.species, similarity: top.similarity },
      clusterReferences: close.length,
      ownGenusSimilarity: ownBest ? ownBest.similarity : null,
      ownGenusReferences,
    });
  });
  options.onProgress?.(references.length, references.length);
  return found;
}
