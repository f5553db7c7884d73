import { afterAll, describe, expect, it } from 'vitest';
import { buildReferenceIndex, identifySequences, type ReferenceSequence } from '@mdc/core/identify/rrna';
import { IdentifyPool } from '@mdc/core/identify/rrna/parallel';
import { randomSequence, reverseComplementText, rng, substitute } from './identify/helpers';

const random = rng(77);
const references: ReferenceSequence[] = Array.from({ length: 12 }, (_, i) => ({
  accession: `P${i}`,
  species: `Genus${i % 4} species${i}`,
  lineage: ['Bacteria', 'P', 'C', 'O', `Family${i % 2}`, `Genus${i % 4}`],
  sequence: randomSequence(900, random),
}));
const queries = references.slice(0, 9).map((r, i) => ({
  id: `q${i}`,
  sequence: i % 3 === 0 ? reverseComplementText(substitute(r.sequence, 5, random, 20)) : substitute(r.sequence.slice(50, 850), 3, random, 20),
}));
queries.push({ id: 'short', sequence: 'ACGT'.repeat(20) });

describe('IdentifyPool (worker threads)', () => {
  const pool = new IdentifyPool({ threads: 2 });
  afterAll(() => pool.close());

  it('gives the same results as the single-threaded engine, in query order', async () => {
    const index = buildReferenceIndex(references, { shared: true });
    await pool.setIndex('16S', index);
    const parallel = await pool.identify('16S', queries, { alignments: true });
    const single = identifySequences(index, queries, { alignments: true });
    expect(parallel.map((r) => r.queryId)).toEqual(queries.map((q) => q.id));
    expect(parallel).toEqual(single);
    expect(parallel.filter((r) => r.ok)).toHaveLength(9);
  });

  it('copies an index built without shared memory and keeps several indexes apart', async () => {
    const other = buildReferenceIndex(references.slice(6));
    await pool.setIndex('18S', other);
    const [result] = await pool.identify('18S', [queries[1]!], { marker: '18S' });
    expect(result!.ok).toBe(false);
    if (!result!.ok) expect(result!.messageKey).toBe('identify.18s.unsupported');
    const [again] = await pool.identify('16S', [queries[1]!]);
    expect(again!.ok && again!.topHit.accession).toBe('P1');
  });

  it('rejects a batch for an index it does not have', async () => {
    await expect(pool.identify('ITS', [queries[0]!])).rejects.toThrow(/no reference index 'ITS'/);
  });
});
