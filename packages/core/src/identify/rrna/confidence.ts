import { complexCall } from '../complexes';
import type { LocalizedText } from '../index';
import type { Marker } from './messages';

/**
 * Similarity thresholds (percent) for naming a taxon from a 16S or 18S rRNA gene sequence, and
 * how much of the sequence must align for them to apply.
 *
 * 16S (bacteria and archaea):
 * - species 98.7 %, genus 94.5 %, family 86.5 %: the median sequence identity thresholds for
 *   delineating those ranks from nearly full-length 16S rRNA gene sequences, Yarza P. et al. (2014)
 *   "Uniting the classification of cultured and uncultured bacteria and archaea using 16S rRNA gene
 *   sequences", Nat Rev Microbiol 12:635–645, doi:10.1038/nrmicro3330.
 * - 98.7 % (98.65 %) is also the species cut-off used by EzBioCloud: Kim M. et al. (2014) "Towards a
 *   taxonomic coherence between average nucleotide identity and 16S rRNA gene sequence similarity
 *   for species demarcation of prokaryotes", IJSEM 64:346–351, doi:10.1099/ijs.0.059774-0.
 *
 * 18S (fungi): no published rank thresholds exist for the fungal 18S (SSU) gene, the least
 * resolving of the fungal markers (Schoch C.L. et al. (2012) "Nuclear ribosomal internal
 * transcribed spacer (ITS) region as a universal DNA barcode marker for Fungi", PNAS
 * 109:6241–6246, doi:10.1073/pnas.1117018109). MDC sets them above what separates taxa in its own
 * 18S reference set (570 sequences of 314 species, 41 genera; measured by
 * `bench/identify/ranks.ts`): the closest reference of the same species is at a median 99.5 %,
 * of another species of the genus at 98.9 % (a quarter ≥ 99.6 %), of another genus at 96.3 % (a
 * quarter ≥ 97.8 %). Hence species 99.5 % (the typical same-species similarity; the margin rule
 * turns the many close sister species into a species group), genus 97.0 %, family 94.5 % — most
 * 18S results are a genus or a species group, which is what the gene can tell.
 *
 * Both markers:
 * - speciesMargin 0.5 percentage point: MDC's rule (not from those papers) that the best species
 *   must lead every other species by at least this much to be named alone; otherwise the result is
 *   the group of species within the margin.
 * - minCoverage 80 %: MDC's rule: a species (or species group) is only named when at least this
 *   share of the submitted sequence aligns with the top hit; otherwise at most the genus is named
 *   (the rest of the read may be another organism, a chimera or untrimmed junk).
 * - minAligned: the aligned stretch must be at least as long as the shortest accepted sequence
 *   (300 bp), otherwise no taxon is named.
 * - minSimilarity 70 %: below this no reference is considered related at all and the sequence is
 *   reported as having no similar reference.
 */
export interface ConfidenceThresholds {
  species: number;
  genus: number;
  family: number;
  speciesMargin: number;
  minCoverage: number;
  minSimilarity: number;
}

export const DEFAULT_THRESHOLDS: Readonly<ConfidenceThresholds> = Object.freeze({
  species: 98.7,
  genus: 94.5,
  family: 86.5,
  speciesMargin: 0.5,
  minCoverage: 80,
  minSimilarity: 70,
});

export const THRESHOLDS_18S: Readonly<ConfidenceThresholds> = Object.freeze({
  species: 99.5,
  genus: 97,
  family: 94.5,
  speciesMargin: 0.5,
  minCoverage: 80,
  minSimilarity: 70,
});

export const MARKER_THRESHOLDS: Readonly<Record<Marker, Readonly<ConfidenceThresholds>>> = Object.freeze({
  '16S': DEFAULT_THRESHOLDS,
  '18S': THRESHOLDS_18S,
});

export function thresholdsFor(marker: Marker): Readonly<ConfidenceThresholds> {
  return MARKER_THRESHOLDS[marker] ?? DEFAULT_THRESHOLDS;
}

export type ThresholdSources = Readonly<Record<'species' | 'genus' | 'family' | 'speciesMargin' | 'minCoverage' | 'minSimilarity', string>>;

export const THRESHOLD_SOURCES: ThresholdSources = Object.freeze({
  species: 'Yarza et al. 2014, Nat Rev Microbiol 12:635–645; Kim et al. 2014, IJSEM 64:346–351',
  genus: 'Yarza et al. 2014, Nat Rev Microbiol 12:635–645',
  family: 'Yarza et al. 2014, Nat Rev Microbiol 12:635–645',
  speciesMargin: 'MDC rule: lead over the next species needed to name one species',
  minCoverage: 'MDC rule: share of the sequence that must align to name a species',
  minSimilarity: 'MDC rule: below this no reference is similar',
});

const SOURCE_18S =
  'MDC rule for fungal 18S, above the similarities that separate taxa in its 18S reference set (bench/identify/ranks.ts); 18S is the least resolving fungal marker (Schoch et al. 2012, PNAS 109:6241–6246)';

export const THRESHOLD_SOURCES_18S: ThresholdSources = Object.freeze({
  ...THRESHOLD_SOURCES,
  species: SOURCE_18S,
  genus: SOURCE_18S,
  family: SOURCE_18S,
});

