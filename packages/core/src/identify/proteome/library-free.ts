import type { LocalizedText, Peak } from './types';

/**
 * Spectral-library-free identification: the query's peaks against the theoretical [M+H]⁺ of the
 * small, abundant proteins MALDI-TOF sees (ribosomal proteins, nucleoid proteins, cold-shock
 * proteins …) computed from protein sequences, after Cheng, Qiao & Horvatovich 2018 (J Proteome
 * Res, "Toward spectral library-free MALDI-TOF MS bacterial identification", BacteriaMSLF).
 *
 * The answer is a genus and the set of its species the evidence cannot separate — never a single
 * species: protein masses of close species differ by a few residues, often not at all.
 */

/** One protein of one species as the reference lists it: average molecular weight of the whole precursor, in Da. */
export interface ProteinMass {
  genus: string;
  species: string;
  gene: string;
  mw: number;
}

/** Mass of a proton, added to the protein's mass for [M+H]⁺. */
export const PROTON_MASS = 1.00728;
/**
 * Average mass of the initiator methionine residue. Methionine aminopeptidase removes it when the
 * second residue is small (G, A, S, C, T, P, V); the reference gives masses, not sequences, so the
 * rule cannot be applied and both forms are candidates (either matching counts once per gene).
 */
export const METHIONINE_RESIDUE_MASS = 131.19;

/**
 * Weights of the genes the authors trained (`weight.csv`, the mean column): how informative each
 * gene's mass was for the genus in their cross-validation. Other genes get the defaults below.
 */
export type GeneWeights = Readonly<Record<string, number>>;

export interface LibraryFreeParameters {
  /**
   * Relative tolerance between a query peak and a theoretical [M+H]⁺, in ppm. 400: linear-mode
   * MALDI-TOF after external calibration places protein ions within about ±300–500 ppm of their
   * average mass; on the Christner E. coli isolates 90 % of the matched peaks lie within
   * −323…+392 ppm of the theoretical mass. Wider (600) let the Yang decoys reach the band more often.
   */
  tolerancePpm: number;
  /** Weight of ribosomal genes (rpl*, rps*, rpm*) the authors did not train a weight for. */
  ribosomalWeight: number;
  /** Weight of the other small abundant proteins MALDI sees (see {@link ABUNDANT_GENES}). */
  abundantWeight: number;
  /** m/z range searched (the spectral pipeline's). */
  mzFrom: number;
  mzTo: number;
  /**
   * Species of the called genus whose matched gene weight is within this much of the best one's
   * are listed as not separated from it. 1.0: the weight of rpmC, the most informative gene —
   * species that differ by less than one such gene are not told apart.
   */
  speciesMargin: number;
  /**
   * A second genus within this much evidence of the first leaves the genus unresolved. 2.0: among
   * the 1,000 Yang decoys, the best genus leads the second by more than 2.06 in 1 % (p99); a
   * lead that random peak lists rarely reach is asked of a genus call. (Close relatives of a genus
   * the reference lacks — RKI Citrobacter against Salmonella and Escherichia — lead by 0.2–1.7.)
   */
  genusMargin: number;
  /**
   * The evidence (standard deviations above chance) that maps to a score of 1.70: set so that
   * random peak lists (the Yang 2018 decoys) reach it about as rarely as they reach 1.70 against
   * the spectral library (under 1 %): the decoys' best evidence has p99 6.06. See
   * `bench/identify/proteome/library-free.ts`.
   */
  evidenceAtGenusBand: number;
  /** Masses per gene and species the species under a genus are told apart on (the genus call uses the commonest one). */
  variantsPerGene: number;
  /** Species listed at most in an answer. */
  maxSpecies: number;
  /** Candidates (genus, best species) listed. */
  top: number;
}

