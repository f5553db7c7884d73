import { drugCodes } from './drugs';
import { intrinsicRuleFor, normalizeOrganism } from './intrinsic';
import { KmerIndex, searchAssembly, strandWindow, type Alignment, type ContigSet } from './search';

/**
 * Acquired genes and chromosomal point mutations of one assembly: the ResFinder genes found at
 * ResFinder's thresholds, one row per locus with the best allele (or the honest tie), and the
 * PointFinder mutations of the organism. Pure: the databases come in as data, the assembly as
 * base codes.
 */

// ------------------------------------------------------------ reference data (structural)

export interface ResistanceGeneRef {
  /** `blaKPC-2_1_AY034847` */
  id: string;
  /** `blaKPC-2` */
  name: string;
  /** ResFinder class file (`beta-lactam`). */
  dbClass: string;
  sequence: Uint8Array;
}

export interface GenePhenotypeRef {
  class: string;
  drugs: string[];
}

export interface MutationGeneRef {
  id: string;
  name: string;
  promoterSize: number;
  noncoding: boolean;
  sequence: Uint8Array;
}

export interface KnownMutationRef {
  geneId: string;
  type: 'AA' | 'NUC';
  position: number;
  ref: string;
  alternatives: string[];
  class: string;
  drugs: string[];
  required: string[];
  notes: string;
}

export interface PointMutationDb {
  species: string;
  genes: MutationGeneRef[];
  mutations: KnownMutationRef[];
}

export interface ResistomeReference {
  genes: readonly ResistanceGeneRef[];
  phenotypes: ReadonlyMap<string, GenePhenotypeRef>;
  /** PointFinder species folder → its genes and mutations. */
  pointfinder: ReadonlyMap<string, PointMutationDb>;
  /** Allele name → its AMRFinderPlus family chain (`blaOXA-66` → [`blaOXA-51_fam`, `blaOXA` …]), for intrinsic families. */
  families?: ReadonlyMap<string, readonly string[]>;
}

/** The reference with its k-mer indices built once (reuse it for every assembly). */
export interface PreparedResistome {
  ref: ResistomeReference;
  geneIndex: KmerIndex;
  pointIndex: Map<string, KmerIndex>;
}

/** `blaTEM-1B` → `blaTEM`, `sul1` → `sul`, `tet(A)` → `tet(A)`, `aac(6')-Ib-cr` → `aac(6')-Ib-cr`: alleles that seed together. */
export function geneFamily(name: string): string {
  return name.replace(/-?\d+[A-Za-z]?$/, '');
}

export function prepareResistome(ref: ResistomeReference): PreparedResistome {
  // Same family and length: substitution variants of one gene, colinear, so one seed diagonal serves them all.
  return { ref, geneIndex: new KmerIndex(ref.genes, (g) => `${geneFamily((g as ResistanceGeneRef).name)}:${g.sequence.length}`), pointIndex: new Map() };
}

// ------------------------------------------------------------ results

export interface GeneCall {
  kind: 'gene';
  /** Allele as ResFinder names it (the first of a tie). */
  name: string;
  /** Every allele equally good at this locus (one unless a tie). */
  alleles: string[];
  /** ResFinder class (`Beta-lactam`). */
  class: string;
  /** AMR codes of the drugs ResFinder's phenotypes give the allele (for a tie: those all tied alleles share). */
  drugs: string[];
  /** Drugs only some of the tied alleles affect (an ESBL claim the distinguishing positions do not show). */
  tieOnlyDrugs: string[];
  /** Percent. */
  identity: number;
  coverage: number;
  contig: string;
  /** 1-based, inclusive, forward coordinates of the contig. */
  start: number;
  end: number;
  strand: '+' | '-';
  partial: boolean;
  intrinsic: boolean;
  /** Source of the intrinsic call. */
  intrinsicSource?: string;
  notes: string[];
}

export interface MutationCall {
  kind: 'mutation';
  gene: string;
  /** `gyrA p.S83L`, `ampC-promoter n.-42C>T`, `23S n.2058A>G`. */
  name: string;
  /** AMRFinderPlus-style symbol for rules: `gyrA_S83L`, `ampC_C-42T`. */
  symbol: string;
  class: string;
  drugs: string[];
  identity: number;
  coverage: number;
  contig: string;
  start: number;
  end: number;
  strand: '+' | '-';
  /** Reference and found codon (coding) or bases. */
  refBases: string;
  foundBases: string;
  notes: string[];
}

