/**
 * Proteome (MALDI-TOF) identification: speed, memory and the accuracy figures on the shared data.
 *
 *   npx tsx bench/identify/proteome/run.ts [--repeat=3]
 *
 * 1. Builds the built-in library from REFDATA_DIR (RKI Citrobacter spectra + Yang 2018 lists), timed.
 * 2. One spectrum: read (a one-spot flex zip, as uploaded), preprocess and identify each of the 72
 *    MALDIquant spectra against the built-in library; the first call (cold) and the distribution
 *    after it. Target: under 100 ms per spectrum once the library is loaded.
 * 3. A 96-spot plate: a zip of 96 flex folders (A1–H12, the 72 MALDIquant spots and 24 again),
 *    unpacked, preprocessed and identified, `--repeat` times. Target: under 10 s.
 * 4. Accuracy: leave-one-spot-out on the 72 spectra, the spread of technical replicates (the
 *    ground for the 0.10 runner-up margin), Yang 2018 mixtures, decoys, RKI leave-one-strain-out.
 * Peak memory is the process's maximum resident set. The report goes to
 * bench/identify/proteome/results/<date>.md; the plate zip to bench/work/identify/proteome/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';


const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const REPEAT = arg('repeat', 3);
const work = path.join(repo, 'bench/work/identify/proteome');
mkdirSync(work, { recursive: true });

const t0 = performance.now();
const core = await import('@mdc/core/identify/proteome');
const maldi = await import('@mdc/refdata/maldi');
const { findRefdataDir } = await import('@mdc/refdata/datadir');
const { zipFiles } = await import('../../../apps/server/src/blast/proteome/test-spectra');
const moduleMs = performance.now() - t0;
const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR');

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

say(`# Proteome identification bench — ${new Date().toISOString().slice(0, 10)}`);
say();
say(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; one thread.`);
say(`Modules loaded in ${ms(moduleMs)}.`);

let t = performance.now();
const library = await maldi.buildBuiltinLibrary(dataDir);
const libraryMs = performance.now() - t;
say(`Built-in library: ${library.length} main spectra built from the shared files in ${ms(libraryMs)}.`);

const examples = await maldi.readMaldiquantExamples(dataDir);
const flexFiles = examples.map((e) => ({
  e,
  fid: readFileSync(path.join(e.dir, 'fid')),
  acqu: readFileSync(path.join(e.dir, 'acqu')),
}));

// 2. One spectrum at a time, from the bytes of a one-spot zip, as an upload arrives.
say();
say('## One spectrum (read + preprocess + identify against the built-in library)');
const single: number[] = [];
const split = { read: [] as number[], preprocess: [] as number[], identify: [] as number[] };
for (const { fid, acqu } of flexFiles) {
  const bytes = zipFiles([
    ['0_A1/1/1SLin/fid', fid],
    ['0_A1/1/1SLin/acqu', acqu],
  ]);
  const start = performance.now();
  const [spectrum] = await maldi.parseSpectrumUpload(bytes, 'spot.zip');
  const read = performance.now();
  const processed = core.preprocessSpectrum(spectrum!);
  const pre = performance.now();
  core.identifyPeaks(processed.peaks, library);
  const end = performance.now();
  single.push(end - start);
  split.read.push(read - start);
  split.preprocess.push(pre - read);
  split.identify.push(end - pre);
}
say(`First (cold) spectrum: ${ms(single[0]!)}; the other 71: median ${ms(quantile(single.slice(1), 0.5))}, p95 ${ms(quantile(single.slice(1), 0.95))}, max ${ms(Math.max(...single.slice(1)))}.`);
say(
  `Median split: read ${ms(quantile(split.read, 0.5))}, preprocess ${ms(quantile(split.preprocess, 0.5))}, identify ${ms(quantile(split.identify, 0.5))} (${library.length} main spectra). Target < 100 ms: ${quantile(single.slice(1), 0.95) < 100 ? 'met' : 'MISSED'}.`,
);

// 3. A 96-spot plate.
say();
say('## 96-spot plate (unzip + preprocess + identify every spot)');
const rows = 'ABCDEFGH';
const plateFiles: Array<[string, Buffer]> = [];
for (let i = 0; i < 96; i++) {
  const { fid, acqu } = flexFiles[i % flexFiles.length]!;
  const spot = `${rows[Math.floor(i / 12)]}${(i % 12) + 1}`;
  const acquText = acqu.toString('latin1').replace(/^##\$SPOTNO=.*$/m, `##$SPOTNO= <${spot}>`);
  plateFiles.push([`plate/0_${spot}/1/1SLin/fid`, fid], [`plate/0_${spot}/1/1SLin/acqu`, Buffer.from(acquText, 'latin1')]);
}
const plate = zipFiles(plateFiles);
writeFileSync(path.join(work, 'plate-96.zip'), plate);
say(`Plate zip: ${(plate.length / 1e6).toFixed(1)} MB, 96 flex folders.`);
const plateRuns: Array<{ total: number; unzip: number; identify: number; calls: number }> = [];
for (let r = 0; r < REPEAT; r++) {
  const start = performance.now();
  const spectra = await maldi.parseSpectrumUpload(plate, 'plate-96.zip');
  const unzipped = performance.now();
  let calls = 0;
  for (const s of spectra) {
    const result = core.identifySpectrum(s, library);
    if (result.call) calls++;
  }
  const end = performance.now();
  if (spectra.length !== 96) throw new Error(`plate read ${spectra.length} spectra`);
  plateRuns.push({ total: end - start, unzip: unzipped - start, identify: end - unzipped, calls });
}
for (const [i, p] of plateRuns.entries()) {
  say(`Run ${i + 1}: ${(p.total / 1000).toFixed(2)} s (unzip and read ${ms(p.unzip)}, preprocess + identify ${ms(p.identify)}; ${p.calls} calls).`);
}
say(`Target < 10 s: ${Math.max(...plateRuns.map((p) => p.total)) < 10000 ? 'met' : 'MISSED'}.`);

// 4. Accuracy.
say();
say('## Accuracy on the shared data');
const peaks = examples.map((e) => core.preprocessSpectrum(e.spectrum).peaks);
const labels = [...new Set(examples.map((e) => e.species))];
let rank1 = 0;
let atSpecies = 0;
let close = 0;
let looMixtures = 0;
const tops: number[] = [];
const margins: number[] = [];
const spreads: number[] = [];
for (const key of new Set(examples.map((e) => `${e.species}/${e.spot}`))) {
  const lib = labels.map((label) => ({
    id: label,
    species: label,
    source: 'loso',
    peaks: core.mergeReplicates(examples.flatMap((e, i) => (e.species === label && `${e.species}/${e.spot}` !== key ? [peaks[i]!] : []))).peaks,
  }));
  const scores: number[] = [];
  examples.forEach((e, i) => {
    if (`${e.species}/${e.spot}` !== key) return;
    const r = core.identifyPeaks(peaks[i]!, lib);
    if (r.call!.species === e.species) rank1++;
    if (r.call!.species === e.species && r.call!.score >= 2) atSpecies++;
    if (r.closeRunnerUp) close++;
    if (r.mixture) looMixtures++;
    tops.push(r.call!.score);
    margins.push(r.margin!);
    scores.push(core.explainScore(peaks[i]!, lib.find((l) => l.species === e.species)!.peaks).score);
  });
  const mean = scores.reduce((s, v) => s + v, 0) / scores.length;
  spreads.push(Math.sqrt(scores.reduce((s, v) => s + (v - mean) ** 2, 0) / (scores.length - 1)));
}
say(
  `Leave-one-spot-out (72 spectra, 4 species): own species at rank 1 ${rank1}/72, and ≥ 2.00 ${atSpecies}/72; top score min ${Math.min(...tops).toFixed(2)}, median ${quantile(tops, 0.5).toFixed(2)}; margin to the runner-up species min ${Math.min(...margins).toFixed(2)}, median ${quantile(margins, 0.5).toFixed(2)}; flagged close ${close}; mixtures raised ${looMixtures}.`,
);
say(
  `Technical replicates of one spot against their species' main spectrum: standard deviation of the log score median ${quantile(spreads, 0.5).toFixed(3)}, max ${Math.max(...spreads).toFixed(3)} (24 spots × 3).`,
);

const mixtures = await maldi.readYangMixtures(dataDir);
let first = 0;
let both = 0;
let wrongSecond = 0;
const byDataset = new Map<string, { n: number; both: number }>();
for (const m of mixtures) {
  const r = core.identifyPeaks(core.preprocessSpectrum(m.spectrum).peaks, library);
  const named = !!r.mixture && m.species.every((s) => r.mixture!.species.includes(s));
  if (m.species.includes(r.call!.species)) first++;
  if (named) both++;
  else if (r.mixture) wrongSecond++;
  const d = byDataset.get(m.dataset) ?? { n: 0, both: 0 };
  d.n++;
  if (named) d.both++;
  byDataset.set(m.dataset, d);
}
say(
  `Yang 2018 mixtures (127): top hit one of the two species ${first}/127; both species named as a possible mixture ${both}/127 (${((100 * both) / 127).toFixed(0)} %; ${[...byDataset].map(([k, v]) => `${k} ${v.both}/${v.n}`).join(', ')}); mixture raised with a wrong second species ${wrongSecond}.`,
);
const decoys = await maldi.readYangDecoys(dataDir);
let decoyGenus = 0;
let decoyMixture = 0;
for (const d of decoys) {
  const r = core.identifyPeaks(core.preprocessSpectrum(d).peaks, library);
  if (r.call && r.call.score >= 1.7) decoyGenus++;
  if (r.mixture) decoyMixture++;
}
say(`Yang 2018 decoys (1,000): top hit ≥ 1.70 ${decoyGenus}; mixture raised ${decoyMixture}.`);
let rkiOk = 0;
let rkiMixture = 0;
const rki = await maldi.readCitrobacterRki(dataDir);
for (const c of rki) {
  const r = core.identifyPeaks(core.preprocessSpectrum(c.spectrum).peaks, library.filter((e) => e.id !== `rki:${c.strain}`));
  if (r.call!.species === c.species && r.call!.score >= 2) rkiOk++;
  if (r.mixture) rkiMixture++;
}
say(`RKI Citrobacter, each strain left out of the library: own species at rank 1 and ≥ 2.00 ${rkiOk}/${rki.length}; mixtures raised ${rkiMixture}.`);

say();
const usage = process.resourceUsage();
say(`Peak memory (max resident set of the whole run): ${(usage.maxRSS / 1024).toFixed(0)} MB; heap in use at the end ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB.`);
mkdirSync(path.join(repo, 'bench/identify/proteome/results'), { recursive: true });
const out = path.join(repo, `bench/identify/proteome/results/${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(out, lines.join('\n') + '\n');
console.log(`\nreport: ${path.relative(repo, out)}`);
