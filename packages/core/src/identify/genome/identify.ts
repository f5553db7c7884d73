import { complexCall, isComplexMember, type TaxonComplex } from '../complexes';
import type { LocalizedText } from '../index';
import { DEFAULT_ANI_OPTIONS, compareGenomes, type AniOptions, type GenomeComparison } from './ani';
import { genusOf, type GenomeLibrary, type GenomeReference } from './library';
import { assessAssembly, assemblyStats, type AssemblyStats, type ContaminationHint, type QcReport, type SpeciesRange } from './qc';
import { asQuery, sketchGenome, type GenomeSequence, type QuerySketch, type SeedSketch } from './sketch';

/**
 * Calls from ANI, as measured on the shared reference data (bench/results/genome-calibration-2026-11-25.md):
 * - species: ANI ≥ 95 % with at least half of the query aligned — the species boundary of
 *   Goris et al. 2007 and Richter & Rosselló-Móra 2009, with fastANI's aligned-fraction rule
 *   (Jain et al. 2018);
 * - species boundary band, 94–95 %: strains of one species were measured there (P. aeruginosa PA7
 *   at 94.3 % to PAO1, L. monocytogenes lineage III at 93.8–95.4 %) as well as sister species
 *   (K. variicola 95.0 % to K. pneumoniae): the closest species may be the query's own, so the
 *   call stops at the genus without claiming that its species is missing from the library;
 * - genus: 85 % ≤ ANI < 95 %. Different genera reached 82.87 % in MDC's own all-against-all of the
 *   shared genomes (Shigella boydii to Salmonella enterica) and 83.66 % for a Citrobacter freundii
 *   against Salmonella (issue 16); 85 % lies above both by more than the largest difference
 *   between MDC's and fastANI's ANI on the same pairs (1.45 points), so a genus is named only
 *   where no other genus has reached;
 * - comparable: below 78 % ANI estimates from shared fragments say nothing (fastANI does not
 *   report them; the most distant species of one genus in the shared set, Enterococcus faecium
 *   to E. faecalis, measured 75.6 %), so such a hit is shown as not comparable, without a value;
 * - none below the genus cut, or without real support: a query that aligns over less than a tenth
 *   of its fragments (or fewer than ten) shares a few conserved genes, not a genome.
 * A second species within 2 points of the first makes the call ambiguous; ambiguous between
 * members of one species complex, the complex is the call (K. africana near K. pneumoniae and
 * K. variicola), as it is for complexes ANI cannot split at all (E. coli / Shigella, the
 * M. tuberculosis complex).
 */
export const GENOME_THRESHOLDS = {
  species: 95,
  speciesQueryAf: 0.5,
  speciesBoundary: 94,
  genus: 85,
  comparable: 78,
  ambiguity: 2,
  minQueryAf: 0.1,
  minFragments: 10,
} as const;

export const GENOME_THRESHOLD_SOURCES = {
  species: 'Goris et al. 2007, Int J Syst Evol Microbiol 57:81–91; Richter & Rosselló-Móra 2009, PNAS 106:19126; Jain et al. 2018, Nat Commun 9:5114 (fastANI, with aligned fraction)',
  speciesBoundary: 'MDC measurement on the shared genomes: strains of one species down to 93.8 %, sister species up to 95.1 %',
  genus: 'MDC measurement on the shared genomes: different genera up to 82.87 % (83.66 % C. freundii to Salmonella), plus the largest MDC–fastANI difference (1.45 points)',
  comparable: 'fastANI reports no ANI below about 78–80 % (Jain et al. 2018); species of one genus down to 75.6 % in the shared genomes',
} as const;

export type GenomeLevel = 'species' | 'genus' | 'none';