export interface ResistomeOptions {
  /** Percent, default 90 (ResFinder's default). */
  minIdentity?: number;
  /** Percent, default 60 (ResFinder's default). */
  minCoverage?: number;
}

export interface ResistomeResult {
  organism?: string;
  /** PointFinder species folder used for mutations (none when the organism has no scheme). */
  pointfinderSpecies?: string;
  genes: GeneCall[];
  mutations: MutationCall[];
}

/** PointFinder's species folder for an organism name, or undefined. */
export function pointfinderSpeciesFor(organism: string | undefined): string | undefined {
  if (!organism) return undefined;
  const o = normalizeOrganism(organism);
  const table: [RegExp, string][] = [
    [/^escherichia coli\b/, 'escherichia_coli'],
    [/^klebsiella (pneumoniae|quasipneumoniae|variicola)\b/, 'klebsiella'],
    [/^salmonella\b/, 'salmonella'],
    [/^staphylococcus aureus\b/, 'staphylococcus_aureus'],
    [/^enterococcus faecalis\b/, 'enterococcus_faecalis'],
    [/^enterococcus faecium\b/, 'enterococcus_faecium'],
    [/^campylobacter (jejuni|coli)\b/, 'campylobacter'],
    [/^neisseria gonorrhoeae\b/, 'neisseria_gonorrhoeae'],
    [/^mycobacterium tuberculosis\b/, 'mycobacterium_tuberculosis'],
    [/^helicobacter pylori\b/, 'helicobacter_pylori'],
  ];
  return table.find(([re]) => re.test(o))?.[1];
}

const ALLELE_ORDER = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** One assembly: genes and mutations. */
export function findResistome(prepared: PreparedResistome, assembly: ContigSet, organism?: string, options: ResistomeOptions = {}): ResistomeResult {
  const minIdentity = (options.minIdentity ?? 90) / 100;
  const minCoverage = (options.minCoverage ?? 60) / 100;
  const genes = findGenes(prepared, assembly, organism, minIdentity, minCoverage);
  const species = pointfinderSpeciesFor(organism);
  const mutations = species && prepared.ref.pointfinder.has(species) ? findMutations(prepared, species, assembly) : [];
  return { organism, pointfinderSpecies: species, genes, mutations };
}

function findGenes(prepared: PreparedResistome, assembly: ContigSet, organism: string | undefined, minIdentity: number, minCoverage: number): GeneCall[] {
  const { ref } = prepared;
  const hits = searchAssembly(prepared.geneIndex, assembly, { minIdentity, minCoverage });
  // Best first: the most reference bases identical (identity × coverage), then identity.
  const quality = (a: Alignment) => a.identity * a.coverage;
  hits.sort((a, b) => quality(b) - quality(a) || b.identity - a.identity || a.ref - b.ref);
  const loci: { best: Alignment; tied: Alignment[] }[] = [];
  for (const h of hits) {
    const locus = loci.find((l) => l.best.contig === h.contig && overlapShare(l.best, h) > 0.5);
    if (!locus) loci.push({ best: h, tied: [h] });
    else if (Math.abs(quality(locus.best) - quality(h)) < 1e-9 && Math.abs(locus.best.identity - h.identity) < 1e-9) locus.tied.push(h);
  }
  const calls: GeneCall[] = loci.map(({ best, tied }) => {
    const alleles = [...new Set(tied.map((t) => ref.genes[t.ref]!.name))].sort(ALLELE_ORDER);
    const gene = ref.genes[best.ref]!;
    const phenos = tied.map((t) => ref.phenotypes.get(ref.genes[t.ref]!.id));
    const drugSets = phenos.map((p) => drugCodes(p?.drugs ?? []));
    const shared = drugSets.reduce((acc, s) => acc.filter((d) => s.includes(d)));
    const union = [...new Set(drugSets.flat())];
    const name = alleles[0]!;
    const families = ref.families?.get(name) ?? [];
    const allDrugNames = phenos.flatMap((p) => p?.drugs ?? []);
    const intrinsic = intrinsicRuleFor(organism, name, families, allDrugNames);
    const notes: string[] = [];
    if (alleles.length > 1) notes.push(`allele-tie:${alleles.join('/')}`);
    if (intrinsic) notes.push('intrinsic');
    if (best.partial) notes.push('partial');
    const contig = assembly.contigs[best.contig]!;
    return {
      kind: 'gene',
      name,
      alleles,
      class: phenos[0]?.class ?? gene.dbClass,
      drugs: shared,
      tieOnlyDrugs: union.filter((d) => !shared.includes(d)),
      identity: round2(100 * best.identity),
      coverage: round2(100 * best.coverage),
      contig: contig.name,
      start: best.contigFrom + 1,
      end: best.contigTo,
      strand: best.strand === 1 ? '+' : '-',
      partial: best.partial,
      intrinsic: !!intrinsic,
      intrinsicSource: intrinsic?.source,
      notes,
    };
  });
  const contigOrder = new Map(assembly.contigs.map((c, i) => [c.name, i]));
  return calls.sort((a, b) => contigOrder.get(a.contig)! - contigOrder.get(b.contig)! || a.start - b.start);
}

