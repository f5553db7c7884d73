import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { currentTaxonomyFiles, projectStatusCorrectionsFile, readCurrentTaxonomy, withAcceptedNames, type TaxonomyTable } from '@mdc/refdata/taxonomy';
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
import {
  AMR_3_FOLDER,
  amr3Dir,
  antibioticAliasesFrom,
  currentBreakpoints,
  organismAliasesFrom,
  readAntimicrobials,
  readDosages,
  intrinsicResistanceAsWhonet,
  readIntrinsicResistant,
  readEucastRules,
  type EucastRuleRecord,
} from '@mdc/refdata/amr';
import { readFasta, type FastaRecord } from '@mdc/refdata/fasta';
import type { AstTables } from '@mdc/core/ast';
import { findMisfiledReferences, findMisplacedReferences, type MisfiledReference, type MisplacedReference } from '@mdc/core/identify/rrna';
import { GENOME_DIR, hasGenomeFolder, readGenomeFolder, type GenomeRow } from './genomes';
import { hashMaldiFiles, hasMaldiFolder, maldiRow, type MaldiRow } from './maldi';
import { proteinFiles, readProteinTable, type ProteinTable } from '../blast/proteome/proteins';
import { hasItsFolder, itsFilePaths, readItsReferences, type ItsRow } from './its';
import { readResistanceGenes, resistanceGeneFiles, type ResistanceGeneRow } from './genes';

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
const IMPORTER_VERSION = 'resource-import-6';

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
  /** Reference sequences under the accepted names of their species (see `ReferenceRecord`). */
  sequences: Record<Marker, ReferenceRecord[]>;
  /** References whose sequence is a gene of the other marker, by `marker:accession`. */
  misfiled: Map<string, MisfiledReference>;
  /** 16S references inside another genus's cluster, far from their own genus, by `marker:accession`. */
  misplaced: Map<string, MisplacedReference>;
  /** Reference genomes of `genome/` (an older data folder has none). */
  genomes: GenomeRow[];
  /** The built-in MALDI-TOF library: main spectra of the named species of `maldi/` (an older data folder has none). */
  maldi: MaldiRow[];
  /** Names the Lab reads beyond WHONET's: organisms through the taxonomy, drugs through AMR's antimicrobials.tsv. */
  organismAliases: { name: string; code: string }[];
  antibioticAliases: { name: string; code: string }[];
  dosages: NonNullable<AstTables['dosages']>;
  /** Theoretical protein masses for library-free MALDI-TOF identification (null when `maldi/bacteriamslf/` is absent). */
  maldiProteins: ProteinTable | null;
  /** Fungal ITS references of `rrna/its/` (an older data folder has none). */
  its: ItsRow[];
  /** ResFinder's acquired resistance genes with their phenotypes (an older data folder has none). */
  resistanceGenes: ResistanceGeneRow[];
  /** Rows left out on purpose (the AMR rules file has a known malformed row): said, not fatal. */
  warnings: string[];
}

/**
 * A reference sequence as identification uses it: `species` and `lineage` are the accepted name's
 * (through the taxonomy's renamed-to chain), `depositedSpecies` the label of the source file when
 * it differs; the header stays as deposited.
 */
export type ReferenceRecord = FastaRecord & { depositedSpecies?: string };

/**
 * The taxonomy an import files names under (also what tests of the import's naming read): the
 * AMR 3.0.0 taxonomy when the folder has it, with the 2022 table's dropped codes kept.
 */
export function loadImportTaxonomy(dir: string): Promise<TaxonomyTable> {
  return readCurrentTaxonomy(dir);
}

/**
 * 16S references as identification uses them: under accepted names, and checked for records
 * inside another genus's cluster (`misplaced`, left out of `sound`). `excluded` are accessions
 * already left out (genes of the other marker), which neither count nor are checked.
 */
