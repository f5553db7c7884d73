import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta } from '@mdc/refdata/fasta';
import { ITS_REGIONS, type ItsReference, type ItsRegion } from '@mdc/core/identify/its';
import type { Queryable } from '../../db';
import { sharedReferencesChanged } from '../../resource/reference-version';
import { ITS_DIR, ITS_FILES, readItsFile } from '../../resource/its';

/**
 * Small ITS reference sets cut at run time from the real files in the data folder (never copied
 * into the repository), for tests that need a real identification in a second: the clinically
 * important genera, a few thousand records.
 */
export const SMALL_ITS_GENERA: readonly string[] = ['Aspergillus', 'Candida', 'Fusarium', 'Cryptococcus', 'Trichophyton', 'Penicillium', 'Mucor'];

function dataFile(name: string): string {
  const dir = findRefdataDir();
  if (!dir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
  return path.join(dir, ITS_DIR, name);
}

export type SmallItsReference = ItsReference & { region: ItsRegion; line: number };

/** Every record of the genera in each region's file, excluded ones too (as an import keeps them). */
export async function smallItsReferenceSet(genera: readonly string[] = SMALL_ITS_GENERA): Promise<SmallItsReference[]> {
  const wanted = new Set(genera);
  const out: SmallItsReference[] = [];
  for (const region of ITS_REGIONS) {
    for await (const { header, ...ref } of readItsFile(dataFile(ITS_FILES[region]), region)) {
      if (wanted.has(header.split(';')[5] ?? '')) out.push({ ...ref, region });
    }
  }
  return out;
}

/** Held-out ITS2 queries whose expected species belongs to the genera. */
export async function heldOutItsQueries(genera: readonly string[] = SMALL_ITS_GENERA): Promise<{ id: string; expected: string; sequence: string }[]> {
  const wanted = new Set(genera);
  const out: { id: string; expected: string; sequence: string }[] = [];
  for await (const record of readFasta(dataFile('ITS2_queries_dev.fasta.gz'))) {
    const [id, expected = ''] = record.header.split('|expected=');
    if (wanted.has(expected.split(' ')[0]!)) out.push({ id: id!.trim(), expected: expected.trim(), sequence: record.sequence });
  }
  return out;
}

/** Writes references into its_reference the way an import leaves them (without the rest of an import). */
export async function insertItsReferences(db: Queryable, records: readonly SmallItsReference[]): Promise<void> {
  const literal = (values: readonly string[]) => '{' + values.map((v) => '"' + v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"').join(',') + '}';
  const chunk = 500;
  for (let at = 0; at < records.length; at += chunk) {
    const part = records.slice(at, at + chunk);
    await db.query(
      `INSERT INTO its_reference (region, accession, lineage, species, length, sequence, line, exclusion)
       SELECT r, a, l::text[], s, n, q, ln, x FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::int[], $8::text[]) AS t(r, a, l, s, n, q, ln, x)`,
      [
        part.map((r) => r.region),
        part.map((r) => r.accession),
        part.map((r) => literal(r.lineage)),
        part.map((r) => r.species),
        part.map((r) => r.sequence.length),
        part.map((r) => r.sequence),
        part.map((r) => r.line),
        part.map((r) => r.exclusion),
      ],
    );
  }
  // Written outside an import: what was said of the references (/api/blast/info) is counted again.
  sharedReferencesChanged();
}
