import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Readers of the public resistance databases: ResFinder's acquired genes and phenotypes, PointFinder
 * 3.0's chromosomal mutations per species, and AMRFinderPlus's gene symbols, families and classes.
 * Sequences become base codes (0–3 = A, C, G, T; 4 = anything else) as the assembly reader gives
 * them, so the search engine never touches text.
 */

/** Malformed database file: names the file and the line. */
export class ResistomeDataError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}, line ${line}: ${message}`);
    this.name = 'ResistomeDataError';
  }
}

const CODE = new Uint8Array(256).fill(4);
for (const [i, c] of ['A', 'C', 'G', 'T'].entries()) {
  CODE[c.charCodeAt(0)] = i;
  CODE[c.toLowerCase().charCodeAt(0)] = i;
}

export function baseCodes(sequence: string): Uint8Array {
  const out = new Uint8Array(sequence.length);
  for (let i = 0; i < sequence.length; i++) out[i] = CODE[sequence.charCodeAt(i)]!;
  return out;
}

interface RawRecord {
  header: string;
  sequence: string;
  line: number;
}

function fastaRecords(text: string, file: string): RawRecord[] {
  const out: RawRecord[] = [];
  const lines = text.split(/\r?\n/);
  let current: RawRecord | undefined;
  let parts: string[] = [];
  const close = () => {
    if (current) {
      current.sequence = parts.join('');
      out.push(current);
    }
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (line.startsWith('>')) {
      close();
      current = { header: line.slice(1).trim(), sequence: '', line: i + 1 };
      parts = [];
    } else {
      if (!current) throw new ResistomeDataError(file, i + 1, 'sequence before the first ">" header');
      parts.push(line);
    }
  });
  close();
  return out;
}

// ---------------------------------------------------------------- ResFinder

/** One allele of ResFinder's database, `blaKPC-2_1_AY034847`: gene `blaKPC-2`, variant 1, accession. */
export interface ResfinderGene {
  /** The whole FASTA identifier, the key of phenotypes.txt. */
  id: string;
  /** Allele name as ResFinder reports it (`blaKPC-2`, `aac(6')-Ib-cr`). */
  name: string;
  variant: number;
  accession: string;
  /** Database file the allele sits in (`beta-lactam`, `quinolone` …). */
  dbClass: string;
  sequence: Uint8Array;
}

/** A row of ResFinder's phenotypes.txt. */
export interface ResfinderPhenotype {
  id: string;
  class: string;
  /** Drug names as ResFinder writes them (`Ampicillin`, `Amoxicillin+Clavulanic acid`); `Unknown Beta-lactam` kept as is. */
  drugs: string[];
  pmids: string[];
  mechanism: string;
  notes: string;
  requiredGene: string;
}

export interface ResfinderDb {
  genes: ResfinderGene[];
  phenotypes: Map<string, ResfinderPhenotype>;
}

/** Splits `blaOXA-48_1_AY236073` (and names holding underscores, `aac(6')-Ib_cr`-style) at the last two underscores. */
export function splitResfinderId(id: string): { name: string; variant: number; accession: string } {
  // An accession like NG_047557 or NC_000913.3 holds an underscore itself.
  const m = /^(.+)_(\d+)_([A-Z]{2,3}_[A-Z0-9]+(?:\.\d+)?)$/.exec(id) ?? /^(.+)_(\d+)_([^_]+)$/.exec(id);
  return m ? { name: m[1]!, variant: Number(m[2]), accession: m[3]! } : { name: id, variant: 1, accession: '' };
}

export function parseResfinderPhenotypes(text: string, file = 'phenotypes.txt'): Map<string, ResfinderPhenotype> {
  const out = new Map<string, ResfinderPhenotype>();
  const lines = text.split(/\r?\n/);
  if (!/^Gene_accession no\.\tClass\tPhenotype/.test(lines[0] ?? '')) throw new ResistomeDataError(file, 1, 'header "Gene_accession no.<TAB>Class<TAB>Phenotype …" missing');
  const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim() || line.startsWith('#')) continue;
    const f = line.split('\t');
    if (f.length < 3) throw new ResistomeDataError(file, i + 1, `${f.length} columns, at least 3 expected`);
    const row: ResfinderPhenotype = { id: f[0]!.trim(), class: f[1]!.trim(), drugs: list(f[2]), pmids: list(f[3]), mechanism: (f[4] ?? '').trim(), notes: (f[5] ?? '').trim(), requiredGene: (f[6] ?? '').trim() };
    const seen = out.get(row.id);
    if (!seen) {
      out.set(row.id, row);
      continue;
    }
    // ResFinder lists an allele it files under two classes once per class (aac(6')-Ib-cr as
    // "Aminoglycoside, Quinolone" and again as "Quinolone"): every row counts, joined in file order.
    const union = (a: string[], b: string[]) => [...a, ...b.filter((x) => !a.includes(x))];
    seen.class = union(list(seen.class), list(row.class)).join(', ');
    seen.drugs = union(seen.drugs, row.drugs);
    seen.pmids = union(seen.pmids, row.pmids);
    seen.mechanism ||= row.mechanism;
    seen.notes ||= row.notes;
    seen.requiredGene ||= row.requiredGene;
  }
  return out;
}