export interface GenomeHit {
  rank: number;
  referenceId: string;
  species: string;
  strain: string;
  accession: string;
  /** Percent. */
  ani: number;
  /** Aligned fraction of the query and of the reference, 0–1. */
  queryAf: number;
  referenceAf: number;
  mappedFragments: number;
  queryFragments: number;
  /** Screening hashes shared with the query (how the candidate was found). */
  sharedHashes: number;
  referenceLength: number;
  referenceGcPercent: number;
  /** Whether the hit has enough aligned genome to support a call. */
  supported: boolean;
  /** ANI at or above GENOME_THRESHOLDS.comparable: below it the value means nothing and is not shown. */
  comparable: boolean;
}

export type GenomeNoteCode = 'ecoli-shigella' | 'complex' | 'ambiguous' | 'low-af' | 'species-boundary' | 'no-reference-species' | 'unsupported' | 'genus-overlap';

export interface GenomeNote {
  code: GenomeNoteCode;
  text: LocalizedText;
}

export interface GenomeCall {
  level: GenomeLevel;
  /** The species called (level species), or the closest species (level genus), or null. */
  species: string | null;
  genus: string | null;
  ani: number | null;
  queryAf: number | null;
  /** The best hit of another species, for comparison. */
  runnerUp: { species: string; ani: number; queryAf: number } | null;
  ambiguous: boolean;
  /** The species complex called instead of the species (level stays species). */
  complex: { id: string; name: string; zh: string } | null;
  notes: GenomeNote[];
}

export interface GenomeIdentification {
  call: GenomeCall;
  /** Closest references, best first (ANI of supported hits, then the rest). */
  hits: GenomeHit[];
  qc: QcReport;
  /** References screened and compared, and how long it took. */
  screened: number;
  compared: number;
  ms: { sketch: number; screen: number; ani: number };
}

export interface GenomeQuery {
  sketch: SeedSketch;
  stats: AssemblyStats;
}

/** Sketches an assembly for identification (the slow part: every base is hashed once). */
export function prepareQuery(assembly: GenomeSequence & { gc: number; ambiguous: number }): GenomeQuery {
  return { sketch: sketchGenome(assembly), stats: assemblyStats(assembly) };
}

export interface IdentifyGenomeOptions {
  /** Candidates compared by ANI after screening (the best by shared hashes). */
  candidates: number;
  /** Hits reported. */
  top: number;
  ani: AniOptions;
}

/** References compared whatever their screening, and how far below the best one a further reference may screen. */
const ALWAYS_COMPARED = 3;
const SCREEN_REACH = 8;

export const DEFAULT_GENOME_OPTIONS: IdentifyGenomeOptions = { candidates: 8, top: 10, ani: DEFAULT_ANI_OPTIONS };

const NOTES: Record<Exclude<GenomeNoteCode, 'ambiguous' | 'low-af' | 'complex' | 'species-boundary' | 'genus-overlap'>, LocalizedText> = {
  'ecoli-shigella': {
    zh: '大肠埃希菌与志贺菌属于同一个 ANI 种（彼此 ANI 约 97%–98.5%），ANI 无法区分二者。请结合表型与血清学：志贺菌无动力、多数不发酵乳糖、赖氨酸脱羧酶阴性、不利用醋酸盐和黏液酸，并以 O 抗原血清凝集定型；基因组可用 ShigaTyper 或 ShigEiFinder（ipaH 结合血清型基因）区分志贺菌与肠侵袭性大肠埃希菌（EIEC）。',
    en: 'Escherichia coli and Shigella are one ANI species (97–98.5 % ANI to each other): ANI cannot separate them. Use phenotype and serology — Shigella is non-motile, mostly lactose-negative, lysine decarboxylase-negative, acetate- and mucate-negative, and is typed by O-antigen agglutination; from the genome, ShigaTyper or ShigEiFinder (ipaH with serotype genes) separate Shigella from enteroinvasive E. coli (EIEC).',
  },
  'no-reference-species': {
    zh: '参考库中没有与之同种的基因组（ANI < 95%）：只能确定到属。16S 拷贝的比对结果可作为补充证据。',
    en: 'No reference genome of its species is in the library (ANI < 95 %): the call stops at the genus. The 16S copies below are further evidence.',
  },
  unsupported: {
    zh: `与所有参考基因组的相似度都不足以支持鉴定（ANI < ${GENOME_THRESHOLDS.genus}% 或比对片段过少）。16S 拷贝的比对结果可作为线索。`,
    en: `No reference genome is close enough to support a call (ANI < ${GENOME_THRESHOLDS.genus} % or too little of the genome aligned). The 16S copies below may give a lead.`,
  },
};

