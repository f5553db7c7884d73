import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * PubMLST typing schemes as the `mlst` tool bundles them: one folder per scheme with its profiles
 * (`<scheme>.txt`: ST, one column per locus, then optional columns such as clonal_complex or
 * species), one gzipped FASTA per locus (`<locus>.tfa.gz`, records `>locus_N`) and
 * `database_version.txt`; beside the folders, `scheme_species_map.tab` (scheme → genus, species).
 */
export interface MlstAlleleRecord {
  /** Allele number as PubMLST gives it ("3"). */
  number: string;
  /** Upper-case A/C/G/T (other IUPAC letters kept as given). */
  sequence: string;
}

export interface MlstProfileRecord {
  st: string;
  /** Allele numbers in the order of the scheme's loci. */
  alleles: string[];
  /** Clonal complex or lineage columns the scheme gives, by column name (empty ones left out). */
  extra: Record<string, string>;
}

export interface MlstSchemeRecord {
  name: string;
  loci: string[];
  /** Alleles per locus, in the order of `loci`. */
  alleles: MlstAlleleRecord[][];
  profiles: MlstProfileRecord[];
  /** Columns of the profile table that are no locus (clonal_complex, species, Lineage …). */
  extraColumns: string[];
  /** Date of the PubMLST download (database_version.txt), when given. */
  version: string;
}

export interface SchemeSpeciesRow {
  scheme: string;
  genus: string;
  /** Empty for schemes of a whole genus. */
  species: string;
}

export class MlstDataError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'MlstDataError';
  }
}

/** The folder of the schemes under a reference data folder (`mlst/pubmlst`). */
export function mlstDir(refdataDir: string): string {
  return path.join(refdataDir, 'mlst');
}

/** Names of the schemes present (folders holding their profile table), sorted. */
export function listMlstSchemes(dir: string): string[] {
  const root = path.join(dir, 'pubmlst');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(root, e.name, `${e.name}.txt`)))
    .map((e) => e.name)
    .sort();
}

/** Reads the alleles of one locus: FASTA (gzip or plain), headers `>locus_N` (or `>locus-N`). */
export function parseAlleles(text: string, locus: string, file: string): MlstAlleleRecord[] {
  const alleles: MlstAlleleRecord[] = [];
  const seen = new Set<string>();
  let number: string | undefined;
  let parts: string[] = [];
  let headerLine = 0;
  const flush = () => {
    if (number === undefined) return;
    const sequence = parts.join('').toUpperCase();
    if (!sequence) throw new MlstDataError(file, `line ${headerLine}: allele ${locus}_${number} has no sequence`);
    alleles.push({ number, sequence });
  };
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (line.startsWith('>')) {
      flush();
      const id = line.slice(1).split(/\s/)[0]!;
      // Locus names hold underscores themselves (Oxf_gltA): the number is after the last separator.
      const match = /^(.*)[_-]([^_-]+)$/.exec(id);
      if (!match) throw new MlstDataError(file, `line ${i + 1}: the header "${id}" is not locus_number`);
      number = match[2]!;
      if (seen.has(number)) throw new MlstDataError(file, `line ${i + 1}: allele ${number} is listed twice`);
      seen.add(number);
      parts = [];
      headerLine = i + 1;
    } else {
      if (number === undefined) throw new MlstDataError(file, `line ${i + 1}: sequence before the first header`);
      parts.push(line);
    }
  }
  flush();
  return alleles;
}

/** Reads a profile table: header `ST locus… [extra…]` (the first column is the type); `loci` are the columns that have allele files. */
export function parseProfiles(text: string, isLocus: (column: string) => boolean, file: string): { loci: string[]; extraColumns: string[]; profiles: MlstProfileRecord[] } {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = (lines.shift() ?? '').split('\t').map((h) => h.trim());
  // The first column is the type whatever its name (M. hominis calls it eST, an extended ST).
  if (!header[0]) throw new MlstDataError(file, 'the header is empty (it must start with the ST column)');
  const lociAt: number[] = [];
  const extraAt: number[] = [];
  header.slice(1).forEach((h, j) => (isLocus(h) ? lociAt : extraAt).push(j + 1));
  if (lociAt.length === 0) throw new MlstDataError(file, 'no column of the header has an allele file beside it');
  const profiles = lines.map((line, i) => {
    const cells = line.split('\t').map((c) => c.trim());
    const st = cells[0] ?? '';
    if (!st) throw new MlstDataError(file, `line ${i + 2}: no ST`);
    const alleles = lociAt.map((j) => cells[j] ?? '');
    if (alleles.some((a) => !a)) throw new MlstDataError(file, `line ${i + 2}: ST ${st} lacks an allele number`);
    const extra: Record<string, string> = {};
    for (const j of extraAt) if (cells[j]) extra[header[j]!] = cells[j]!;
    return { st, alleles, extra };
  });
  return { loci: lociAt.map((j) => header[j]!), extraColumns: extraAt.map((j) => header[j]!), profiles };
}

function readText(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** Reads one scheme from `<dir>/pubmlst/<name>/`. */
export function readMlstScheme(dir: string, name: string): MlstSchemeRecord {
  const folder = path.join(dir, 'pubmlst', name);
  const profileFile = path.join(folder, `${name}.txt`);
  if (!existsSync(profileFile)) throw new MlstDataError(profileFile, 'no such scheme (its profile table is missing)');
  const alleleFile = (locus: string) => [path.join(folder, `${locus}.tfa.gz`), path.join(folder, `${locus}.tfa`)].find((f) => existsSync(f));
  const { loci, extraColumns, profiles } = parseProfiles(readText(profileFile), (column) => alleleFile(column) !== undefined, profileFile);
  const alleles = loci.map((locus) => {
    const file = alleleFile(locus)!;
    return parseAlleles(readText(file), locus, file);
  });
  const versionFile = path.join(folder, 'database_version.txt');
  const version = existsSync(versionFile) ? readFileSync(versionFile, 'utf8').trim() : '';
  return { name, loci, alleles, profiles, extraColumns, version };
}

/** Reads `scheme_species_map.tab` (`#SCHEME GENUS SPECIES`; names trimmed — the file has stray spaces). */
export function readSchemeSpeciesMap(dir: string): SchemeSpeciesRow[] {
  const file = path.join(dir, 'scheme_species_map.tab');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [scheme = '', genus = '', species = ''] = l.split('\t').map((c) => c.trim());
      return { scheme, genus, species };
    })
    .filter((r) => r.scheme && r.genus);
}