export function parseResfinderFasta(text: string, dbClass: string, file = `${dbClass}.fsa`): ResfinderGene[] {
  return fastaRecords(text, file).map((r) => {
    if (!/^[ACGTNacgtn]*$/.test(r.sequence.replace(/[RYKMSWBDHV]/gi, ''))) throw new ResistomeDataError(file, r.line, `${r.header}: not a nucleotide sequence`);
    const id = r.header.split(/\s/)[0]!;
    return { id, ...splitResfinderId(id), dbClass, sequence: baseCodes(r.sequence) };
  });
}

/** Reads ResFinder's database folder (the `*.fsa` class files named in `config`, and `phenotypes.txt`). */
export function readResfinderDb(dir: string): ResfinderDb {
  const configFile = path.join(dir, 'config');
  const classes = existsSync(configFile)
    ? readFileSync(configFile, 'utf8')
        .split(/\r?\n/)
        .filter((l) => l.trim() && !l.startsWith('#'))
        .map((l) => l.split('\t')[0]!.trim())
    : readdirSync(dir)
        .filter((f) => f.endsWith('.fsa'))
        .map((f) => f.slice(0, -4));
  const genes: ResfinderGene[] = [];
  for (const c of classes) {
    const file = path.join(dir, `${c}.fsa`);
    if (!existsSync(file)) continue;
    genes.push(...parseResfinderFasta(readFileSync(file, 'utf8'), c, file));
  }
  const phenotypes = parseResfinderPhenotypes(readFileSync(path.join(dir, 'phenotypes.txt'), 'utf8'), path.join(dir, 'phenotypes.txt'));
  return { genes, phenotypes };
}

// ---------------------------------------------------------------- PointFinder

export interface PointfinderGene {
  /** FASTA identifier (`gyrA_1_CP073768.1`), the key of phenotypes.txt. */
  id: string;
  /** Gene or region as PointFinder names it (`gyrA`, `ampC-promoter-size-53bp`, `23S`). */
  name: string;
  /** Bases of a promoter region before the first coding base (`…-promoter-size-53bp`), else 0. */
  promoterSize: number;
  /** rRNA and other non-coding genes are read by nucleotide, the rest by codon. */
  noncoding: boolean;
  sequence: Uint8Array;
}

/** A known resistance mutation of PointFinder's phenotypes.txt. */
export interface PointfinderMutation {
  geneId: string;
  /** `AA` (amino-acid position) or `NUC` (nucleotide position; negative in a promoter). */
  type: 'AA' | 'NUC';
  position: number;
  refNuc: string;
  /** Reference amino acid or base; `del` / `ins` for indels. */
  ref: string;
  /** Resistant amino acids or bases (`L,W,A,V`); for insertions the inserted bases. */
  alternatives: string[];
  class: string;
  drugs: string[];
  pmids: string[];
  mechanism: string;
  notes: string;
  /** Groups of other mutations that must be present too (any group suffices), as PointFinder writes them. */
  required: string[];
  line: number;
}

export interface PointfinderSpecies {
  /** Folder name (`escherichia_coli`). */
  species: string;
  genes: PointfinderGene[];
  mutations: PointfinderMutation[];
}

export function parsePointfinderPhenotypes(text: string, file = 'phenotypes.txt'): PointfinderMutation[] {
  const out: PointfinderMutation[] = [];
  const lines = text.split(/\r?\n/);
  const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim() || line.startsWith('#')) continue;
    const f = line.split('\t');
    if (f.length < 9) throw new ResistomeDataError(file, i + 1, `${f.length} columns, at least 9 expected (gene, type, mutation, position, ref. base, ref., resistant, class, phenotype)`);
    const type = f[1]!.trim();
    if (type !== 'AA' && type !== 'NUC') throw new ResistomeDataError(file, i + 1, `type "${type}", AA or NUC expected`);
    const position = Number(f[3]!.trim());
    if (!Number.isInteger(position)) throw new ResistomeDataError(file, i + 1, `position "${f[3]}" is not a whole number`);
    out.push({
      geneId: f[0]!.trim(),
      type,
      position,
      refNuc: f[4]!.trim(),
      ref: f[5]!.trim(),
      alternatives: list(f[6]),
      class: f[7]!.trim(),
      drugs: list(f[8]),
      pmids: list(f[9]),
      mechanism: (f[10] ?? '').trim(),
      notes: (f[11] ?? '').trim(),
      required: (f[12] ?? '').trim() ? f[12]!.trim().split(';').map((s) => s.trim()) : [],
      line: i + 1,
    });
  }
  return out;
}

/** PointFinder's species folders present under `dir` (`escherichia_coli`, `klebsiella` …). */
export function pointfinderSpeciesList(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'phenotypes.txt')))
    .map((d) => d.name)
    .sort();
}