function fmt(x: number): string {
  return x.toFixed(2);
}

function hitOf(reference: GenomeReference, comparison: GenomeComparison, sharedHashes: number): Omit<GenomeHit, 'rank'> {
  const supported = comparison.mappedFragments >= GENOME_THRESHOLDS.minFragments && comparison.queryAf >= GENOME_THRESHOLDS.minQueryAf;
  return {
    referenceId: reference.id,
    species: reference.species,
    strain: reference.strain,
    accession: reference.accession,
    ani: comparison.ani,
    queryAf: comparison.queryAf,
    referenceAf: comparison.referenceAf,
    mappedFragments: comparison.mappedFragments,
    queryFragments: comparison.queryFragments,
    sharedHashes,
    referenceLength: reference.length,
    referenceGcPercent: reference.gcPercent,
    supported,
    comparable: comparison.ani >= GENOME_THRESHOLDS.comparable,
  };
}

/** The name a call gives: the complex, the species, "Genus sp." at the genus level, or null. */
export function calledName(call: Pick<GenomeCall, 'level' | 'species' | 'genus' | 'complex'>): string | null {
  if (call.level === 'species') return call.complex?.name ?? call.species;
  return call.level === 'genus' ? `${call.genus} sp.` : null;
}

function complexNote(complex: TaxonComplex): GenomeNote {
  return {
    code: complex.id === 'escherichia-coli-shigella' ? 'ecoli-shigella' : 'complex',
    text:
      complex.id === 'escherichia-coli-shigella'
        ? NOTES['ecoli-shigella']
        : { zh: `ANI 无法可靠区分${complex.zh}内的种。${complex.settles.zh}`, en: `ANI cannot reliably separate the species of the ${complex.name}. ${complex.settles.en}` },
  };
}

