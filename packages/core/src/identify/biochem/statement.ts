import type { ClaimedRank, IdentificationCall, LocalizedText } from '../index';
import type { BiochemIdentification } from './identify';
import { QUALITY_LABELS, type QualityLevel } from './quality';

/**
 * What a biochemical or morphology result states, once, for the page, the history, the CSV, the
 * PDF and the command line: the taxon it claims, the rank of that claim, and the quality label and
 * %ID of that claim — the label belongs to the result, never to each candidate.
 */
export interface BiochemStatement {
  /** The claimed taxon as the history and exports name it: a species, a complex, a morphology group, a genus; '' for an unacceptable profile. */
  name: string;
  /** Its Chinese name, where one is known. */
  zh?: string;
  rank: ClaimedRank;
  /**
   * The APIweb label of the claim; null for a morphology group: its matrix row's %ID is that of
   * the species the row was drawn from (S. aureus), not the group's, so no label or %ID is stated.
   */
  level: QualityLevel | null;
  /** The label's text ("Good identification", "Good identification to the genus"); null with `level`. */
  label: LocalizedText | null;
  percentId: number | null;
  typicity: number | null;
  /** The best candidate species under a claim above the species (a genus, a group of the panel): shown as "closest". */
  closest: string | null;
}

const TO_GENUS: LocalizedText = { en: ' to the genus', zh: '（属水平）' };
const TO_COMPLEX: LocalizedText = { en: ' to the complex', zh: '（复合群水平）' };

/** Puts the engine's call, headline and group call into the one statement every output makes. */
export function biochemStatement(id: Pick<BiochemIdentification, 'call' | 'headline' | 'groupCall'>): BiochemStatement {
  const { call, headline, groupCall } = id;
  const stated = (level: QualityLevel, suffix?: LocalizedText): LocalizedText =>
    suffix ? { en: QUALITY_LABELS[level].en + suffix.en, zh: QUALITY_LABELS[level].zh + suffix.zh } : QUALITY_LABELS[level];
  if (headline?.kind === 'unacceptable') {
    return { name: '', rank: 'none', level: 'unacceptable', label: QUALITY_LABELS.unacceptable, percentId: null, typicity: call.typicity, closest: call.taxon };
  }
  if (headline?.kind === 'morphology-group') {
    return { name: headline.name.en, zh: headline.name.zh, rank: 'species-group', level: null, label: null, percentId: null, typicity: null, closest: null };
  }
  if (headline?.kind === 'complex') {
    return { name: headline.name.en, zh: headline.name.zh, rank: 'species-group', level: call.level, label: QUALITY_LABELS[call.level], percentId: call.percentId, typicity: call.typicity, closest: null };
  }
  if (groupCall && call.level === 'low discrimination') {
    // The species alone does not earn an identification, its genus (or complex) together does: the claim is the group's.
    // A species that earns one keeps it; the group's better label is then only a note.
    return {
      name: groupCall.name,
      rank: groupCall.kind === 'genus' ? 'genus' : 'species-group',
      level: groupCall.level,
      label: stated(groupCall.level, groupCall.kind === 'genus' ? TO_GENUS : TO_COMPLEX),
      percentId: groupCall.percentId,
      typicity: call.typicity,
      closest: call.taxon,
    };
  }
  const oneWord = /^[A-Z][a-z]+$/.test(call.taxon);
  return {
    name: call.taxon,
    ...(call.zh ? { zh: call.zh } : {}),
    rank: oneWord ? 'genus' : 'species',
    level: call.level,
    label: QUALITY_LABELS[call.level],
    percentId: call.percentId,
    typicity: call.typicity,
    closest: null,
  };
}

/** The history's call: the claim's name and %ID; its level the rank when above the species, else the quality label. */
export function biochemHistoryCall(s: BiochemStatement): IdentificationCall {
  const level = s.rank === 'genus' || s.rank === 'species-group' || s.rank === 'none' ? (s.rank === 'none' ? 'unacceptable' : s.rank) : (s.level ?? 'none');
  return {
    name: s.name,
    value: s.percentId === null ? null : Math.round(s.percentId * 100) / 100,
    measure: 'percentId',
    level,
    ...(s.closest && s.rank !== 'none' ? { closest: s.closest } : {}),
  };
}

/** A row of a result's list: rank 1 is the statement, the candidates follow with their %ID and no label of their own. */
export interface BiochemListRow {
  rank: number;
  role: 'answer' | 'candidate';
  /** The candidate the row shows: on the answer row, the one it stands on (its tests against), if any. */
  candidate: BiochemIdentification['candidates'][number] | null;
}

/**
 * The list every output prints: the statement as rank 1, then the candidates. When the statement
 * stands on the first candidate's row (the species itself, a complex the panel cannot split, the
 * group a morphology row stands for) that row is not listed again; a genus or complex summed over
 * several candidates, or an unacceptable profile, is followed by all of them.
 */
export function biochemList(id: Pick<BiochemIdentification, 'call' | 'headline' | 'groupCall' | 'candidates'>): BiochemListRow[] {
  const stated = biochemStatement(id).percentId;
  const summed = id.headline?.kind === 'unacceptable' || (stated !== null && stated !== id.call.percentId);
  const first = id.candidates[0] ?? null;
  const rest = summed ? id.candidates : id.candidates.slice(1);
  return [{ rank: 1, role: 'answer', candidate: summed ? null : first }, ...rest.map((c, i) => ({ rank: i + 2, role: 'candidate' as const, candidate: c }))];
}