export function readPointfinderSpecies(dir: string, species: string): PointfinderSpecies {
  const folder = path.join(dir, species);
  const names = readFileSync(path.join(folder, 'genes.txt'), 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const rnaFile = path.join(folder, 'RNA_genes.txt');
  const rna = new Set(existsSync(rnaFile) ? readFileSync(rnaFile, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter(Boolean) : []);
  const genes: PointfinderGene[] = [];
  for (const name of names) {
    const file = path.join(folder, `${name}.fsa`);
    if (!existsSync(file)) continue;
    for (const r of fastaRecords(readFileSync(file, 'utf8'), file)) {
      const promoter = /promoter-size-(\d+)bp/.exec(name);
      genes.push({ id: r.header.split(/\s/)[0]!, name, promoterSize: promoter ? Number(promoter[1]) : 0, noncoding: rna.has(name) || !!promoter, sequence: baseCodes(r.sequence) });
    }
  }
  const phenoFile = path.join(folder, 'phenotypes.txt');
  return { species, genes, mutations: parsePointfinderPhenotypes(readFileSync(phenoFile, 'utf8'), phenoFile) };
}

// ---------------------------------------------------------------- AMRFinderPlus

/** A gene symbol of the AMRFinderPlus catalogue (`blaCTX-M-15` in family `blaCTX-M`, subclass CEPHALOSPORIN). */
export interface AmrfinderSymbol {
  symbol: string;
  /** Parent node of the family hierarchy (`blaCTX-M`, `blaOXA-51_fam`). */
  family: string;
  class: string;
  subclass: string;
  name: string;
}

/** A node of fam.tab (gene families and their hierarchy). */
export interface AmrfinderFamily {
  node: string;
  parent: string;
  symbol: string;
  type: string;
  subtype: string;
  class: string;
  subclass: string;
  name: string;
}

export interface AmrfinderCatalog {
  symbols: Map<string, AmrfinderSymbol>;
  families: Map<string, AmrfinderFamily>;
}

/** AMRProt FASTA headers: `>gi|accession|1|1|symbol|family|type|reportable|subclass|class|name`. */
export function parseAmrprotHeaders(text: string, file = 'AMRProt'): Map<string, AmrfinderSymbol> {
  const out = new Map<string, AmrfinderSymbol>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('>')) continue;
    const f = line.slice(1).split('|');
    if (f.length < 11) throw new ResistomeDataError(file, i + 1, `${f.length} header fields, 11 expected`);
    const symbol = f[4]!;
    if (!out.has(symbol)) out.set(symbol, { symbol, family: f[5]!, subclass: f[8]!, class: f[9]!, name: f[10]!.replace(/_/g, ' ') });
  }
  return out;
}

export function parseAmrfinderFam(text: string, file = 'fam.tab'): Map<string, AmrfinderFamily> {
  const out = new Map<string, AmrfinderFamily>();
  const lines = text.split(/\r?\n/);
  if (!(lines[0] ?? '').startsWith('#node_id\tparent_node_id\tgene_symbol')) throw new ResistomeDataError(file, 1, 'header "#node_id<TAB>parent_node_id<TAB>gene_symbol …" missing');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const f = line.split('\t');
    if (f.length < 17) throw new ResistomeDataError(file, i + 1, `${f.length} columns, 18 expected`);
    out.set(f[0]!, { node: f[0]!, parent: f[1]!, symbol: f[2]!, type: f[13]!, subtype: f[14]!, class: f[15]!, subclass: f[16]!, name: f[17] ?? '' });
  }
  return out;
}

export function readAmrfinderCatalog(dir: string): AmrfinderCatalog {
  const prot = path.join(dir, 'AMRProt.gz');
  const text = existsSync(prot) ? gunzipSync(readFileSync(prot)).toString('utf8') : readFileSync(path.join(dir, 'AMRProt'), 'utf8');
  const fam = path.join(dir, 'fam.tab');
  return { symbols: parseAmrprotHeaders(text, prot), families: parseAmrfinderFam(readFileSync(fam, 'utf8'), fam) };
}

/** The family chain of a symbol or node, nearest first (`blaOXA-66` → `blaOXA-51_fam`, `blaOXA`, `bla-D` …). */
export function familyChain(catalog: AmrfinderCatalog, symbol: string): string[] {
  const out: string[] = [];
  let node = catalog.symbols.get(symbol)?.family ?? catalog.families.get(symbol)?.parent;
  while (node && !out.includes(node)) {
    out.push(node);
    node = catalog.families.get(node)?.parent;
  }
  return out;
}

/** Where the resistome's databases sit under REFDATA_DIR. */
export function resistomeDirs(refdataDir: string): { resfinder: string; pointfinder: string; amrfinderplus: string } {
  const base = path.join(refdataDir, 'resistome');
  return { resfinder: path.join(base, 'resfinder'), pointfinder: path.join(base, 'pointfinder'), amrfinderplus: path.join(base, 'amrfinderplus') };
}
