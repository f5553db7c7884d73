import { afterAll, describe, expect, it } from 'vitest';
import { packSequence } from '@mdc/core/identify/genome';
import type { Queryable } from '../../src/db';
import { ACCOUNT_LIBRARIES_KEPT, GenomeEngine } from '../../src/blast/genome/engine';

// Two small made-up references (random bases, fixed seed): what is tested is which libraries the
// engine keeps in its threads, not what they identify.
function bases(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = (x >>> 16) & 3;
  }
  return out;
}
const references = [1, 2].map((id) => ({ id, owner_id: null, species: `Exemplia ${id}`, strain: 's', accession: `X${id}`, file: `x${id}.fna`, md5: `m${id}`, seq: bases(20_000, id) }));

/** The rows the engine asks for: every account sees the two shared references. */
const db = {
  async query(sql: string, params: unknown[] = []) {
    if (sql.startsWith('SELECT id, owner_id')) return references.map(({ id, owner_id, species, strain, accession, file }) => ({ id, owner_id, species, strain, accession, file }));
    if (sql.startsWith('SELECT id, md5')) return references.map((r) => ({ id: r.id, md5: r.md5, contig_lengths: [r.seq.length] }));
    // Packed genomes are read in slices (substring is 1-based, as in SQL).
    const reference = references.find((r) => r.id === params[0]);
    if (sql.startsWith('SELECT octet_length(sequence)')) return reference ? [{ bytes: packSequence(reference.seq).length, contig_lengths: [reference.seq.length] }] : [];
    if (sql.startsWith('SELECT substring(sequence')) {
      const from = Number(params[1]) - 1;
      return reference ? [{ part: packSequence(reference.seq).subarray(from, from + Number(params[2])) }] : [];
    }
    if (sql.startsWith('SELECT id FROM genome_reference')) return references.map((r) => ({ id: r.id }));
    throw new Error(`unexpected query ${sql}`);
  },
} as unknown as Queryable;

describe('the genome engine keeps a bounded number of account libraries in its threads', () => {
  const engine = new GenomeEngine(1);
  afterAll(() => engine.close());

  it('drops the least recently used account when one more comes, never the shared library, and rebuilds a dropped one on its return', async () => {
    const pool = engine.threadsPool;
    const sent: { key: string; drop: string[] }[] = [];
    const library = pool.library.bind(pool);
    pool.library = async (key, refs, drop = []) => {
      sent.push({ key, drop });
      return library(key, refs, drop);
    };
    await engine.library(db, null);
    for (let user = 1; user <= ACCOUNT_LIBRARIES_KEPT; user++) await engine.library(db, user);
    expect(sent.every((s) => s.drop.length === 0)).toBe(true);
    // Account 1 is used again: account 2 is now the least recent.
    await engine.library(db, 1);
    expect(sent).toHaveLength(ACCOUNT_LIBRARIES_KEPT + 1);
    await engine.library(db, ACCOUNT_LIBRARIES_KEPT + 1);
    expect(sent.at(-1)).toEqual({ key: `user:${ACCOUNT_LIBRARIES_KEPT + 1}`, drop: ['user:2'] });
    // The shared library stays (no rebuild); account 2 comes back with a new library.
    await engine.library(db, null);
    expect(sent.at(-1)!.key).toBe(`user:${ACCOUNT_LIBRARIES_KEPT + 1}`);
    await engine.library(db, 2);
    expect(sent.at(-1)).toEqual({ key: 'user:2', drop: ['user:3'] });
    // A kept library is answered without another build.
    const before = sent.length;
    expect(await engine.library(db, 2)).toMatchObject({ key: 'user:2', references: 2 });
    expect(sent).toHaveLength(before);
  });
});
