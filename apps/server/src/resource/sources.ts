import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readTaxonomy, type TaxonomyTable } from '@mdc/refdata/taxonomy';
import { ANTIBIOTIC_NAMES_FILE, ORGANISM_NAMES_FILE, projectNamesDir, readChineseNames, type ChineseNames } from '@mdc/refdata/names';
import {
  readAntibiotics,
  readBreakpoints,
  readExpectedResistance,
  readExpertRules,
  readOrganisms,
  readQcRanges,
  type AntibioticRecord,
  type BreakpointRecord,
  type ExpectedResistanceRecord,
  type ExpertRuleRecord,
  type OrganismRecord,
  type QcRangeRecord,
  type RefdataFormatError,
} from '@mdc/refdata/whonet';
import { readEucastRules, type EucastRuleRecord } from '@mdc/refdata/amr';
import { readFasta, type FastaRecord } from '@mdc/refdata/fasta';
import { findMisfiledReferences, type MisfiledReference } from '@mdc/core/identify/rrna';
import { GENOME_DIR, hasGenomeFolder, readGenomeFolder, type GenomeRow } from './genomes';
import { hashMaldiFiles, hasMaldiFolder, maldiRow, type MaldiRow } from './maldi';
import { hasItsFolder, itsFilePaths, readItsReferences, type ItsRow } from './its';

/** The files an import reads from the data folder. */
export const DATA_FILES = {
  microorganisms: 'taxonomy/microorganisms.tsv',
  taxonCodes: 'taxonomy/microorganisms.codes.tsv',
  organisms: 'whonet/Organisms.txt',
  antibiotics: 'whonet/Antibiotics.txt',
  breakpoints: 'whonet/Breakpoints.txt',
  expectedResistance: 'whonet/ExpectedResistancePhenotypes.txt',
  expertRules: 'whonet/ExpertInterpretationRules.txt',
  qcRanges: 'whonet/QC_Ranges.txt',
  eucastRules: 'amr/eucast_rules.tsv',
  sequences16S: 'rrna/16S_reference.fasta.gz',
  sequences18S: 'rrna/18S_reference.fasta.gz',
} as const;

export const MARKERS = ['16S', '18S'] as const;
export type Marker = (typeof MARKERS)[number];

/** Bumped when the importer writes the same files differently, so that an unchanged folder is imported again. */
const IMPORTER_VERSION = 'resource-import-3';

/** Everything read from the files, parsed and checked, before anything touches the database. */
export interface RefdataSources {
  dir: string;
  namesDir: string;
  taxonomy: TaxonomyTable;
  names: ChineseNames;
  organisms: OrganismRecord[];
  antibiotics: AntibioticRecord[];
  breakpoints: BreakpointRecord[];
  expectedResistance: ExpectedResistanceRecord[];
  expertRules: ExpertRuleRecord[];
  qcRanges: QcRangeRecord[];
  eucastRules: EucastRuleRecord[];
  sequences: Record<Marker, FastaRecord[]>;
  /** References whose sequence is a gene of the other marker, by `marker:accession`. */
  misfiled: Map<string, MisfiledReference>;
  /** Reference genomes of `genome/` (an older data folder has none). */
  genomes: GenomeRow[];
  /** The built-in MALDI-TOF library: main spectra of the named species of `maldi/` (an older data folder has none). */
  maldi: MaldiRow[];
  /** Fungal ITS references of `rrna/its/` (an older data folder has none). */
  its: ItsRow[];
  /** Rows left out on purpose (the AMR rules file has a known malformed row): said, not fatal. */
  warnings: string[];
}

export class RefdataMissingError extends Error {
  constructor(
    readonly dir: string,
    readonly missing: string[],
  ) {
    super(`reference data incomplete in ${dir}: missing ${missing.join(', ')}`);
    this.name = 'RefdataMissingError';
  }
}

export function dataFilePaths(dir: string): string[] {
  return Object.values(DATA_FILES).map((file) => path.join(dir, file));
}

function nameFilePaths(namesDir: string): string[] {
  return [ANTIBIOTIC_NAMES_FILE, ORGANISM_NAMES_FILE].map((file) => path.join(namesDir, file));
}

/** Throws RefdataMissingError naming every expected file that is not there. */
export function checkDataDir(dir: string, namesDir = projectNamesDir): void {
  const missing = [...dataFilePaths(dir), ...nameFilePaths(namesDir)].filter((file) => !existsSync(file) || !statSync(file).isFile());
  if (missing.length) throw new RefdataMissingError(dir, missing.map((file) => (file.startsWith(dir) ? path.relative(dir, file) : file)));
}

/** Whether a folder looks like reference data (has the taxonomy table): decides automatic import. */
export function looksLikeDataDir(dir: string | undefined): dir is string {
  return !!dir && existsSync(path.join(dir, DATA_FILES.microorganisms));
}