export const DEFAULT_LIBRARY_FREE: Readonly<LibraryFreeParameters> = Object.freeze({
  tolerancePpm: 400,
  ribosomalWeight: 0.3,
  abundantWeight: 0.15,
  mzFrom: 2000,
  mzTo: 20000,
  speciesMargin: 1.0,
  genusMargin: 2.0,
  evidenceAtGenusBand: 6.0,
  variantsPerGene: 3,
  maxSpecies: 8,
  top: 5,
});

/**
 * Non-ribosomal proteins seen in bacterial MALDI-TOF spectra besides the trained ones: the
 * nucleoid proteins (HU, H-NS, StpA, IHF, Fis, Dps), Hfq, cold-shock proteins, the acyl carrier
 * protein, acid-stress chaperones, thioredoxin (Ryzhov & Fenselau 2001; Arnold & Reilly 1999;
 * the candidate genes of the BacteriaMSLF table). Other genes of the table are left out: its many
 * UniProt fragments of large proteins land in the MALDI range by accident.
 */
export const ABUNDANT_GENES: ReadonlySet<string> = new Set([
  'hup', 'hupa', 'hupb', 'hns', 'stpa', 'ihfa', 'ihfb', 'fis', 'dps', 'hfq',
  'cspa', 'cspb', 'cspc', 'cspd', 'cspe', 'cspg', 'csph', 'cspi', 'acpp', 'hdea', 'hdeb', 'trxa', 'csra', 'infa', 'rpoz',
]);

const RIBOSOMAL = /^rp[lsm][a-z0-9]+$/;

/** The weight of a gene, or 0 when the gene is not evidence. */
export function geneWeight(gene: string, trained: GeneWeights, p: Pick<LibraryFreeParameters, 'ribosomalWeight' | 'abundantWeight'>): number {
  const g = gene.toLowerCase();
  const w = trained[g];
  if (w !== undefined) return w;
  if (RIBOSOMAL.test(g)) return p.ribosomalWeight;
  if (ABUNDANT_GENES.has(g)) return p.abundantWeight;
  return 0;
}

/** Candidate [M+H]⁺ masses, increasing, and the (species, gene) each belongs to. */
export interface MassIndex {
  masses: Float64Array;
  massGene: Int32Array;
}

/** The reference prepared for matching: every candidate ion mass, sorted, with the gene of a species it belongs to. */
export interface ProteinReference {
  /** Genus and species names as written for people ("Bacillus", "anthracis"). */
  species: ReadonlyArray<{ genus: string; species: string }>;
  /** For each (species, gene): its species index and weight. */
  geneSpecies: Int32Array;
  geneWeight: Float64Array;
  geneName: string[];
  /** The commonest mass of each gene (both forms): what genus calls are made on. */
  genusMasses: MassIndex;
  /** Up to three masses per gene: what the species a genus call lists are told apart on. */
  speciesMasses: MassIndex;
  /** Genes of the 42 genera counted per species (for the page: what the reference holds). */
  genera: string[];
  proteins: number;
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1).toLowerCase() : s);

/**
 * Builds the matching reference: for every protein both the [M+H]⁺ of the whole precursor and that
 * of the form without the initiator methionine; genes weighted ({@link geneWeight}), genes of
 * weight 0 dropped; variants of one gene in one species (strains) kept as alternatives of one gene.
 */