/** The call from ranked hits (supported hits first, by ANI). */
export function callFromHits(hits: readonly Omit<GenomeHit, 'rank'>[]): GenomeCall {
  const best = hits.find((h) => h.supported);
  const none = { level: 'none' as const, species: null, genus: null, ani: best?.ani ?? null, queryAf: best?.queryAf ?? null, runnerUp: null, ambiguous: false, complex: null };
  if (!best || best.ani < GENOME_THRESHOLDS.genus) {
    const notes: GenomeNote[] = [{ code: 'unsupported', text: NOTES.unsupported }];
    if (best && best.ani >= GENOME_THRESHOLDS.comparable) {
      notes.push({
        code: 'genus-overlap',
        text: {
          zh: `最接近的参考基因组为 ${best.species}（ANI ${fmt(best.ani)}%），但不同属之间的 ANI 也可达 ${GENOME_THRESHOLDS.genus}% 以下这一范围，不能据此确定属。`,
          en: `The closest reference is ${best.species} (ANI ${fmt(best.ani)} %), but different genera reach ANI in this range (below ${GENOME_THRESHOLDS.genus} %): it does not establish the genus.`,
        },
      });
    }
    return { ...none, notes };
  }
  const other = hits.find((h) => h.supported && h.species !== best.species);
  const runnerUp = other ? { species: other.species, ani: other.ani, queryAf: other.queryAf } : null;
  const notes: GenomeNote[] = [];
  let level: GenomeLevel = best.ani >= GENOME_THRESHOLDS.species ? 'species' : 'genus';
  if (level === 'species' && best.queryAf < GENOME_THRESHOLDS.speciesQueryAf) {
    level = 'genus';
    notes.push({
      code: 'low-af',
      text: {
        zh: `ANI ${fmt(best.ani)}% 达到种水平，但查询基因组只有 ${(100 * best.queryAf).toFixed(0)}% 与 ${best.species} 比对上（种水平需 ≥ ${100 * GENOME_THRESHOLDS.speciesQueryAf}%）：只确定到属。`,
        en: `ANI ${fmt(best.ani)} % reaches the species level, but only ${(100 * best.queryAf).toFixed(0)} % of the query aligns to ${best.species} (the species level needs ≥ ${100 * GENOME_THRESHOLDS.speciesQueryAf} %): called to the genus only.`,
      },
    });
  }
  if (level === 'genus' && best.ani < GENOME_THRESHOLDS.species) {
    if (best.ani >= GENOME_THRESHOLDS.speciesBoundary) {
      notes.push({
        code: 'species-boundary',
        text: {
          zh: `ANI ${fmt(best.ani)}% 略低于 ${GENOME_THRESHOLDS.species}% 的种界：可能是 ${best.species} 的分化菌株，也可能是参考库中没有的近缘种；只确定到属，请用其他方法（如 MLST 或专用分型）确认。`,
          en: `ANI ${fmt(best.ani)} % is just below the ${GENOME_THRESHOLDS.species} % species boundary: a divergent strain of ${best.species} or a close species not in the library; called to the genus — confirm by another method (e.g. MLST or a dedicated typing scheme).`,
        },
      });
    } else notes.push({ code: 'no-reference-species', text: NOTES['no-reference-species'] });
  }
  const close = runnerUp !== null && best.ani - runnerUp.ani <= GENOME_THRESHOLDS.ambiguity;
  const complex = level === 'species' ? complexCall('genome', [best.species], close && runnerUp ? { ambiguousWith: [runnerUp.species] } : {}) : undefined;
  // Members of a complex being close is the complex's subject, not an ambiguity.
  const ambiguous = level === 'species' && close && !(complex && runnerUp && isComplexMember(complex, runnerUp.species));
  if (ambiguous && runnerUp) {
    notes.push({
      code: 'ambiguous',
      text: {
        zh: `不确定：${runnerUp.species} 的 ANI 为 ${fmt(runnerUp.ani)}%，与 ${best.species}（${fmt(best.ani)}%）相差不到 ${GENOME_THRESHOLDS.ambiguity} 个百分点。`,
        en: `Ambiguous: ${runnerUp.species} reaches ${fmt(runnerUp.ani)} % ANI, within ${GENOME_THRESHOLDS.ambiguity} points of ${best.species} (${fmt(best.ani)} %).`,
      },
    });
  }
  if (complex) notes.unshift(complexNote(complex));
  return {
    level,
    species: best.species,
    genus: genusOf(best.species),
    ani: best.ani,
    queryAf: best.queryAf,
    runnerUp,
    ambiguous,
    complex: complex ? { id: complex.id, name: complex.name, zh: complex.zh } : null,
    notes,
  };
}

/** Fragments that map to another genus and not to the called one: a hint of a mixed culture. */
function contaminationOf(calledGenus: string | null, compared: { reference: GenomeReference; comparison: GenomeComparison }[], fragments: number): ContaminationHint | null {
  if (!calledGenus || fragments === 0) return null;
  const own = compared.filter((c) => genusOf(c.reference.species) === calledGenus);
  const others = compared.filter((c) => genusOf(c.reference.species) !== calledGenus);
  if (others.length === 0) return { share: 0, genera: [] };
  const byGenus = new Map<string, number>();
  let foreign = 0;
  for (let f = 0; f < fragments; f++) {
    let ownBest = 0;
    for (const c of own) ownBest = Math.max(ownBest, c.comparison.fragmentIdentity[f]!);
    if (ownBest >= 0.8) continue;
    let otherBest = 0;
    let otherGenus = '';
    for (const c of others) {
      const identity = c.comparison.fragmentIdentity[f]!;
      if (identity > otherBest) {
        otherBest = identity;
        otherGenus = genusOf(c.reference.species);
      }
    }
    if (otherBest >= 0.9) {
      foreign++;
      byGenus.set(otherGenus, (byGenus.get(otherGenus) ?? 0) + 1);
    }
  }
  return {
    share: foreign / fragments,
    genera: [...byGenus].map(([genus, n]) => ({ genus, share: n / fragments })).sort((a, b) => b.share - a.share),
  };
}

