/**
 * Similarity thresholds (percent) for naming a taxon from a 16S rRNA gene sequence.
 *
 * - species 98.7 %, genus 94.5 %, family 86.5 %: the median sequence identity thresholds for
 *   delineating those ranks from nearly full-length 16S rRNA gene sequences, Yarza P. et al. (2014)
 *   "Uniting the classification of cultured and uncultured bacteria and archaea using 16S rRNA gene
 *   sequences", Nat Rev Microbiol 12:635–645, doi:10.1038/nrmicro3330.
 * - 98.7 % (98.65 %) is also the species cut-off used by EzBioCloud: Kim M. et al. (2014) "Towards a
 *   taxonomic coherence between average nucleotide identity and 16S rRNA gene sequence similarity
 *   for species demarcation of prokaryotes", IJSEM 64:346–351, doi:10.1099/ijs.0.059774-0.
 * - speciesMargin 0.5 percentage point: MDC's rule (not from those papers) that the best species
 *   must lead every other species by at least this much to be named alone; otherwise the result is
 *   the group of species within the margin.
 * - minSimilarity 70 %: below this no reference is considered related at all and the sequence is
 *   refused as not a (supported) rRNA gene sequence.
 *
 * The same defaults apply to 18S; they are configuration because 18S rRNA resolves fungal species
 * less well than 16S resolves bacterial ones.
 */
export interface ConfidenceThresholds {
  species: number;
  genus: number;
  family: number;
  speciesMargin: number;
  minSimilarity: number;
}

export const DEFAULT_THRESHOLDS: Readonly<ConfidenceThresholds> = Object.freeze({
  species: 98.7,
  genus: 94.5,
  family: 86.5,
  speciesMargin: 0.5,
  minSimilarity: 70,
});

export const THRESHOLD_SOURCES: Readonly<Record<keyof ConfidenceThresholds, string>> = Object.freeze({
  species: 'Yarza et al. 2014, Nat Rev Microbiol 12:635–645; Kim et al. 2014, IJSEM 64:346–351',
  genus: 'Yarza et al. 2014, Nat Rev Microbiol 12:635–645',
  family: 'Yarza et al. 2014, Nat Rev Microbiol 12:635–645',
  speciesMargin: 'MDC rule: lead over the next species needed to name one species',
  minSimilarity: 'MDC rule: below this the sequence is refused',
});

export type ConfidenceLevel = 'species' | 'species-group' | 'genus' | 'family' | 'none';

export interface Confidence {
  level: ConfidenceLevel;
  /**
   * The taxa named: one species; the tied species of a species group (best first); at genus or
   * family level the genera or families of the hits within the margin of the top (usually one);
   * nothing when no reliable identification is possible.
   */
  names: string[];
  /** Similarity of the top hit (percent). */
  similarity: number;
  /** Percentage points between the top hit and the best hit of another species; null when no other species was found. */
  margin: number | null;
  /** The best other species, when there is one. */
  nextSpecies?: string;
}

/** The part of a hit confidence needs. */
export interface RankedTaxon {
  similarity: number;
  species: string;
  genus: string;
  family: string;
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter((v) => v.length > 0))];
}

/**
 * Confidence of an identification from hits sorted best first (the first one is the top hit).
 * Species level needs the top similarity at or above `species` and a lead of at least
 * `speciesMargin` over every other species; a high similarity without that lead gives a species
 * group naming all species within the margin.
 */
export function assessConfidence(hits: readonly RankedTaxon[], thresholds: ConfidenceThresholds = DEFAULT_THRESHOLDS): Confidence {
  const top = hits[0];
  if (!top) return { level: 'none', names: [], similarity: 0, margin: null };
  const other = hits.find((h) => h.species !== top.species);
  const margin = other ? top.similarity - other.similarity : null;
  // Rounding noise must not turn a margin of exactly 0.5 into 0.4999999.
  const eps = 1e-9;
  const close = hits.filter((h) => top.similarity - h.similarity < thresholds.speciesMargin - eps);
  const base = { similarity: top.similarity, margin, ...(other ? { nextSpecies: other.species } : {}) };
  if (top.similarity >= thresholds.species - eps) {
    if (margin === null || margin >= thresholds.speciesMargin - eps) return { level: 'species', names: [top.species], ...base };
    return { level: 'species-group', names: distinct(close.map((h) => h.species)), ...base };
  }
  if (top.similarity >= thresholds.genus - eps) return { level: 'genus', names: distinct(close.map((h) => h.genus)), ...base };
  if (top.similarity >= thresholds.family - eps) return { level: 'family', names: distinct(close.map((h) => h.family)), ...base };
  return { level: 'none', names: [], ...base };
}