export const MARKER_THRESHOLD_SOURCES: Readonly<Record<Marker, ThresholdSources>> = Object.freeze({
  '16S': THRESHOLD_SOURCES,
  '18S': THRESHOLD_SOURCES_18S,
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
  /** Percent of the sequence aligned with the top hit (when known). */
  coverage?: number;
  /**
   * Why the level is below what the similarity alone supports: too little of the sequence aligns
   * (`coverage`, capped at genus), the aligned stretch is too short (`aligned-length`, nothing
   * named), or the species within the margin belong to different genera (`genera`: the genera are
   * named, since the gene cannot even tell which genus; `groupSpecies` lists those species).
   */
  limitedBy?: 'coverage' | 'aligned-length' | 'genera';
  /** The species within the margin when they span genera (`limitedBy` = `genera`). */
  groupSpecies?: string[];
  /** The level the similarity alone supports, when `limitedBy` lowered it. */
  similarityLevel?: ConfidenceLevel;
  /**
   * The species complex named instead of its species when the gene cannot split it (every
   * species named belongs to it): the level is then `species` and `names` keeps the members found.
   */
  complex?: ComplexCall;
}

/** A complex as a call carries it: its id, names and the test that separates its members. */
export interface ComplexCall {
  id: string;
  name: string;
  zh: string;
  settles: LocalizedText;
}

/**
 * The confidence with the complex the marker cannot split, when the species (or every species of
 * the group) named belong to one (see `@mdc/core/identify/complexes`).
 */
export function withComplex(confidence: Confidence, marker: Marker): Confidence {
  const acrossGenera = confidence.limitedBy === 'genera' && confidence.groupSpecies;
  if (confidence.level !== 'species' && confidence.level !== 'species-group' && !acrossGenera) return confidence;
  const species = acrossGenera ? confidence.groupSpecies! : confidence.names;
  const complex = complexCall(marker, species);
  if (!complex) return confidence;
  const { limitedBy: _limitedBy, similarityLevel: _similarityLevel, groupSpecies: _groupSpecies, ...rest } = confidence;
  return { ...rest, level: 'species', names: species, complex: { id: complex.id, name: complex.name, zh: complex.zh, settles: complex.settles } };
}

/** The name a confidence gives: the complex, the species, or the species of a group joined by " / ". */
export function confidenceName(confidence: Confidence): string {
  return confidence.complex?.name ?? confidence.names.join(' / ');
}

/** How much of the query the top hit covers, for the level. */
export interface AlignedExtent {
  /** Percent of the submitted sequence aligned with the top hit. */
  coverage: number;
  /** Query bases in the aligned stretch. */
  aligned: number;
  /** Shortest aligned stretch that names a taxon. */
  minAligned: number;
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
 * group naming all species within the margin. With an `extent`, a species (group) also needs
 * `minCoverage` of the sequence aligned — else the genus is named — and an aligned stretch
 * shorter than `minAligned` names nothing.
 */
export function assessConfidence(hits: readonly RankedTaxon[], thresholds: ConfidenceThresholds = DEFAULT_THRESHOLDS, extent?: AlignedExtent): Confidence {
  const top = hits[0];
  if (!top) return { level: 'none', names: [], similarity: 0, margin: null };
  const other = hits.find((h) => h.species !== top.species);
  const margin = other ? top.similarity - other.similarity : null;
  // Rounding noise must not turn a margin of exactly 0.5 into 0.4999999.
  const eps = 1e-9;
  const close = hits.filter((h) => top.similarity - h.similarity < thresholds.speciesMargin - eps);
  const base = { similarity: top.similarity, margin, ...(other ? { nextSpecies: other.species } : {}), ...(extent ? { coverage: extent.coverage } : {}) };
  const genera = distinct(close.map((h) => h.genus));
  let bySimilarity: Confidence;
  if (top.similarity >= thresholds.species - eps) {
    if (margin === null || margin >= thresholds.speciesMargin - eps) bySimilarity = { level: 'species', names: [top.species], ...base };
    else {
      const species = distinct(close.map((h) => h.species));
      // Species of two genera within the margin: no species group, since the gene cannot tell
      // the genus either (a complex the marker cannot split is named by withComplex instead).
      if (genera.length > 1) bySimilarity = { level: 'genus', names: genera, ...base, limitedBy: 'genera', similarityLevel: 'species-group', groupSpecies: species };
      else bySimilarity = { level: 'species-group', names: species, ...base };
    }
  } else if (top.similarity >= thresholds.genus - eps) bySimilarity = { level: 'genus', names: genera, ...base };
  else if (top.similarity >= thresholds.family - eps) bySimilarity = { level: 'family', names: distinct(close.map((h) => h.family)), ...base };
  else bySimilarity = { level: 'none', names: [], ...base };
  if (!extent || bySimilarity.level === 'none') return bySimilarity;
  if (extent.aligned < extent.minAligned) return { level: 'none', names: [], ...base, limitedBy: 'aligned-length', similarityLevel: bySimilarity.level };
  if ((bySimilarity.level === 'species' || bySimilarity.level === 'species-group') && extent.coverage < thresholds.minCoverage - eps) {
    return { level: 'genus', names: genera, ...base, limitedBy: 'coverage', similarityLevel: bySimilarity.level };
  }
  return bySimilarity;
}
