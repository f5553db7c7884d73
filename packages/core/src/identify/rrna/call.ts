import { callHeadline, type IdentificationCall } from '../index';
import type { Hit, Identification } from './search';

/** What a call is made of: the confidence and the top hit (an API's result without alignments will do). */
export type CalledResult = Pick<Identification, 'confidence'> & { topHit: Pick<Hit, 'species' | 'genus' | 'family' | 'similarity'> };

/**
 * The call of one identified sequence, as the page, the history, the exports and `mdc identify`
 * state it: the complex the gene cannot split, the species of a group (joined by " / "), the
 * species; above the species the genera (or families) within the margin — headlined
 * "<Genus> sp." — with the top hit's species as `closest`, never as the call; no taxon when no
 * reliable identification is possible (the top hit's species is then only the closest).
 */
export function sequenceCall(result: CalledResult): IdentificationCall {
  const { confidence, topHit } = result;
  const base = { value: topHit.similarity, measure: 'similarity' as const, level: confidence.level };
  if (confidence.complex) return { ...base, name: confidence.complex.name, closest: null };
  if (confidence.level === 'species-group' && confidence.names.length > 1) return { ...base, name: confidence.names.join(' / '), closest: null };
  if (confidence.level === 'genus' || confidence.level === 'family') {
    const names = confidence.names.length > 0 ? confidence.names : [confidence.level === 'genus' ? topHit.genus : topHit.family];
    return { ...base, name: names.join(' / '), closest: topHit.species };
  }
  if (confidence.level === 'none') return { ...base, name: '', closest: topHit.species };
  return { ...base, name: topHit.species, closest: null };
}

/** The call's headline in English, for the command line's columns ("Weissella sp."). */
export function sequenceHeadline(result: CalledResult): string {
  return callHeadline(sequenceCall(result), 'en');
}
