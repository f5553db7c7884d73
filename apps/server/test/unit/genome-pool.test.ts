import { afterEach, describe, expect, it } from 'vitest';
import { GenomePool } from '../../src/blast/genome/pool';
import type { ReferenceInput } from '../../src/blast/genome/thread';

/** A random genome of `length` bases as FASTA bytes (seeded, so every run sketches the same). */
function genome(seed: number, length: number): Uint8Array {
  let state = seed;
  const bases = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bases[i] = 'ACGT'.charCodeAt(state >>> 30);
  }
  return new Uint8Array([...new TextEncoder().encode(`>g${seed}\n`), ...bases, 0x0a]);
}

const inputs: ReferenceInput[] = [1, 2, 3].map((seed) => ({ id: String(seed), species: `Genus species${seed}`, strain: '', accession: `G${seed}`, name: `g${seed}.fna`, fasta: genome(seed, 150_000) }));

let pool: GenomePool | undefined;
afterEach(async () => pool?.close());

describe('GenomePool.sketch with more threads than the pool keeps', () => {
  it('sketches the same as on the pool alone, ends the added threads, and the pool goes on working', async () => {
    pool = new GenomePool(1);
    const alone = await pool.sketch(inputs);
    const helped = await pool.sketch(inputs, 3);
    expect(helped.map((r) => [r.id, r.length, Array.from(r.sketch.hashes)])).toEqual(alone.map((r) => [r.id, r.length, Array.from(r.sketch.hashes)]));
    // The added threads' end is not taken for the pool's death: it still sketches and indexes.
    expect(pool.alive).toBe(true);
    await pool.library('test', helped);
    expect((await pool.sketch(inputs.slice(0, 1)))[0]!.length).toBe(150_000);
  }, 60_000);
});
