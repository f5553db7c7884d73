import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta, type FastaRecord } from '@mdc/refdata/fasta';
import { findMisfiledReferences } from '@mdc/core/identify/rrna';
import type { Queryable } from '../../db';
import { sharedReferencesChanged } from '../../resource/reference-version';
import type { Marker } from './submission';

/**
 * Small reference sets cut at run time from the real files in the data folder (never copied into
 * the repository), for tests and demonstrations that need a real identification in a second:
 * a few clinically relevant genera, a few hundred sequences.
 */
export const SMALL_GENERA: Record<Marker, readonly string[]> = {
  '16S': ['Escherichia', 'Shigella', 'Klebsiella', 'Salmonella', 'Staphylococcus', 'Listeria', 'Neisseria', 'Helicobacter', 'Campylobacter'],
  '18S': ['Candida', 'Saccharomyces', 'Cryptococcus'],
};

function dataFile(name: string): string {
  const dir = findRefdataDir();
  if (!dir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
  return path.join(dir, 'rrna', name);
}

const genusOf = (species: string | undefined) => (species ?? '').split(' ')[0] ?? '';

async function collect(file: string, keep: (record: FastaRecord) => boolean): Promise<FastaRecord[]> {
  const out: FastaRecord[] = [];
  for await (const record of readFasta(file)) if (keep(record)) out.push(record);
  return out;
}

async function genesOf(marker: Marker, genera: readonly string[]): Promise<FastaRecord[]> {
  const wanted = new Set(genera);
  return collect(dataFile(`${marker}_reference.fasta.gz`), (r) => wanted.has(genusOf(r.species)));
}

/**
 * The marker's references of the small genera, in file order — without the records an import
 * would set aside as genes of the other marker (a yeast 18S gene in a Streptococcus contig filed
 * as 16S), as identification never sees them.
 */
export async function smallReferenceSet(marker: Marker, genera: readonly string[] = SMALL_GENERA[marker]): Promise<FastaRecord[]> {
  const own = await genesOf(marker, genera);
  const other: Marker = marker === '16S' ? '18S' : '16S';
  const misfiled = findMisfiledReferences({ [marker]: own, [other]: await genesOf(other, SMALL_GENERA[other]) } as Record<Marker, FastaRecord[]>);
  const out = new Set(misfiled.filter((m) => m.marker === marker).map((m) => m.accession));
  return own.filter((r) => !out.has(r.accession));
}

/** Held-out queries (not in the reference set) whose expected species belongs to the small genera. */
export async function heldOutQueries(marker: Marker, genera: readonly string[] = SMALL_GENERA[marker]): Promise<FastaRecord[]> {
  const wanted = new Set(genera);
  return collect(dataFile(`${marker}_queries_dev.fasta.gz`), (r) => wanted.has(genusOf(r.expected)));
}

/**
 * Writes references into the reference table the way an import would leave them (without the
 * rest of an import). `taxa` maps species names to taxon ids for the taxon links.
 */
export async function insertReferences(db: Queryable, marker: Marker, records: readonly FastaRecord[], taxa: Record<string, string> = {}): Promise<void> {
  const literal = (values: readonly string[]) => '{' + values.map((v) => '"' + v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"').join(',') + '}';
  const chunk = 200;
  for (let at = 0; at < records.length; at += chunk) {
    const part = records.slice(at, at + chunk);
    await db.query(
      `INSERT INTO reference_sequence (marker, accession, header, description, lineage, species, taxon_mo, length, sequence, line)
       SELECT $1, a, h, d, l::text[], s, t, n, q, ln
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::int[]) AS x(a, h, d, l, s, t, n, q, ln)`,
      [
        marker,
        part.map((r) => r.accession),
        part.map((r) => r.header),
        part.map((r) => r.description),
        part.map((r) => literal(r.lineage ?? [])),
        part.map((r) => r.species ?? ''),
        part.map((r) => (r.species ? (taxa[r.species] ?? null) : null)),
        part.map((r) => r.sequence.length),
        part.map((r) => r.sequence),
        part.map((_, i) => at + i + 1),
      ],
    );
  }
  // Written outside an import: what was said of the references (/api/blast/info) is counted again.
  sharedReferencesChanged();
}
