import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createGunzip, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { findRefdataDir } from '../datadir';
import {
  parseMicroorganisms,
  parseTaxonCodes,
  MICROORGANISMS_FILE,
  MICROORGANISMS_GZ_FILE,
  MicroorganismsParser,
  TAXON_CODES_FILE,
  TaxonCodesParser,
} from './parse';
import { applyStatusCorrections, readStatusCorrections, type StatusCorrection } from './corrections';
import { TaxonomyTable } from './table';
import type { Taxon, TaxonCode } from './types';

/** `taxonomy/` inside the reference data folder; throws when no data folder is configured. */
export function defaultTaxonomyDir(): string {
  const root = findRefdataDir();
  if (!root) {
    throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
  }
  return path.join(root, 'taxonomy');
}

async function streamLines(file: string, push: (line: string) => void): Promise<void> {
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  input.setEncoding('utf8');
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) push(line);
}

/** Streams `microorganisms.tsv` (or its `.gz`) line by line into typed taxa. */
export async function readMicroorganisms(file: string): Promise<Taxon[]> {
  const parser = new MicroorganismsParser(path.basename(file));
  await streamLines(file, (line) => parser.push(line));
  return parser.finish();
}

/** Streams `microorganisms.codes.tsv`. */
export async function readTaxonCodes(file: string): Promise<TaxonCode[]> {
  const parser = new TaxonCodesParser(path.basename(file));
  await streamLines(file, (line) => parser.push(line));
  return parser.finish();
}

/**
 * Reads both taxonomy files from a folder (default: the reference data's `taxonomy/`) and
 * checks that every code names a taxon of the table.
 */
export async function readTaxonomy(dir: string = defaultTaxonomyDir()): Promise<TaxonomyTable> {
  const [taxa, codes] = await Promise.all([
    readMicroorganisms(path.join(dir, MICROORGANISMS_FILE)),
    readTaxonCodes(path.join(dir, TAXON_CODES_FILE)),
  ]);
  return new TaxonomyTable(taxa, codes, { codesFile: TAXON_CODES_FILE });
}

/** Where the AMR 3.0.0 tables live inside the reference data folder. */
export const AMR_3_DIR = 'amr/amr-3.0.0';
/** Where the Dec 2022 taxonomy lives inside the reference data folder. */
export const TAXONOMY_2022_DIR = 'taxonomy';

/** The taxonomy files an import of `root` reads: the AMR 3.0.0 table when there, and the 2022 one. */
export function currentTaxonomyFiles(root: string): string[] {
  const files = [path.join(root, TAXONOMY_2022_DIR, MICROORGANISMS_FILE), path.join(root, TAXONOMY_2022_DIR, TAXON_CODES_FILE)];
  const amr = path.join(root, AMR_3_DIR);
  if (existsSync(path.join(amr, MICROORGANISMS_GZ_FILE))) files.push(path.join(amr, MICROORGANISMS_GZ_FILE), path.join(amr, TAXON_CODES_FILE));
  return files.filter((file) => existsSync(file));
}

export interface CurrentTaxonomyOptions {
  /** Curated status corrections applied to the AMR 3.0.0 list (default: the project's table). */
  statusCorrections?: readonly StatusCorrection[];
}

/**
 * The portal's taxonomy: the AMR 3.0.0 table (78,679 taxa: LPSN, MycoBank, GBIF) with its
 * codes, plus every record and laboratory code of the Dec 2022 table that it no longer has, so
 * that every address and code that worked before still does. A retired record points at the
 * current record of the same name (Toxoplasma gondii P_TXPL_GOND → C_TXPL_GOND) and counts as
 * its synonym; one without a successor stays what it was. Without the 3.0.0 folder, the 2022
 * table alone (an older data folder). The project's curated status corrections are applied to the
 * 3.0.0 list where it still warrants them (`applyStatusCorrections`; the table's
 * `statusCorrections` says which were applied and which refused).
 */
