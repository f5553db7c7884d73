import type { ProteomeIdentification } from './identify';
import type { LibraryFreeIdentification } from './library-free';
import { roundScore } from './score';
import type { LocalizedText } from './types';

/** Which evidence an answer rests on. */
export type EvidenceSource = 'spectral-library' | 'library-free' | 'both' | 'none';

/** The answer of one spectrum from both paths. */
export interface CombinedCall {
  carriedBy: EvidenceSource;
  /** What the history and exports show: a species, or "Genus: a / b" from library-free evidence, or ''. */
  name: string;
  /** `species`/`subspecies` only from the spectral library; library-free evidence reaches `genus` at most. */
  level: 'subspecies' | 'species' | 'genus' | 'none';
  /** The score shown with the call (the log score of the evidence that carried it). */
  score: number | null;
  text: LocalizedText;
}

const genusOf = (species: string) => species.split(' ')[0] ?? '';
const fmt = (x: number) => roundScore(x).toFixed(2);

/**
 * Puts the two paths together:
 * - a spectral species call (≥ 2.00, after the own-entry check) stands when the library-free path
 *   agrees on the genus or cannot speak for it (genus absent from the theoretical masses, or no
 *   genus reached); when it confidently names another genus that it does cover, neither is claimed;
 * - below the species band, a library-free genus call carries the answer (it covers 41 genera; the
 *   spectral library a handful of species, whose nearest entry can reach 1.70 from another genus);
 * - a spectral genus call stands when the library-free path has no genus.
 */
export function combineEvidence(spectral: ProteomeIdentification, libraryFree: LibraryFreeIdentification | null, coveredGenera: ReadonlySet<string>): CombinedCall {
  const call = spectral.call;
  const lf = libraryFree && libraryFree.level === 'genus' ? libraryFree : null;
  const sGenus = call ? genusOf(call.species) : '';
  const speciesBand = spectral.level === 'species' || spectral.level === 'subspecies';
  if (call && speciesBand) {
    if (!lf || lf.genus === sGenus) {
      const both = !!lf;
      return {
        carriedBy: both ? 'both' : 'spectral-library',
        name: call.species,
        level: spectral.level as 'species' | 'subspecies',
        score: call.score,
        text: both
          ? { zh: `谱库比对（${fmt(call.score)}）给出种；无谱库的理论蛋白质量证据支持同一属（${lf.label}）。`, en: `The spectral library (${fmt(call.score)}) gives the species; the library-free evidence from theoretical protein masses agrees on the genus (${lf.label}).` }
          : coveredGenera.has(sGenus)
            ? { zh: `谱库比对（${fmt(call.score)}）给出种；理论蛋白质量证据未达到属水平。`, en: `The spectral library (${fmt(call.score)}) gives the species; the evidence from theoretical protein masses does not reach genus level.` }
            : { zh: `谱库比对（${fmt(call.score)}）给出种；理论蛋白质量库不含 ${sGenus} 属，无法交叉核对。`, en: `The spectral library (${fmt(call.score)}) gives the species; the theoretical protein masses do not cover the genus ${sGenus}, so they cannot check it.` },
      };
    }
    if (coveredGenera.has(sGenus)) {
      return {
        carriedBy: 'none',
        name: '',
        level: 'none',
        score: null,
        text: {
          zh: `证据矛盾：谱库比对给出 ${call.species}（${fmt(call.score)}），而理论蛋白质量证据指向另一属（${lf.label}，${fmt(lf.score)}）。两者都不作为结果；请复检或用其他方法确认。`,
          en: `Conflicting evidence: the spectral library gives ${call.species} (${fmt(call.score)}) while the theoretical protein masses point to another genus (${lf.label}, ${fmt(lf.score)}). Neither is reported; re-test or confirm by another method.`,
        },
      };
    }
    return {
      carriedBy: 'spectral-library',
      name: call.species,
      level: spectral.level as 'species' | 'subspecies',
      score: call.score,
      text: {
        zh: `谱库比对（${fmt(call.score)}）给出种。理论蛋白质量库不含 ${sGenus} 属；它最接近的属 ${lf.genus} 只是近缘参考。`,
        en: `The spectral library (${fmt(call.score)}) gives the species. The theoretical protein masses do not cover the genus ${sGenus}; their nearest genus, ${lf.genus}, is only a relative.`,
      },
    };
  }
  if (lf) {
    const agrees = call && spectral.level === 'genus' && sGenus === lf.genus;
    return {
      carriedBy: agrees ? 'both' : 'library-free',
      name: lf.label,
      level: 'genus',
      score: lf.score,
      text: {
        zh: `无谱库鉴定（理论蛋白质量）给出属：${lf.label}（${fmt(lf.score)}）。${agrees ? '谱库比对在属水平一致。' : call && spectral.level !== 'none' ? `谱库中最接近的条目 ${call.species}（${fmt(call.score)}）不在种水平，不采用。` : '谱库中没有达到 1.70 的条目。'}`,
        en: `Library-free identification (theoretical protein masses) gives the genus: ${lf.label} (${fmt(lf.score)}).${agrees ? ' The spectral library agrees at genus level.' : call && spectral.level !== 'none' ? ` The nearest spectral library entry, ${call.species} (${fmt(call.score)}), is not at species level and is not used.` : ' No spectral library entry reaches 1.70.'}`,
      },
    };
  }
  if (call && spectral.level === 'genus') {
    return {
      carriedBy: 'spectral-library',
      name: call.species,
      level: 'genus',
      score: call.score,
      text: { zh: `谱库比对在属水平（${fmt(call.score)}）；理论蛋白质量证据未达到属水平。`, en: `The spectral library reaches genus level (${fmt(call.score)}); the evidence from theoretical protein masses does not reach genus level.` },
    };
  }
  const group = libraryFree && libraryFree.level === 'genus-group' ? libraryFree : null;
  return {
    carriedBy: 'none',
    name: '',
    level: 'none',
    score: null,
    text: group
      ? { zh: `无可靠鉴定：谱库比对未达到 1.70；理论蛋白质量证据在 ${group.label} 之间无法确定属。`, en: `No reliable identification: no spectral library entry reaches 1.70, and the theoretical protein masses cannot settle the genus between ${group.label}.` }
      : { zh: '无可靠鉴定：谱库比对与理论蛋白质量证据都未达到属水平。', en: 'No reliable identification: neither the spectral library nor the theoretical protein masses reach genus level.' },
  };
}

