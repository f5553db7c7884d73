import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneWeights, ProteinMass } from '@mdc/core/identify/proteome';
import type { Queryable } from '../../db';

/**
 * The theoretical protein masses of library-free identification: read from the reference data at
 * import, kept in the database, loaded once per process and handed to the proteome thread packed in
 * typed arrays (83,000 rows as objects took tens of milliseconds of the event loop to clone).
 */
export const PROTEIN_FOLDER = 'maldi/bacteriamslf';

export interface ProteinTable {
  rows: ProteinMass[];
  weights: GeneWeights;
}

/** The table packed for a message: strings once, numbers in typed arrays. */
export interface PackedProteins {
  /** Changes with every import, so the thread knows when to rebuild its reference. */
  version: string;
  names: string[];
  genus: Int32Array;
  species: Int32Array;
  gene: Int32Array;
  mw: Float64Array;
  weights: GeneWeights;
}

export function hasProteinFolder(dataDir: string): boolean {
  return existsSync(path.join(dataDir, PROTEIN_FOLDER, 'uniprot_table.csv')) && existsSync(path.join(dataDir, PROTEIN_FOLDER, 'weight.csv'));
}

/** The two files, for the import's fingerprint. */
export function proteinFiles(dataDir: string): string[] {
  return hasProteinFolder(dataDir) ? ['uniprot_table.csv', 'weight.csv'].map((f) => path.join(dataDir, PROTEIN_FOLDER, f)) : [];
}

export async function readProteinTable(dataDir: string): Promise<ProteinTable | null> {
  if (!hasProteinFolder(dataDir)) return null;
  const { parseProteinTable, parseGeneWeights } = await import('@mdc/refdata/maldi');
  const base = path.join(dataDir, PROTEIN_FOLDER);
  return { rows: parseProteinTable(readFileSync(path.join(base, 'uniprot_table.csv'), 'utf8')).rows, weights: parseGeneWeights(readFileSync(path.join(base, 'weight.csv'), 'utf8')) };
}

/** Replaces the table inside the import's transaction; returns the proteins written. */
export async function replaceProteinTable(tx: Queryable, table: ProteinTable | null): Promise<number> {
  await tx.query('DELETE FROM maldi_protein_species');
  await tx.query('DELETE FROM maldi_gene_weight');
  if (!table) return 0;
  const bySpecies = new Map<string, { genus: string; species: string; proteins: [string, number][] }>();
  for (const r of table.rows) {
    const key = `${r.genus}\t${r.species}`;
    const entry = bySpecies.get(key) ?? { genus: r.genus, species: r.species, proteins: [] };
    entry.proteins.push([r.gene, r.mw]);
    bySpecies.set(key, entry);
  }
  const entries = [...bySpecies.values()];
  for (let i = 0; i < entries.length; i += 200) {
    const chunk = entries.slice(i, i + 200);
    const values = chunk.map((_, j) => `($${3 * j + 1}, $${3 * j + 2}, $${3 * j + 3}::jsonb)`).join(', ');
    await tx.query(`INSERT INTO maldi_protein_species (genus, species, proteins) VALUES ${values}`, chunk.flatMap((e) => [e.genus, e.species, JSON.stringify(e.proteins)]));
  }
  for (const [gene, weight] of Object.entries(table.weights)) await tx.query('INSERT INTO maldi_gene_weight (gene, weight) VALUES ($1, $2)', [gene, weight]);
  return table.rows.length;
}

const cache = new WeakMap<object, { version: string; packed: Promise<PackedProteins | null> }>();

async function versionOf(db: Queryable): Promise<string> {
  const rows = await db.query<{ id: number | string | null }>('SELECT max(id) AS id FROM refdata_import');
  return String(rows[0]?.id ?? 'none');
}

/** The packed table of this database (null when no import brought it), cached until the next import. */
export async function proteinTableOf(db: Queryable): Promise<PackedProteins | null> {
  const version = await versionOf(db);
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit.packed;
  const packed = (async () => {
    const rows = await db.query<{ genus: string; species: string; proteins: [string, number][] }>('SELECT genus, species, proteins FROM maldi_protein_species ORDER BY genus, species');
    if (rows.length === 0) return null;
    const weights = await db.query<{ gene: string; weight: number }>('SELECT gene, weight FROM maldi_gene_weight');
    return pack(rows, Object.fromEntries(weights.map((w) => [w.gene, Number(w.weight)])), version);
  })();
  cache.set(db, { version, packed });
  packed.catch(() => cache.delete(db));
  return packed;
}

function pack(rows: { genus: string; species: string; proteins: [string, number][] }[], weights: GeneWeights, version: string): PackedProteins {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const id = (s: string) => {
    let i = ids.get(s);
    if (i === undefined) {
      i = names.length;
      names.push(s);
      ids.set(s, i);
    }
    return i;
  };
  const n = rows.reduce((sum, r) => sum + r.proteins.length, 0);
  const out: PackedProteins = { version, names, genus: new Int32Array(n), species: new Int32Array(n), gene: new Int32Array(n), mw: new Float64Array(n), weights };
  let k = 0;
  for (const r of rows) {
    const g = id(r.genus);
    const s = id(r.species);
    for (const [gene, mw] of r.proteins) {
      out.genus[k] = g;
      out.species[k] = s;
      out.gene[k] = id(gene);
      out.mw[k] = mw;
      k++;
    }
  }
  return out;
}

/** Back to rows, in the thread. */
export function* unpackProteins(p: PackedProteins): Iterable<ProteinMass> {
  for (let i = 0; i < p.mw.length; i++) yield { genus: p.names[p.genus[i]!]!, species: p.names[p.species[i]!]!, gene: p.names[p.gene[i]!]!, mw: p.mw[i]! };
}
