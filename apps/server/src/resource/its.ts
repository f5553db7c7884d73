import { existsSync } from 'node:fs';
import path from 'node:path';
import { ITS_REGIONS, itsReference, type ItsReference, type ItsRegion } from '@mdc/core/identify/its';
import { readFasta } from '@mdc/refdata/fasta';
import type { TaxonomyTable } from '@mdc/refdata/taxonomy';
import type { Column, TablePlan } from './batch';

/** The fungal ITS references of the data folder (an older folder has none). */
export const ITS_DIR = 'rrna/its';
export const ITS_FILES: Readonly<Record<ItsRegion, string>> = Object.freeze({
  ITS1: 'ITS1_reference.fasta.gz',
  ITS2: 'ITS2_reference.fasta.gz',
  ITS: 'ITS_full_reference.fasta.gz',
});

export function itsFilePaths(dir: string): string[] {
  return hasItsFolder(dir) ? ITS_REGIONS.map((region) => path.join(dir, ITS_DIR, ITS_FILES[region])) : [];
}

export function hasItsFolder(dir: string): boolean {
  return ITS_REGIONS.every((region) => existsSync(path.join(dir, ITS_DIR, ITS_FILES[region])));
}

export interface ItsRow extends ItsReference {
  region: ItsRegion;
  taxonMo: string | null;
  line: number;
}

/**
 * Each record of one ITS reference file as an ITS reference: named by its place in the file (the
 * source's ids repeat), species and lineage from its header, why it is no evidence (if it is not);
 * with the header as written and its line. Import, test sets and the benchmark read the files so.
 */
export async function* readItsFile(file: string, region: ItsRegion): AsyncGenerator<ItsReference & { header: string; line: number }> {
  let ordinal = 0;
  for await (const record of readFasta(file)) yield { ...itsReference(record.header, record.sequence, region, ++ordinal), header: record.header, line: record.line };
}

/** Reads the three sets; a malformed file throws here, before any write. */
export async function readItsReferences(dir: string, taxonomy: TaxonomyTable, signal?: AbortSignal): Promise<ItsRow[]> {
  const rows: ItsRow[] = [];
  const moOf = new Map<string, string | null>();
  for (const region of ITS_REGIONS) {
    let ordinal = 0;
    for await (const { header: _header, line, ...ref } of readItsFile(path.join(dir, ITS_DIR, ITS_FILES[region]), region)) {
      ordinal++;
      let mo = moOf.get(ref.species);
      if (mo === undefined) {
        const taxon = ref.species ? taxonomy.byName(ref.species) : undefined;
        // Filed under the accepted name, as the 16S/18S references are.
        mo = taxon ? (taxonomy.currentName(taxon).current ?? taxon).mo : null;
        moOf.set(ref.species, mo);
      }
      rows.push({ ...ref, region, taxonMo: mo, line });
      if (ordinal % 5000 === 0) signal?.throwIfAborted();
    }
  }
  return rows;
}

const COLUMNS: Column[] = [
  { name: 'region', type: 'text' },
  { name: 'accession', type: 'text' },
  { name: 'lineage', type: 'text[]' },
  { name: 'species', type: 'text' },
  { name: 'taxon_mo', type: 'text' },
  { name: 'length', type: 'int' },
  { name: 'sequence', type: 'text' },
  { name: 'line', type: 'int' },
  { name: 'exclusion', type: 'text' },
];

export function itsPlan(rows: readonly ItsRow[]): TablePlan {
  return {
    table: 'its_reference',
    columns: COLUMNS,
    rows: rows.map((r) => [r.region, r.accession, r.lineage, r.species, r.taxonMo, r.sequence.length, r.sequence, r.line, r.exclusion]),
  };
}