export function buildProteinReference(rows: Iterable<ProteinMass>, trained: GeneWeights, overrides: Partial<LibraryFreeParameters> = {}): ProteinReference {
  const p = libraryFreeParameters(overrides);
  const speciesIndex = new Map<string, number>();
  const species: Array<{ genus: string; species: string }> = [];
  const geneIndex = new Map<string, number>();
  const geneSpecies: number[] = [];
  const weights: number[] = [];
  const names: string[] = [];
  const variants: Array<Map<number, { mw: number; count: number }>> = [];
  let proteins = 0;
  for (const row of rows) {
    const genus = capitalise(row.genus.trim());
    const epithet = row.species.trim().toLowerCase();
    if (!genus || !epithet || epithet === 'phage' || !(row.mw > 0)) continue;
    const w = geneWeight(row.gene, trained, p);
    if (w <= 0) continue;
    const key = `${genus} ${epithet}`;
    let s = speciesIndex.get(key);
    if (s === undefined) {
      s = species.length;
      speciesIndex.set(key, s);
      species.push({ genus, species: epithet });
    }
    const gk = `${s}\t${row.gene.toLowerCase()}`;
    let g = geneIndex.get(gk);
    if (g === undefined) {
      g = geneSpecies.length;
      geneIndex.set(gk, g);
      geneSpecies.push(s);
      weights.push(w);
      names.push(row.gene.toLowerCase());
      variants.push(new Map());
    }
    proteins++;
    const bin = Math.round(row.mw);
    const v = variants[g]!.get(bin);
    if (v) v.count++;
    else variants[g]!.set(bin, { mw: row.mw, count: 1 });
  }
  // A well-studied species has dozens of UniProt entries per gene (strains, alternative starts,
  // fragments); every extra mass buys chance matches and, through the chance model, costs evidence.
  // Genus calls use the commonest mass of each gene. The species listed under a genus are told
  // apart on up to three masses per gene (those seen at least a quarter as often as the commonest):
  // for E. coli the commonest UniProt mass of rpmC (L29) is an alternative start 162 Da below the
  // 7,274 Da every E. coli spectrum shows.
  const low = p.mzFrom * (1 - p.tolerancePpm / 1e6);
  const high = p.mzTo * (1 + p.tolerancePpm / 1e6);
  const index = (perGene: number): MassIndex => {
    const pairs: Array<[number, number]> = [];
    for (let g = 0; g < variants.length; g++) {
      const list = [...variants[g]!.values()].sort((a, b) => b.count - a.count || a.mw - b.mw);
      const top = list[0]!.count;
      for (const v of list.slice(0, perGene)) {
        if (v.count * 4 < top) break;
        for (const m of [v.mw + PROTON_MASS, v.mw - METHIONINE_RESIDUE_MASS + PROTON_MASS]) if (m >= low && m <= high) pairs.push([m, g]);
      }
    }
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return { masses: Float64Array.from(pairs, (x) => x[0]), massGene: Int32Array.from(pairs, (x) => x[1]) };
  };
  return {
    species,
    geneSpecies: Int32Array.from(geneSpecies),
    geneWeight: Float64Array.from(weights),
    geneName: names,
    genusMasses: index(1),
    speciesMasses: index(p.variantsPerGene),
    genera: [...new Set(species.map((s) => s.genus))].sort(),
    proteins,
  };
}

export function libraryFreeParameters(overrides: Partial<LibraryFreeParameters> = {}): LibraryFreeParameters {
  const p: LibraryFreeParameters = { ...DEFAULT_LIBRARY_FREE };
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) (p as unknown as Record<string, unknown>)[k] = v;
  if (!(p.tolerancePpm > 0 && p.tolerancePpm <= 5000)) throw new RangeError('tolerancePpm must be in (0, 5000]');
  if (!(p.evidenceAtGenusBand > 0)) throw new RangeError('evidenceAtGenusBand must be > 0');
  return p;
}

