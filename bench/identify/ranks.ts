/**
 * How closely related references of the same and of different taxa are in a reference set: for
 * each reference, its closest other reference of the same species, of another species of its
 * genus, and of another genus (MDC similarity, leave-one-out). The 18S thresholds in
 * packages/core/src/identify/rrna/confidence.ts rest on these figures.
 *
 *   node --import tsx bench/identify/ranks.ts [--marker 18S]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFastaFile } from '@mdc/refdata/fasta';
import { buildReferenceIndex, identifySequence, type Marker } from '@mdc/core/identify/rrna';

const { values } = parseArgs({ options: { marker: { type: 'string', default: '18S' } } });
const marker = values.marker!.toUpperCase() as Marker;
const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
const refs = await readFastaFile(path.join(dataDir, 'rrna', `${marker}_reference.fasta.gz`));
const index = buildReferenceIndex(refs);
const closest = { 'same species': [] as number[], 'other species, same genus': [] as number[], 'other genus': [] as number[] };
for (const r of refs) {
  const result = identifySequence(index, { id: r.accession, sequence: r.sequence }, { marker, alignments: false, maxHits: 300, candidates: 400 });
  if (!result.ok) continue;
  const others = result.hits.filter((h) => h.accession !== r.accession);
  const genus = r.species?.split(' ')[0];
  const same = others.find((h) => h.species === r.species);
  const sibling = others.find((h) => h.genus === genus && h.species !== r.species);
  const stranger = others.find((h) => h.genus !== genus);
  if (same) closest['same species'].push(same.similarity);
  if (sibling) closest['other species, same genus'].push(sibling.similarity);
  if (stranger) closest['other genus'].push(stranger.similarity);
}
const quantile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(p * (sorted.length - 1))]!.toFixed(2);
};
console.log(`${marker}: ${refs.length} references, ${new Set(refs.map((r) => r.species)).size} species, ${new Set(refs.map((r) => r.species?.split(' ')[0])).size} genera`);
console.log('closest reference | references | 5 % | 25 % | median | 75 % | 95 %');
for (const [name, xs] of Object.entries(closest)) {
  console.log(`${name} | ${xs.length} | ${[0.05, 0.25, 0.5, 0.75, 0.95].map((p) => quantile(xs, p)).join(' | ')}`);
}
