import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { findRefdataDir } from '../datadir';
import {
  MICROORGANISMS_FILE,
  MicroorganismsParser,
  TAXON_CODES_FILE,
  TaxonCodesParser,
} from './parse';
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
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) push(line);
}

/** Streams `microorganisms.tsv` line by line into typed taxa. */
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