/** First index with masses[i] ≥ value. */
function lowerBound(masses: Float64Array, value: number): number {
  let lo = 0;
  let hi = masses.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (masses[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One species' evidence. */
export interface SpeciesEvidence {
  genus: string;
  species: string;
  /** Weighted genes matched, and what chance alone would match given the query's peak density. */
  matchedWeight: number;
  expectedWeight: number;
  /** Standard deviations above chance: (matched − expected) / sd. */
  evidence: number;
  /** On the portal's 0–3 log-score scale, see {@link LibraryFreeParameters.evidenceAtGenusBand}. */
  score: number;
  genesMatched: number;
  genesSearched: number;
  /** The genes matched, with the query peak and the theoretical mass (the strongest few first). */
  matches: Array<{ gene: string; queryMz: number; theoreticalMz: number; weight: number }>;
}

export type LibraryFreeLevel = 'genus' | 'genus-group' | 'none';

export interface LibraryFreeIdentification {
  /** `genus`: one genus, its species listed; `genus-group`: two or more genera the peaks cannot separate; `none`: no genus reached the band. */
  level: LibraryFreeLevel;
  genus: string | null;
  /** The species of the genus the peaks cannot separate (epithets), best first. */
  species: string[];
  /** Genera not separated from the first (for `genus-group`). */
  genera: string[];
  /** "Bacillus: toyonensis / anthracis" (the authors' form). */
  label: string;
  score: number;
  evidence: number;
  /** The best species of each of the best genera. */
  candidates: SpeciesEvidence[];
  text: LocalizedText;
  queryPeaks: number;
  parameters: LibraryFreeParameters;
  reference: { species: number; genera: number; proteins: number };
}

/** The score for a given evidence: 1.70 at the calibrated evidence, on 0–3. */
export function libraryFreeScore(evidence: number, p: Pick<LibraryFreeParameters, 'evidenceAtGenusBand'>): number {
  if (!(evidence > 0)) return 0;
  return Math.min(3, (1.7 * evidence) / p.evidenceAtGenusBand);
}

interface Scored {
  evidence: Float64Array;
  matched: Float64Array;
  expected: Float64Array;
  genesMatched: Int32Array;
  genesSearched: Int32Array;
  matchedAt: Float64Array;
  matchedTheory: Float64Array;
}

/**
 * Every species' evidence on one mass index. A gene is matched when any of its candidate masses lies
 * within the tolerance of a query peak; a species' matched weight is compared with what chance would
 * give: each gene's chance of a match comes from the density of query peaks around its mass (peaks
 * within ±1,000 Da), so a crowded spectrum does not buy evidence.
 */
function scoreSpecies(peaks: readonly number[], reference: ProteinReference, index: MassIndex, tol: number): Scored {
  const { masses, massGene } = index;
  const nGenes = reference.geneSpecies.length;
  const matchedAt = new Float64Array(nGenes).fill(NaN);
  const matchedTheory = new Float64Array(nGenes);
  for (const mz of peaks) {
    for (let i = lowerBound(masses, mz / (1 + tol)); i < masses.length && masses[i]! <= mz / (1 - tol); i++) {
      const g = massGene[i]!;
      if (Number.isNaN(matchedAt[g]!) || Math.abs(mz - masses[i]!) < Math.abs(matchedAt[g]! - matchedTheory[g]!)) {
        matchedAt[g] = mz;
        matchedTheory[g] = masses[i]!;
      }
    }
  }
  const sortedPeaks = Float64Array.from(peaks);
  const near = (m: number) => lowerBound(sortedPeaks, m + 1000) - lowerBound(sortedPeaks, m - 1000);
  const lastMass = new Float64Array(nGenes).fill(-Infinity);
  const exposure = new Float64Array(nGenes);
  for (let i = 0; i < masses.length; i++) {
    const g = massGene[i]!;
    const m = masses[i]!;
    // Masses closer than the window are hit by the same peaks: they count once.
    if (m - lastMass[g]! < 2 * tol * m) continue;
    lastMass[g] = m;
    exposure[g] = exposure[g]! + ((near(m) + 0.5) / 2000) * 2 * tol * m;
  }
  const nSpecies = reference.species.length;
  const out: Scored = {
    evidence: new Float64Array(nSpecies),
    matched: new Float64Array(nSpecies),
    expected: new Float64Array(nSpecies),
    genesMatched: new Int32Array(nSpecies),
    genesSearched: new Int32Array(nSpecies),
    matchedAt,
    matchedTheory,
  };
  const variance = new Float64Array(nSpecies);
  for (let g = 0; g < nGenes; g++) {
    const s = reference.geneSpecies[g]!;
    const w = reference.geneWeight[g]!;
    const r = 1 - Math.exp(-exposure[g]!);
    out.genesSearched[s]!++;
    out.expected[s] = out.expected[s]! + w * r;
    variance[s] = variance[s]! + w * w * r * (1 - r);
    if (!Number.isNaN(matchedAt[g]!)) {
      out.matched[s] = out.matched[s]! + w;
      out.genesMatched[s]!++;
    }
  }
  // A floor on the spread keeps species with two or three genes in the table from winning on one lucky match.
  for (let s = 0; s < nSpecies; s++) out.evidence[s] = peaks.length === 0 ? 0 : (out.matched[s]! - out.expected[s]!) / Math.sqrt(Math.max(variance[s]!, 0.25));
  return out;
}

/**
 * The query's peaks against every species of the reference: the genus whose best species has the
 * most evidence above chance, called when it reaches the band and leads every other genus by the
 * genus margin; then the species of that genus its peaks cannot separate.
 */
export function identifyLibraryFree(queryPeaks: readonly Peak[], reference: ProteinReference, overrides: Partial<LibraryFreeParameters> = {}): LibraryFreeIdentification {
  const p = libraryFreeParameters(overrides);
  const tol = p.tolerancePpm / 1e6;
  const peaks = queryPeaks.filter((x) => x.mz >= p.mzFrom && x.mz <= p.mzTo).map((x) => x.mz).sort((a, b) => a - b);
  const nSpecies = reference.species.length;
  const nGenes = reference.geneSpecies.length;
  const scored = scoreSpecies(peaks, reference, reference.genusMasses, tol);
  const { evidence } = scored;

  const evidenceOf = (s: number, from: Scored = scored): SpeciesEvidence => {
    const matches: SpeciesEvidence['matches'] = [];
    for (let g = 0; g < nGenes; g++) {
      if (reference.geneSpecies[g] !== s || Number.isNaN(from.matchedAt[g]!)) continue;
      matches.push({ gene: reference.geneName[g]!, queryMz: from.matchedAt[g]!, theoreticalMz: Math.round(from.matchedTheory[g]! * 100) / 100, weight: reference.geneWeight[g]! });
    }
    matches.sort((a, b) => b.weight - a.weight || a.queryMz - b.queryMz);
    return {
      genus: reference.species[s]!.genus,
      species: reference.species[s]!.species,
      matchedWeight: from.matched[s]!,
      expectedWeight: from.expected[s]!,
      evidence: from.evidence[s]!,
      score: libraryFreeScore(from.evidence[s]!, p),
      genesMatched: from.genesMatched[s]!,
      genesSearched: from.genesSearched[s]!,
      matches,
    };
  };

  // The best species of every genus, genera ranked by it.
  const bestOfGenus = new Map<string, number>();
  for (let s = 0; s < nSpecies; s++) {
    const genus = reference.species[s]!.genus;
    const b = bestOfGenus.get(genus);
    if (b === undefined || evidence[s]! > evidence[b]!) bestOfGenus.set(genus, s);
  }
  const ranked = [...bestOfGenus.values()].sort((a, b) => evidence[b]! - evidence[a]! || reference.species[a]!.genus.localeCompare(reference.species[b]!.genus));
  const candidates = ranked.slice(0, p.top).map((s) => evidenceOf(s));
  const base = {
    candidates,
    queryPeaks: peaks.length,
    parameters: p,
    reference: { species: nSpecies, genera: reference.genera.length, proteins: reference.proteins },
  };
  const top = ranked[0];
  if (top === undefined || libraryFreeScore(evidence[top]!, p) < 1.7) {
    const best = candidates[0] ?? null;
    return { ...base, level: 'none', genus: null, species: [], genera: [], label: '', score: best?.score ?? 0, evidence: best?.evidence ?? 0, text: noGenusText(best, peaks.length, reference.genera.length, p) };
  }
  const topEvidence = evidence[top]!;
  const genus = reference.species[top]!.genus;
  const score = libraryFreeScore(topEvidence, p);
  const close = ranked.filter((s) => s !== top && evidence[s]! >= topEvidence - p.genusMargin).map((s) => reference.species[s]!.genus);
  if (close.length > 0) {
    const genera = [genus, ...close];
    return { ...base, level: 'genus-group', genus, species: [], genera, label: genera.join(' / '), score, evidence: topEvidence, text: genusGroupText(genera, score) };
  }
  const bySpecies = scoreSpecies(peaks, reference, reference.speciesMasses, tol);
  const inGenus: number[] = [];
  for (let s = 0; s < nSpecies; s++) if (reference.species[s]!.genus === genus) inGenus.push(s);
  // Within a genus the species are compared on the weight of the genes they match, not on evidence
  // above chance: the chance model charges a well-studied species for its many UniProt variants,
  // which says nothing about whether its proteins are in the spectrum.
  const bestInGenus = Math.max(...inGenus.map((s) => bySpecies.matched[s]!));
  const species = inGenus.filter((s) => bySpecies.matched[s]! >= bestInGenus - p.speciesMargin);
  species.sort((a, b) => bySpecies.matched[b]! - bySpecies.matched[a]! || reference.species[a]!.species.localeCompare(reference.species[b]!.species));
  const epithets = species.map((s) => reference.species[s]!.species);
  const shown = epithets.slice(0, p.maxSpecies);
  const label = `${genus}: ${shown.join(' / ')}${epithets.length > shown.length ? ` / … (${epithets.length})` : ''}`;
  return { ...base, level: 'genus', genus, species: epithets, genera: [genus], label, score, evidence: topEvidence, text: genusText(label, score, species.length) };
}

const fmt = (x: number) => (Math.round(x * 100) / 100).toFixed(2);

function genusText(label: string, score: number, n: number): LocalizedText {
  const zh = `无谱库鉴定（理论蛋白质量）：${label}，得分 ${fmt(score)}，属水平。${n > 1 ? `所列 ${n} 个种的蛋白质量无法区分。` : '仅到属水平：理论质量不足以确认种。'}`;
  const en = `Library-free identification (theoretical protein masses): ${label}, score ${fmt(score)}, genus level. ${n > 1 ? `The ${n} species listed cannot be told apart by their protein masses.` : 'Genus level only: theoretical masses do not confirm the species.'}`;
  return { zh, en };
}

function genusGroupText(genera: string[], score: number): LocalizedText {
  return {
    zh: `无谱库鉴定（理论蛋白质量）：${genera.join(' / ')}，得分 ${fmt(score)}；这些属与本谱图的吻合程度相近，无法确定属——也可能是这些属的近缘属，而该属不在理论蛋白质量库中。`,
    en: `Library-free identification (theoretical protein masses): ${genera.join(' / ')}, score ${fmt(score)}; the peaks fit these genera about equally well, so the genus is not settled — it may also be a relative of theirs that the theoretical protein masses do not cover.`,
  };
}

function noGenusText(best: SpeciesEvidence | null, peaks: number, genera: number, p: LibraryFreeParameters): LocalizedText {
  if (peaks === 0) return { zh: '无谱库鉴定：谱图在 2–20 kDa 内没有峰。', en: 'Library-free identification: the spectrum has no peaks between 2 and 20 kDa.' };
  const nearest = best ? `${best.genus} ${best.species}（${fmt(best.score)}）` : '—';
  const nearestEn = best ? `${best.genus} ${best.species} (${fmt(best.score)})` : '—';
  return {
    zh: `无谱库鉴定：没有属达到 1.70（最接近：${nearest}）。理论蛋白质量库只包含 ${genera} 个属；不在其中的属无法用此方法鉴定。`,
    en: `Library-free identification: no genus reaches 1.70 (nearest: ${nearestEn}). The theoretical protein masses cover ${genera} genera only; genera outside them cannot be identified this way.`,
  };
}
