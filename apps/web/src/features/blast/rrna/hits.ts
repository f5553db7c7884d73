import type { Confidence, Hit, HitSort, Marker, Thresholds } from '../api';
import { fmt, type BlastTexts } from '../texts';

/** Why this confidence level, in a sentence with the numbers that decided it. */
export function explainConfidence(confidence: Confidence, thresholds: Thresholds, marker: Marker, tx: BlastTexts): string {
  const values = {
    sim: confidence.similarity.toFixed(2),
    t: thresholds.species,
    m: thresholds.speciesMargin,
    g: thresholds.genus,
    f: thresholds.family,
    margin: confidence.margin === null ? '—' : confidence.margin.toFixed(2),
    names: confidence.names.join(', '),
    marker,
    coverage: confidence.coverage === undefined ? '—' : confidence.coverage.toFixed(1),
    min: confidence.limitedBy === 'coverage' ? thresholds.minCoverage : 300,
    level: confidence.similarityLevel ? tx.levels[confidence.similarityLevel].toLowerCase() : '',
  };
  if (confidence.limitedBy === 'coverage') return fmt(tx.explain.limitedCoverage, values);
  if (confidence.limitedBy === 'aligned-length') return fmt(tx.explain.limitedLength, values);
  if (confidence.limitedBy === 'genera') return fmt(tx.explain.limitedGenera, { ...values, species: (confidence.groupSpecies ?? []).join(', ') });
  if (confidence.complex) return fmt(tx.explain.complex, { ...values, species: confidence.names.join(', ') });
  switch (confidence.level) {
    case 'species':
      return fmt(confidence.margin === null ? tx.explain.speciesAlone : tx.explain.species, values);
    case 'species-group':
      return fmt(tx.explain.speciesGroup, values);
    case 'genus':
      return fmt(tx.explain.genus, values);
    case 'family':
      return fmt(tx.explain.family, values);
    case 'none':
      return fmt(tx.explain.none, values);
  }
}

/** Hits in the chosen order; equal values keep the engine's ranking. */
export function sortHits(hits: readonly Hit[], sort: HitSort): Hit[] {
  if (sort === 'rank') return [...hits];
  const key = sort === 'similarity' ? (h: Hit) => h.similarity : (h: Hit) => h.score;
  return [...hits].sort((a, b) => key(b) - key(a) || a.rank - b.rank);
}
