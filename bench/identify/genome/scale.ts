// Genome identification at GTDB scale: query time and memory with 1k, 10k and 100k reference
// sketches, synthesised by mutating the real references at known rates.
//   node --import tsx bench/identify/genome/scale.ts [--sizes 1000,10000,100000]
//
// GTDB holds over 100,000 species-representative genomes. The design keeps only the screening
// index in memory (about 2,500 hashes per 5 Mbp genome) and fetches a candidate's seed sketch
// (or its packed sequence, sketched in ~50 ms) when a query needs it. This bench measures both
// parts: the index (build time, bytes, screening time) and the per-candidate work (making the
// seed sketch, the ANI).
//
// Synthetic genome i derives from real reference i mod 44 at a known divergence d (0.5–25 %): a
// seed survives with probability (1 − d)^16, decided per seed by a hash of (i, seed) so that the
// screening index and the full sketch agree on which seeds survive; a lost seed is replaced by a
// random one at the same position (a mutated 16-mer is a seed with the same 1-in-8 chance).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readAssemblyFile, readGenomeManifest } from '@mdc/refdata/genome';
import { KMER, SCREEN_LIMIT, SEED_LIMIT, ScreeningIndex, asQuery, compareGenomes, mix32, packSequence, screeningHashes, sketchGenome, sortByHash, unpackSequence, type SeedSketch } from '@mdc/core/identify/genome';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000,100000' }, candidates: { type: 'string', default: '10' } } });
const sizes = values.sizes!.split(',').map(Number);
const candidates = Number(values.candidates);
const data = findRefdataDir();
if (!data) throw new Error('no shared data: set REFDATA_DIR');
const dir = path.join(data, 'genome');
const rows = readGenomeManifest(dir);

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const rss = () => process.memoryUsage().rss;

let t = performance.now();
const references: { species: string; sketch: SeedSketch }[] = [];
const packed: { packed: Uint8Array; contigs: { start: number; length: number }[] }[] = [];
for (const r of rows.filter((r) => r.role === 'reference')) {
  const assembly = await readAssemblyFile(path.join(dir, r.file));
  references.push({ species: r.species, sketch: sketchGenome(assembly) });
  packed.push({ packed: packSequence(assembly.codes), contigs: assembly.contigs.map((c) => ({ start: c.start, length: c.length })) });
}
const queries: { name: string; sketch: SeedSketch }[] = [];
for (const r of rows.filter((r) => r.role === 'test')) queries.push({ name: path.basename(r.file), sketch: sketchGenome(await readAssemblyFile(path.join(dir, r.file))) });
console.log(`sketched ${references.length} references and ${queries.length} queries in ${((performance.now() - t) / 1000).toFixed(1)} s`);

/** Divergence of synthetic genome i: spread over 0.5–25 % by a fixed pattern. */
const divergence = (i: number) => 0.005 + ((mix32(i * 2654435761) % 10_000) / 10_000) * 0.245;
const survives = (i: number, hash: number, d: number) => mix32(hash ^ mix32(i + 0x9e3779b9)) / 2 ** 32 < (1 - d) ** KMER;

function rng(seed: number): () => number {
  let state = mix32(seed) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** The screening hashes of synthetic genome i (sorted). */
function syntheticScreening(i: number): Uint32Array {
  const base = screeningHashes(references[i % references.length]!.sketch);
  const d = divergence(i);
  const random = rng(i);
  const out: number[] = [];
  for (const h of base) out.push(survives(i, h, d) ? h : Math.floor(random() * SCREEN_LIMIT));
  return Uint32Array.from(out).sort();
}

/** The full seed sketch of synthetic genome i, as it would be fetched for an ANI. */
function syntheticSketch(i: number): SeedSketch {
  const base = references[i % references.length]!.sketch;
  const d = divergence(i);
  const random = rng(i ^ 0x5bd1e995);
  const n = base.hashes.length;
  const hashes = new Uint32Array(n);
  const positions = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const h = base.hashes[k]!;
    hashes[k] = survives(i, h, d) ? h : Math.floor(random() * SEED_LIMIT);
    positions[k] = base.positions[k]!;
  }
  // Sorted by hash again (as sketches are), positions alongside.
  return { ...base, ...sortByHash(hashes, positions) };
}

// What fetching a candidate costs when only packed sequences are stored: unpack and sketch.
{
  const times: number[] = [];
  for (const p of packed) {
    const s = performance.now();
    const codes = unpackSequence(p.packed);
    sketchGenome({ codes, contigs: p.contigs, length: codes.length });
    times.push(performance.now() - s);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`a reference genome from its packed sequence (${(packed.reduce((n, p) => n + p.packed.length, 0) / packed.length / 1e6).toFixed(2)} MB on average) to its seed sketch: median ${sorted[sorted.length >> 1]!.toFixed(0)} ms`);
}

// Check the synthesis: a synthetic genome against its base at known divergence.
console.log('\nSynthetic sketches against their base reference (known divergence → ANI):');
for (const i of [44, 45, 46, 47, 48]) {
  const d = divergence(i);
  const result = compareGenomes(asQuery(syntheticSketch(i)), references[i % references.length]!.sketch);
  console.log(`  genome ${i}: d = ${(100 * d).toFixed(2)} % → truth ${(100 - 100 * d).toFixed(2)} %, ANI ${result.ani.toFixed(2)} % (AF ${(100 * result.queryAf).toFixed(0)} %)`);
}

console.log('\n| references | index build | index size | RSS after build | screening, median per query | synthetic seed sketch per candidate | ANI of top ' + candidates + ' per query | total per query |');
console.log('|---|---|---|---|---|---|---|---|');
for (const size of sizes) {
  global.gc?.();
  const before = rss();
  t = performance.now();
  const lists: Uint32Array[] = [];
  for (let i = 0; i < size; i++) lists.push(i < references.length ? screeningHashes(references[i]!.sketch) : syntheticScreening(i));
  const index = new ScreeningIndex(lists);
  lists.length = 0;
  const buildMs = performance.now() - t;
  const afterBuild = rss();
  const screenMs: number[] = [];
  const fetchMs: number[] = [];
  const aniMs: number[] = [];
  for (const q of queries) {
    let s = performance.now();
    const found = index.screen(screeningHashes(q.sketch), candidates);
    screenMs.push(performance.now() - s);
    const query = asQuery(q.sketch);
    for (const c of found) {
      s = performance.now();
      const sketch = c.index < references.length ? references[c.index]!.sketch : syntheticSketch(c.index);
      fetchMs.push(performance.now() - s);
      s = performance.now();
      compareGenomes(query, sketch);
      aniMs.push(performance.now() - s);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const perQueryAni = aniMs.reduce((a, b) => a + b, 0) / queries.length;
  const perQueryFetch = fetchMs.reduce((a, b) => a + b, 0) / queries.length;
  console.log(
    `| ${size.toLocaleString('en')} | ${(buildMs / 1000).toFixed(1)} s | ${mb(index.bytes)} | ${mb(afterBuild)} (+${mb(afterBuild - before)}) | ${median(screenMs).toFixed(1)} ms | ${median(fetchMs).toFixed(0)} ms | ${perQueryAni.toFixed(0)} ms | ${(median(screenMs) + perQueryAni + perQueryFetch).toFixed(0)} ms |`,
  );
}
