import type { ConfidenceThresholds, ThresholdSources } from '../rrna/confidence';

/**
 * Similarity thresholds (percent) for naming a fungus from an ITS sequence.
 *
 * - species 98.41 %, genus 94.3 %, family 88.5 %: the similarities that best separated species,
 *   genera and families of ~9,600 filamentous fungi (CBS collection) by their ITS barcodes, Vu D. et
 *   al. (2019) "Large-scale generation and analysis of filamentous fungal DNA barcodes boosts coverage
 *   for kingdom fungi and reveals thresholds for fungal species and higher taxon delimitation",
 *   Stud Mycol 92:135–154, doi:10.1016/j.simyco.2018.05.001. Checked on the shared dev set
 *   (bench/identify/its: 439 held-out ITS2 records; see bench/results/identify-its-*.md).
 * - speciesMargin 1 percentage point (16S/18S: 0.5): on the dev set, 0.5 named a species for 274
 *   queries, 23 of them wrongly; 1 names 236, 12 wrongly (the species' own record and the query are
 *   different ITS variants, or a reference is misnamed). A spacer read is ~200 bases: half a point
 *   is a single base, too little to choose between sister species. The species threshold itself
 *   changes little there (98.0 %: 13 wrong of 239; 99.0 %: 12 of 231), so the published value stays.
 *   Genus at 94.3 %: 410 queries reach it, the top hit's genus right for 384.
 * - minCoverage 80 %, minSimilarity 70 %: MDC's rules, as for 16S/18S.
 *
 * ITS is looser than 16S (98.7 %) because the spacers evolve fast; several clinically important
 * genera have sister species that ITS cannot split at any threshold: those are reported as their
 * species complex (see species-groups.ts).
 */
export const ITS_THRESHOLDS: Readonly<ConfidenceThresholds> = Object.freeze({
  species: 98.41,
  genus: 94.3,
  family: 88.5,
  speciesMargin: 1,
  minCoverage: 80,
  minSimilarity: 70,
});

const VU = 'Vu et al. 2019, Stud Mycol 92:135–154 (ITS barcodes of ~9,600 filamentous fungi); checked on the ITS2 dev set (bench/identify/its)';

export const ITS_THRESHOLD_SOURCES: ThresholdSources = Object.freeze({
  species: VU,
  genus: VU,
  family: VU,
  speciesMargin: 'MDC rule: lead over the next species needed to name one species; 1 point for ITS, from the ITS2 dev set (bench/identify/its)',
  minCoverage: 'MDC rule: share of the sequence that must align to name a species',
  minSimilarity: 'MDC rule: below this no reference is similar',
});

/**
 * Shortest query part searched (bases). Spacers are short (ITS2 of yeasts ~150–250, some ITS1
 * under 100) and the held-out ITS2 records go down to 50: shorter reads are refused; a part this
 * short is still named only as far as its similarity and the margin allow.
 */
export const ITS_MIN_LENGTH = 50;
/** Longest query: a whole ITS with its 18S and 28S flanks stays well under this. */
export const ITS_MAX_LENGTH = 3000;