/** Hash of every source file's content: equal fingerprints mean an import would change nothing. */
export function fingerprint(dir: string, namesDir = projectNamesDir): string {
  const hash = createHash('sha256').update(IMPORTER_VERSION);
  // The genome manifest names each assembly with its md5: it stands for the genome files.
  const genomeManifest = path.join(dir, GENOME_DIR, 'manifest.tsv');
  for (const file of [...dataFilePaths(dir), ...nameFilePaths(namesDir), ...(existsSync(genomeManifest) ? [genomeManifest] : []), ...itsFilePaths(dir)]) {
    hash.update(path.basename(file)).update('\0').update(readFileSync(file)).update('\0');
  }
  if (hasMaldiFolder(dir)) hashMaldiFiles(dir, (chunk) => hash.update(chunk));
  return hash.digest('hex');
}

async function readSequences(file: string, signal?: AbortSignal): Promise<FastaRecord[]> {
  const records: FastaRecord[] = [];
  for await (const record of readFasta(file)) {
    records.push(record);
    if (records.length % 1000 === 0) signal?.throwIfAborted();
  }
  return records;
}

/** Reads and validates every file; a malformed file throws here, before any write. */
export async function readSources(
  dir: string,
  options: { namesDir?: string; onFile?: (file: string, done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<RefdataSources> {
  const namesDir = options.namesDir ?? projectNamesDir;
  checkDataDir(dir, namesDir);
  const whonet = path.join(dir, 'whonet');
  const total = 15;
  let done = 0;
  const step = <T>(label: string, value: T): T => {
    options.onFile?.(label, ++done, total);
    options.signal?.throwIfAborted();
    return value;
  };
  const warnings: string[] = [];
  const taxonomy = step('taxonomy', await readTaxonomy(path.join(dir, 'taxonomy')));
  const names = step('chinese names', readChineseNames(namesDir));
  const organisms = step('Organisms.txt', readOrganisms(whonet));
  const antibiotics = step('Antibiotics.txt', readAntibiotics(whonet));
  const breakpoints = step('Breakpoints.txt', readBreakpoints(whonet));
  const expectedResistance = step('ExpectedResistancePhenotypes.txt', readExpectedResistance(whonet));
  const expertRules = step('ExpertInterpretationRules.txt', readExpertRules(whonet));
  const qcRanges = step('QC_Ranges.txt', readQcRanges(whonet));
  // The published AMR table carries one row whose tab was lost; it is left out and reported,
  // as the parser recommends, rather than refusing the whole file.
  const skipped: RefdataFormatError[] = [];
  const eucastRules = step('eucast_rules.tsv', readEucastRules(path.join(dir, 'amr'), { onInvalidRow: (error) => skipped.push(error) }));
  for (const error of skipped) warnings.push(`${error.message}: this row left out, the rest of the file imported`);
  const sequences16S = step('16S_reference.fasta.gz', await readSequences(path.join(dir, DATA_FILES.sequences16S), options.signal));
  const sequences18S = step('18S_reference.fasta.gz', await readSequences(path.join(dir, DATA_FILES.sequences18S), options.signal));
  const misfiled = new Map<string, MisfiledReference>();
  for (const found of step('reference check', findMisfiledReferences({ '16S': sequences16S, '18S': sequences18S }))) {
    misfiled.set(`${found.marker}:${found.accession}`, found);
    warnings.push(
      `${found.marker} reference ${found.accession} is ${found.resembles === '18S' ? 'an' : 'a'} ${found.resembles} gene (${found.match.similarity.toFixed(1)} % to ${found.match.species} ${found.match.accession}): kept, but left out of identification`,
    );
  }
  const genomes = step('genome/', hasGenomeFolder(dir) ? await readGenomeFolder(path.join(dir, GENOME_DIR), taxonomy) : []);
  const maldi = step('maldi/', hasMaldiFolder(dir) ? await readMaldiLibrary(dir, taxonomy) : []);
  const its = step('rrna/its/', hasItsFolder(dir) ? await readItsReferences(dir, taxonomy, options.signal) : []);
  return {
    its,
    dir,
    namesDir,
    genomes,
    maldi,
    taxonomy,
    names,
    organisms,
    antibiotics,
    breakpoints,
    expectedResistance,
    expertRules,
    qcRanges,
    eucastRules,
    sequences: { '16S': sequences16S, '18S': sequences18S },
    misfiled,
    warnings,
  };
}

/** The built-in MALDI-TOF library from `maldi/` (a broken spectrum file throws, before any write). */
async function readMaldiLibrary(dir: string, taxonomy: TaxonomyTable): Promise<MaldiRow[]> {
  const { buildBuiltinLibrary } = await import('@mdc/refdata/maldi');
  const { DEFAULT_PREPROCESS, DEFAULT_MAIN_SPECTRUM } = await import('@mdc/core/identify/proteome');
  const parameters = { preprocess: DEFAULT_PREPROCESS, mainSpectrum: DEFAULT_MAIN_SPECTRUM };
  return (await buildBuiltinLibrary(dir)).map((entry) => maldiRow(entry, { parameters }, taxonomy));
}