function overlapShare(a: Alignment, b: Alignment): number {
  const o = Math.min(a.contigTo, b.contigTo) - Math.max(a.contigFrom, b.contigFrom);
  return o <= 0 ? 0 : o / Math.min(a.contigTo - a.contigFrom, b.contigTo - b.contigFrom);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

// ------------------------------------------------------------ point mutations

const CODON_TABLE = 'KNKNTTTTRSRSIIMIQHQHPPPPRRRRLLLLEDEDAAAAGGGGVVVV*Y*YSSSS*CWCLFLF';
const BASES = 'ACGT';

function translate(a: number, b: number, c: number): string {
  if (a > 3 || b > 3 || c > 3) return 'X';
  return CODON_TABLE[a * 16 + b * 4 + c]!;
}

/**
 * Codon changes a species' PointFinder table lists that are lineage polymorphisms, not resistance:
 * found, they are left out of the calls.
 */
export const NATURAL_POLYMORPHISMS: readonly { species: string; gene: string; changes: readonly string[]; source: string }[] = [
  {
    species: 'klebsiella',
    gene: 'acrR',
    changes: ['P161R', 'G164A', 'F172S', 'R173G', 'L195V', 'F197I', 'K201M'],
    source: 'the acrR allele of K. pneumoniae clonal group 258 (ST11, ST258; e.g. HS11286) against PointFinder\'s reference AJ318073; PointFinder 3.0 marks every acrR row "under development", Kleborate does not call acrR',
  },
];

/**
 * QRDR changes PointFinder 3.0 lacks for a species (Klebsiella gyrA S83I/Y, parC S80R …), as
 * Kleborate calls them; same shape as PointFinder's rows.
 */
export const SUPPLEMENTARY_MUTATIONS: readonly { species: string; gene: string; position: number; ref: string; alternatives: string[]; drugs: string[]; source: string }[] = [
  { species: 'klebsiella', gene: 'gyrA', position: 83, ref: 'S', alternatives: ['I', 'Y', 'A', 'P', 'V', 'W'], drugs: ['Ciprofloxacin'], source: 'Kleborate (Lam et al. 2021, PMID 34234121): any gyrA S83 change' },
  { species: 'klebsiella', gene: 'gyrA', position: 87, ref: 'D', alternatives: ['Y', 'H', 'V'], drugs: ['Ciprofloxacin'], source: 'Kleborate (Lam et al. 2021, PMID 34234121): any gyrA D87 change' },
  { species: 'klebsiella', gene: 'parC', position: 80, ref: 'S', alternatives: ['R', 'F', 'Y', 'W', 'L'], drugs: ['Ciprofloxacin'], source: 'Kleborate (Lam et al. 2021, PMID 34234121): any parC S80 change' },
  { species: 'klebsiella', gene: 'parC', position: 84, ref: 'E', alternatives: ['G', 'V', 'A', 'D'], drugs: ['Ciprofloxacin'], source: 'Kleborate (Lam et al. 2021, PMID 34234121): any parC E84 change' },
];

/** PointFinder's rows of a species with the supplementary ones, PointFinder's own rows without a class ("under development", no phenotype) left out. */
function mutationRows(db: PointMutationDb): KnownMutationRef[] {
  const rows = db.mutations.filter((m) => m.class.trim() !== '');
  for (const extra of SUPPLEMENTARY_MUTATIONS) {
    if (extra.species !== db.species) continue;
    const gene = db.genes.find((g) => g.name === extra.gene);
    if (!gene) continue;
    const listed = new Set(rows.filter((m) => m.geneId === gene.id && m.position === extra.position).flatMap((m) => m.alternatives));
    const alternatives = extra.alternatives.filter((a) => !listed.has(a));
    if (alternatives.length) rows.push({ geneId: gene.id, type: 'AA', position: extra.position, ref: extra.ref, alternatives, class: 'Quinolone', drugs: extra.drugs, required: [], notes: extra.source });
  }
  return rows;
}

function findMutations(prepared: PreparedResistome, species: string, assembly: ContigSet): MutationCall[] {
  const db = prepared.ref.pointfinder.get(species)!;
  const rows = mutationRows(db);
  const polymorphic = new Set(NATURAL_POLYMORPHISMS.filter((p) => p.species === species).flatMap((p) => p.changes.map((c) => `${p.gene}_${c}`)));
  let index = prepared.pointIndex.get(species);
  if (!index) {
    index = new KmerIndex(db.genes);
    prepared.pointIndex.set(species, index);
  }
  const hits = searchAssembly(index, assembly, { minIdentity: 0.8, minCoverage: 0.5, detail: true, stride: 2 });
  // Best copy of each gene (rRNA operons come in several).
  const best = new Map<number, Alignment>();
  for (const h of hits) {
    const b = best.get(h.ref);
    if (!b || h.matches > b.matches) best.set(h.ref, h);
  }
  // from/to: contig positions on the reference's strand.
  type Found = { gene: MutationGeneRef; alignment: Alignment; mutation: KnownMutationRef; found: string; refBases: string; foundBases: string; from: number; to: number };
  const found: Found[] = [];
  const present = new Set<string>(); // `${geneId}_${ref}${pos}${alt}`
  for (const [gi, a] of best) {
    const gene = db.genes[gi]!;
    const aligned = a.aligned!;
    for (const m of rows) {
      if (m.geneId !== gene.id) continue;
      if (m.type === 'AA' && !gene.noncoding) {
        const i = (m.position - 1) * 3;
        if (i + 2 >= aligned.length) continue;
        // The codon read in frame after the contig base aligned to the previous codon's last base: a gap pair the aligner put inside the codon (ref GAC-TCG, contig GACATC-) then still reads ATC.
        const sub = a.subjectPos!;
        const anchor = i > 0 && sub[i - 1]! >= 0 ? sub[i - 1]! + 1 : sub[i]!;
        if (anchor < 0) continue;
        const c = strandWindow(assembly, a.contig, a.strand, anchor, anchor + 3);
        if (c.some((x) => x > 3)) continue;
        const aa = translate(c[0]!, c[1]!, c[2]!);
        if (aa === m.ref || !m.alternatives.includes(aa) || polymorphic.has(`${gene.name}_${m.ref}${m.position}${aa}`)) continue;
        present.add(`${gene.id}_${m.ref}${m.position}${aa}`);
        found.push({ gene, alignment: a, mutation: m, found: aa, refBases: codeString(gene.sequence.subarray(i, i + 3)), foundBases: codeString(c), from: anchor, to: anchor + 3 });
      } else {
        const i = nucleotideIndex(gene, m.position);
        if (i < 0 || i >= aligned.length) continue;
        if (m.ref === 'ins') {
          const ins = a.insertions?.get(i - 1) ?? a.insertions?.get(i);
          if (!ins) continue;
          const text = ins.map((x) => BASES[x] ?? 'N').join('');
          if (!m.alternatives.includes(text)) continue;
          present.add(`${gene.id}_ins${m.position}${text}`);
          found.push({ gene, alignment: a, mutation: m, found: text, refBases: '-', foundBases: text, from: a.subjectPos![i - 1]! >= 0 ? a.subjectPos![i - 1]! + 1 : a.subjectPos![i]!, to: (a.subjectPos![i - 1]! >= 0 ? a.subjectPos![i - 1]! + 1 : a.subjectPos![i]!) + ins.length });
          continue;
        }
        if (m.ref === 'del') {
          if (aligned[i]! >= 0) continue;
          const before = a.subjectPos![i - 1] ?? -1;
          if (before < 0) continue;
          found.push({ gene, alignment: a, mutation: m, found: 'del', refBases: BASES[gene.sequence[i]!] ?? 'N', foundBases: '-', from: before, to: before + 1 });
          continue;
        }
        const b = aligned[i]!;
        if (b < 0) continue;
        const base = BASES[b] ?? 'N';
        if (base === m.ref || !m.alternatives.includes(base)) continue;
        present.add(`${gene.id}_${m.ref}${m.position}${base}`);
        found.push({ gene, alignment: a, mutation: m, found: base, refBases: m.ref, foundBases: base, from: a.subjectPos![i]!, to: a.subjectPos![i]! + 1 });
      }
    }
  }
  // Rows of one position: the drugs of each row whose required partner is present (or that needs none).
  const byPlace = new Map<string, Found[]>();
  for (const f of found) {
    const key = `${f.gene.id}:${f.mutation.position}:${f.found}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), f]);
  }
  const out: MutationCall[] = [];
  for (const rows of byPlace.values()) {
    const f = rows[0]!;
    const satisfied = rows.filter((r) => r.mutation.required.length === 0 || r.mutation.required.some((group) => requiredPresent(group, present)));
    const drugs = [...new Set(satisfied.flatMap((r) => drugCodes(r.mutation.drugs)))];
    const notes: string[] = [];
    if (satisfied.length === 0) notes.push('phenotype-unknown-alone');
    const a = f.alignment;
    const contig = assembly.contigs[a.contig]!;
    // Positions on the reference's strand back to the contig's forward coordinates.
    const forward = (p: number) => (a.strand === 1 ? p : contig.length - 1 - p);
    const placeFrom = forward(f.from);
    const placeTo = forward(f.to - 1);
    const short = f.gene.name.replace(/-promoter-size-\d+bp$/, '');
    const promoter = f.gene.promoterSize > 0;
    const m = f.mutation;
    const name =
      m.type === 'AA' && !f.gene.noncoding
        ? `${f.gene.name} p.${m.ref}${m.position}${f.found}`
        : m.ref === 'ins'
          ? `${short}${promoter ? '-promoter' : ''} n.${m.position}ins${f.found}`
          : `${short}${promoter ? '-promoter' : ''} n.${m.position}${m.ref}>${f.found}`;
    const symbol = m.type === 'AA' && !f.gene.noncoding ? `${f.gene.name}_${m.ref}${m.position}${f.found}` : `${short}_${m.ref === 'ins' ? 'ins' : m.ref}${m.position}${f.found}`;
    out.push({
      kind: 'mutation',
      gene: short,
      name,
      symbol,
      class: m.class,
      drugs,
      identity: round2(100 * a.identity),
      coverage: round2(100 * a.coverage),
      contig: contig.name,
      start: Math.min(placeFrom, placeTo) + 1,
      end: Math.max(placeFrom, placeTo) + 1,
      strand: a.strand === 1 ? '+' : '-',
      refBases: f.refBases,
      foundBases: f.foundBases,
      notes,
    });
  }
  return out.sort((x, y) => x.gene.localeCompare(y.gene) || x.start - y.start);
}

/** 0-based index in the gene's FASTA of a PointFinder nucleotide position (negative: promoter). */
function nucleotideIndex(gene: MutationGeneRef, position: number): number {
  if (gene.promoterSize > 0) return position < 0 ? gene.promoterSize + position : gene.promoterSize + position - 1;
  return position - 1;
}

/** `gyrA_1_CP073768.1_S83L.W.A.V` (a group: comma-separated, all needed). */
function requiredPresent(group: string, present: ReadonlySet<string>): boolean {
  return group.split(',').every((one) => {
    const m = /^(.+)_([A-Za-z*]+?)(-?\d+)([A-Za-z*.]+)$/.exec(one.trim());
    if (!m) return false;
    return m[4]!.split('.').some((alt) => present.has(`${m[1]}_${m[2]}${m[3]}${alt}`));
  });
}

function codeString(codes: Uint8Array): string {
  let s = '';
  for (const c of codes) s += BASES[c] ?? 'N';
  return s;
}