function rangeOf(species: string, references: readonly GenomeReference[]): SpeciesRange | null {
  const own = references.filter((r) => r.species === species);
  if (own.length === 0) return null;
  return {
    species,
    references: own.length,
    lengthMin: Math.min(...own.map((r) => r.length)),
    lengthMax: Math.max(...own.map((r) => r.length)),
    gcMin: Math.min(...own.map((r) => r.gcPercent)),
    gcMax: Math.max(...own.map((r) => r.gcPercent)),
  };
}

/**
 * Identifies a sketched assembly against a library: screening by shared hashes, ANI against the
 * best candidates (and the best of each other genus found, for the contamination hint), the
 * call, and the assembly's QC against the called species.
 */
export function identifyGenome(query: GenomeQuery, library: GenomeLibrary, options: Partial<IdentifyGenomeOptions> = {}): GenomeIdentification {
  const { candidates, top, ani } = { ...DEFAULT_GENOME_OPTIONS, ...options };
  let t = performance.now();
  const prepared: QuerySketch = asQuery(query.sketch);
  const sketchMs = performance.now() - t;
  t = performance.now();
  const screened = library.screen(query.sketch);
  // A 16-mer survives with probability ANI^16, so the share of screening hashes a reference holds
  // gives a rough ANI (low where little of the query aligns). The best few are always compared;
  // after them only references roughly within reach of the best (SCREEN_REACH points): one far
  // below cannot change the call, and an ANI costs a merge of two sketches.
  const rough = (share: number) => 100 * Math.pow(share, 1 / 16);
  const best = screened[0] ? rough(screened[0].share) : 0;
  const chosen = screened.slice(0, candidates).filter((s, rank) => rank < ALWAYS_COMPARED || rough(s.share) >= best - SCREEN_REACH);
  // The best reference of each further genus holding a real share of the query (≥ 3 % of its
  // screening hashes), for the contamination hint: a contaminant worth a hint is above that.
  const genera = new Set(chosen.map((s) => genusOf(library.references[s.index]!.species)));
  for (const s of screened.slice(chosen.length)) {
    const genus = genusOf(library.references[s.index]!.species);
    if (s.share >= 0.03 && !genera.has(genus)) {
      genera.add(genus);
      chosen.push(s);
    }
  }
  const screenMs = performance.now() - t;
  t = performance.now();
  const compared = chosen.map((s) => ({ reference: library.references[s.index]!, shared: s.shared, comparison: compareGenomes(prepared, library.references[s.index]!.sketch, ani) }));
  const aniMs = performance.now() - t;
  const ranked = compared
    .map((c) => hitOf(c.reference, c.comparison, c.shared))
    .sort((a, b) => Number(b.supported) - Number(a.supported) || b.ani - a.ani || b.queryAf - a.queryAf);
  const call = callFromHits(ranked);
  const contamination = contaminationOf(call.genus, compared, prepared.fragments);
  const range = call.level === 'species' && call.species ? rangeOf(call.species, library.references) : null;
  return {
    call,
    hits: ranked.slice(0, top).map((h, i) => ({ rank: i + 1, ...h })),
    qc: assessAssembly(query.stats, range, contamination),
    screened: screened.length,
    compared: compared.length,
    ms: { sketch: sketchMs, screen: screenMs, ani: aniMs },
  };
}