export function identificationReferences(
  records: readonly FastaRecord[],
  taxonomy: TaxonomyTable,
  excluded: Iterable<string>,
  options: { signal?: AbortSignal } = {},
): { named: ReferenceRecord[]; misplaced: MisplacedReference[]; sound: ReferenceRecord[] } {
  const named = withAcceptedNames(records, taxonomy);
  const out = new Set(excluded);
  const candidates = named.filter((record) => !out.has(record.accession));
  const misplaced = findMisplacedReferences(candidates, { onProgress: () => options.signal?.throwIfAborted() });
  const flagged = new Set(misplaced.map((m) => m.accession));
  return { named, misplaced, sound: candidates.filter((record) => !flagged.has(record.accession)) };
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
  const amr3 = path.join(dir, 'amr', AMR_3_FOLDER);
  const amrFiles = ['clinical_breakpoints.tsv', 'microorganisms.groups.tsv', 'antimicrobials.tsv', 'intrinsic_resistant.tsv.gz', 'interpretive_rules.tsv', 'dosage.tsv']
    .map((file) => path.join(amr3, file))
    .filter((file) => existsSync(file));
  const files = new Set([...dataFilePaths(dir), ...currentTaxonomyFiles(dir), ...amrFiles, ...nameFilePaths(namesDir), projectStatusCorrectionsFile, ...(existsSync(genomeManifest) ? [genomeManifest] : []), ...itsFilePaths(dir), ...resistanceGeneFiles(dir)]);
  for (const file of files) {
    hash.update(path.basename(file)).update('\0').update(readFileSync(file)).update('\0');
  }
  if (hasMaldiFolder(dir)) hashMaldiFiles(dir, (chunk) => hash.update(chunk));
  for (const file of proteinFiles(dir)) hash.update(path.basename(file)).update('\0').update(readFileSync(file)).update('\0');
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
  const total = 18;
  let done = 0;
  const step = <T>(label: string, value: T): T => {
    options.onFile?.(label, ++done, total);
    options.signal?.throwIfAborted();
    return value;
  };
  const warnings: string[] = [];
  const taxonomy = step('taxonomy', await loadImportTaxonomy(dir));
  for (const { correction, why } of taxonomy.statusCorrections.refused) {
    warnings.push(`${correction.file} line ${correction.line}: ${correction.name} left as the list has it (${why})`);
  }
  const names = step('chinese names', readChineseNames(namesDir));
  const organisms = step('Organisms.txt', readOrganisms(whonet));
  const antibiotics = step('Antibiotics.txt', readAntibiotics(whonet));
  // WHONET's rows through 2022 and the AMR package's 2023–2025 rows, one table (see currentBreakpoints).
  const served = currentBreakpoints(dir, { organisms, antibiotics, breakpoints: readBreakpoints(whonet) }, taxonomy);
  const breakpoints = step('Breakpoints.txt + clinical_breakpoints.tsv', served.records);
  for (const miss of served.unplaced) {
    warnings.push(`clinical_breakpoints.tsv: ${miss.count} rows left out (${miss.reason}: ${miss.examples.join(', ')})`);
  }
  // EUCAST Expected Resistant Phenotypes v1.2 species by species (AMR 3.0.0) before WHONET's rows,
  // so a EUCAST result names v1.2 (see readAstTables).
  const amrFolder = amr3Dir(dir);
  const intrinsic = amrFolder ? intrinsicResistanceAsWhonet(readIntrinsicResistant(amrFolder), { organisms, antibiotics, taxonomy }) : { records: [], unplaced: 0 };
  if (intrinsic.unplaced > 0) warnings.push(`intrinsic_resistant.tsv.gz: ${intrinsic.unplaced} organism × drug pairs left out (organism or drug without a WHONET code)`);
  const expectedResistance = step('ExpectedResistancePhenotypes.txt + intrinsic_resistant.tsv.gz', [...intrinsic.records, ...readExpectedResistance(whonet)]);
  const expertRules = step('ExpertInterpretationRules.txt', readExpertRules(whonet));
  const qcRanges = step('QC_Ranges.txt', readQcRanges(whonet));
  // The published AMR table carries one row whose tab was lost; it is left out and reported,
  // as the parser recommends, rather than refusing the whole file.
  const skipped: RefdataFormatError[] = [];
  const eucastRules = step('interpretive_rules.tsv', readEucastRules(path.join(dir, 'amr'), { onInvalidRow: (error) => skipped.push(error) }));
  for (const error of skipped) warnings.push(`${error.message}: this row left out, the rest of the file imported`);
  const raw16S = step('16S_reference.fasta.gz', await readSequences(path.join(dir, DATA_FILES.sequences16S), options.signal));
  const sequences18S = step('18S_reference.fasta.gz', withAcceptedNames(await readSequences(path.join(dir, DATA_FILES.sequences18S), options.signal), taxonomy));
  const misfiled = new Map<string, MisfiledReference>();
  for (const found of step('reference check', findMisfiledReferences({ '16S': raw16S, '18S': sequences18S }))) {
    misfiled.set(`${found.marker}:${found.accession}`, found);
    warnings.push(
      `${found.marker} reference ${found.accession} is ${found.resembles === '18S' ? 'an' : 'a'} ${found.resembles} gene (${found.match.similarity.toFixed(1)} % to ${found.match.species} ${found.match.accession}): kept, but left out of identification`,
    );
  }
  const misplaced = new Map<string, MisplacedReference>();
  const misfiled16S = [...misfiled.values()].filter((m) => m.marker === '16S').map((m) => m.accession);
  const checked = step('16S genus clusters', identificationReferences(raw16S, taxonomy, misfiled16S, { signal: options.signal }));
  const sequences16S = checked.named;
  for (const found of checked.misplaced) {
    misplaced.set(`16S:${found.accession}`, found);
    warnings.push(
      `16S reference ${found.accession} (${found.species}) sits inside ${found.insideGenus} (${found.closest.similarity.toFixed(2)} % to ${found.closest.species} ${found.closest.accession}), far from its own genus: kept, but left out of identification`,
    );
  }
  const genomes = step('genome/', hasGenomeFolder(dir) ? await readGenomeFolder(path.join(dir, GENOME_DIR), taxonomy) : []);
  const maldi = step('maldi/', hasMaldiFolder(dir) ? await readMaldiLibrary(dir, taxonomy) : []);
  const amr = amr3Dir(dir);
  const organismAliases = step('organism names', organismAliasesFrom(taxonomy, organisms));
  const antibioticAliases = amr ? antibioticAliasesFrom(readAntimicrobials(amr), antibiotics) : [];
  const dosages = amr ? readDosages(amr, antibiotics) : [];
  const maldiProteins = step('maldi/bacteriamslf/', await readProteinTable(dir));
  const its = step('rrna/its/', hasItsFolder(dir) ? await readItsReferences(dir, taxonomy, options.signal) : []);
  const resistanceGenes = step('resistome/resfinder/', readResistanceGenes(dir));
  return {
    its,
    resistanceGenes,
    dir,
    namesDir,
    organismAliases,
    antibioticAliases,
    dosages,
    genomes,
    maldi,
    maldiProteins,
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
    misplaced,
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