/**
 * One row of a spectrum's list as every output shows it (page, TSV, CSV, PDF): rank 1 is the
 * answer, whichever evidence carried it; the spectral library's entries follow as the closest
 * library entries, with their scores and no level of their own (an entry of another genus at 1.76
 * is not a "genus level" call beside a library-free Escherichia).
 */
export interface AnswerListRow<H> {
  rank: number;
  role: 'answer' | 'closest';
  /** The library entry shown on the row: absent on an answer from library-free evidence or on "no reliable identification". */
  hit: H | null;
  /** On the answer row: the evidence that carried it. */
  carriedBy: EvidenceSource | null;
  /** On the answer row: the answer's name ('' when there is none) and level; null on closest rows. */
  name: string | null;
  level: CombinedCall['level'] | null;
  score: number | null;
}

/**
 * The answer as rank 1, then the library entries as closest entries, at most `top` rows. Without
 * a combined answer (results stored before both paths were run) the library's first entry is the
 * answer, as it was then.
 */
export function answerList<H extends { species: string; score: number; level: ProteomeIdentification['level'] }>(
  hits: readonly H[],
  combined: Pick<CombinedCall, 'carriedBy' | 'name' | 'level' | 'score'> | null | undefined,
  top = Number.POSITIVE_INFINITY,
): AnswerListRow<H>[] {
  const closest = (hit: H, rank: number): AnswerListRow<H> => ({ rank, role: 'closest', hit, carriedBy: null, name: null, level: null, score: hit.score });
  const first = hits[0];
  let rows: AnswerListRow<H>[];
  if (!combined) {
    rows = hits.map((hit, i) => (i === 0 ? { rank: 1, role: 'answer', hit, carriedBy: 'spectral-library', name: hit.species, level: hit.level, score: hit.score } : closest(hit, i + 1)));
  } else if (first && combined.carriedBy !== 'library-free' && combined.carriedBy !== 'none' && combined.name === first.species) {
    rows = [{ rank: 1, role: 'answer', hit: first, carriedBy: combined.carriedBy, name: combined.name, level: combined.level, score: combined.score ?? first.score }, ...hits.slice(1).map((h, i) => closest(h, i + 2))];
  } else {
    rows = [{ rank: 1, role: 'answer', hit: null, carriedBy: combined.carriedBy, name: combined.name, level: combined.level, score: combined.score }, ...hits.map((h, i) => closest(h, i + 2))];
  }
  return rows.slice(0, Math.max(1, top));
}

/**
 * The taxon an answer claims, as the frame states calls (`callHeadline`, `callLine`): a species
 * as named; at genus level the genus itself — "Escherichia sp." — with the species it could not
 * separate (library-free: "Escherichia coli / Escherichia fergusonii") or the library entry it
 * stands on as the closest, never a species with a small genus tag.
 */
export function answerCall(combined: Pick<CombinedCall, 'name' | 'level'>): { name: string; level: CombinedCall['level']; closest: string | null } {
  const name = combined.name.trim();
  if (combined.level !== 'genus' || !name) return { name: combined.level === 'none' ? '' : name, level: combined.level, closest: null };
  const colon = name.indexOf(':');
  if (colon > 0) {
    // The library-free label, "Escherichia: coli / fergusonii".
    const genus = name.slice(0, colon).trim();
    const species = name.slice(colon + 1).split('/').map((s) => s.trim()).filter(Boolean);
    return { name: genus, level: 'genus', closest: species.length ? species.map((s) => `${genus} ${s}`).join(' / ') : null };
  }
  const genus = name.split(/\s+/)[0]!;
  return { name: genus, level: 'genus', closest: genus === name ? null : name };
}