export async function readCurrentTaxonomy(root: string = findRefdataDir() ?? '', options: CurrentTaxonomyOptions = {}): Promise<TaxonomyTable> {
  const amr = path.join(root, AMR_3_DIR);
  const legacyDir = path.join(root, TAXONOMY_2022_DIR);
  if (!existsSync(path.join(amr, MICROORGANISMS_GZ_FILE))) return readTaxonomy(legacyDir);
  const haveLegacy = existsSync(path.join(legacyDir, MICROORGANISMS_FILE));
  const [taxa, codes, legacyTaxa, legacyCodes] = await Promise.all([
    readMicroorganisms(path.join(amr, MICROORGANISMS_GZ_FILE)),
    readTaxonCodes(path.join(amr, TAXON_CODES_FILE)),
    haveLegacy ? readMicroorganisms(path.join(legacyDir, MICROORGANISMS_FILE)) : Promise.resolve([] as Taxon[]),
    haveLegacy && existsSync(path.join(legacyDir, TAXON_CODES_FILE)) ? readTaxonCodes(path.join(legacyDir, TAXON_CODES_FILE)) : Promise.resolve([] as TaxonCode[]),
  ]);
  const corrected = applyStatusCorrections(taxa, options.statusCorrections ?? readStatusCorrections());
  return new TaxonomyTable(...mergeRetired(corrected.taxa, codes, legacyTaxa, legacyCodes), { codesFile: TAXON_CODES_FILE, statusCorrections: corrected.outcome });
}

/** The current table extended by the records and codes of an earlier one that it dropped. */
export function mergeRetired(
  taxa: readonly Taxon[],
  codes: readonly TaxonCode[],
  legacyTaxa: readonly Taxon[],
  legacyCodes: readonly TaxonCode[],
  legacyFile = `${TAXONOMY_2022_DIR}/${MICROORGANISMS_FILE}`,
): [Taxon[], TaxonCode[]] {
  const byMo = new Map(taxa.map((t) => [t.mo, t]));
  const byName = new Map<string, Taxon>();
  for (const t of taxa) {
    const key = t.name.toLowerCase();
    const seen = byName.get(key);
    if (!seen || (seen.status !== 'accepted' && t.status === 'accepted')) byName.set(key, t);
  }
  const merged = [...taxa];
  for (const old of legacyTaxa) {
    if (byMo.has(old.mo)) continue;
    const successor = byName.get(old.name.toLowerCase());
    const retired: Taxon = { ...old, retired: { file: legacyFile } };
    if (successor) {
      retired.retired = { file: legacyFile, replacedByMo: successor.mo };
      retired.status = 'synonym';
    }
    merged.push(retired);
    byMo.set(old.mo, retired);
  }
  const codeKeys = new Set(codes.map((c) => c.code.toUpperCase()));
  const mergedCodes = [...codes];
  for (const code of legacyCodes) {
    if (codeKeys.has(code.code.toUpperCase()) || !byMo.has(code.mo)) continue;
    codeKeys.add(code.code.toUpperCase());
    mergedCodes.push(code);
  }
  return [merged, mergedCodes];
}

/** readCurrentTaxonomy without streams, for synchronous callers (the AST tables of `mdc interpret`). */
export function readCurrentTaxonomySync(root: string, options: CurrentTaxonomyOptions = {}): TaxonomyTable {
  const text = (file: string) => {
    const raw = readFileSync(file);
    return (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  };
  const amr = path.join(root, AMR_3_DIR);
  const legacyDir = path.join(root, TAXONOMY_2022_DIR);
  const legacy = existsSync(path.join(legacyDir, MICROORGANISMS_FILE));
  const legacyTaxa = legacy ? parseMicroorganisms(text(path.join(legacyDir, MICROORGANISMS_FILE))) : [];
  const legacyCodes = legacy && existsSync(path.join(legacyDir, TAXON_CODES_FILE)) ? parseTaxonCodes(text(path.join(legacyDir, TAXON_CODES_FILE))) : [];
  if (!existsSync(path.join(amr, MICROORGANISMS_GZ_FILE))) return new TaxonomyTable(legacyTaxa, legacyCodes);
  const taxa = parseMicroorganisms(text(path.join(amr, MICROORGANISMS_GZ_FILE)), MICROORGANISMS_GZ_FILE);
  const codes = parseTaxonCodes(text(path.join(amr, TAXON_CODES_FILE)));
  const corrected = applyStatusCorrections(taxa, options.statusCorrections ?? readStatusCorrections());
  return new TaxonomyTable(...mergeRetired(corrected.taxa, codes, legacyTaxa, legacyCodes), { codesFile: TAXON_CODES_FILE, statusCorrections: corrected.outcome });
}
