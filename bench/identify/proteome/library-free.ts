/**
 * Library-free MALDI-TOF identification measured on named real spectra it was not tuned on, beside
 * the spectral library on the same spectra and the published method's figure.
 *
 *   npx tsx bench/identify/proteome/library-free.ts
 *
 * Tuning data (the band and the genus margin were set on them): the 1,000 Yang 2018 decoys.
 * Test data: 297 Christner 2014 E. coli isolates (bench/identify/proteome/data/README.md), the eight
 * Yang 2018 consensus peak lists, the 14 RKI Citrobacter spectra (a genus the theoretical masses
 * do not hold: the right answer is no genus). Writes bench/identify/proteome/results/<date>-library-free.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProteinReference, identifyLibraryFree, identifyPeaks, type LibraryFreeIdentification } from '@mdc/core/identify/proteome';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { buildBuiltinLibrary, readBacteriaMslf } from '@mdc/refdata/maldi';
import { readTestSets, readTuningSets, type NamedPeaks } from './library-free-data';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR');
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

let t = performance.now();
const { rows, weights } = await readBacteriaMslf(dataDir);
const reference = buildProteinReference(rows, weights);
const buildMs = performance.now() - t;
const genera = new Set(reference.genera);
const library = await buildBuiltinLibrary(dataDir);
const tests = await readTestSets(dataDir);
const tuning = await readTuningSets(dataDir);

say(`# Library-free identification — ${new Date().toISOString().slice(0, 10)}`);
say();
say(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}.`);
say(`Reference: ${reference.proteins} protein entries of ${reference.species.length} species in ${reference.genera.length} genera (BacteriaMSLF), built in ${buildMs.toFixed(0)} ms.`);
say();

type Outcome = 'right' | 'wrong' | 'group' | 'none';
const judge = (q: NamedPeaks, r: LibraryFreeIdentification): Outcome => {
  const genus = q.species.split(' ')[0]!;
  if (r.level === 'genus') return r.genus === genus ? 'right' : 'wrong';
  if (r.level === 'genus-group') return 'group';
  return 'none';
};

interface Row {
  set: string;
  species: string;
  n: number;
  inReference: boolean;
  counts: Record<Outcome, number>;
  labels: Map<string, number>;
  spectralRight: number;
  spectralWrongSpeciesBand: number;
  ms: number[];
}
const table = new Map<string, Row>();
for (const q of tests) {
  const key = `${q.set}\t${q.species}`;
  const genus = q.species.split(' ')[0]!;
  const row: Row = table.get(key) ?? { set: q.set, species: q.species, n: 0, inReference: genera.has(genus), counts: { right: 0, wrong: 0, group: 0, none: 0 }, labels: new Map<string, number>(), spectralRight: 0, spectralWrongSpeciesBand: 0, ms: [] as number[] };
  t = performance.now();
  const r = identifyLibraryFree(q.peaks, reference);
  row.ms.push(performance.now() - t);
  row.n++;
  row.counts[judge(q, r)]++;
  const label = r.level === 'none' ? `none (nearest ${r.candidates[0]?.genus ?? '—'} ${r.score.toFixed(2)})` : r.label;
  row.labels.set(label, (row.labels.get(label) ?? 0) + 1);
  // The spectral library on the same spectra (leave-one-out is not needed: these spectra are not in it,
  // except the RKI and Yang entries, which are scored against a library without their own entry).
  const own = q.id;
  const s = identifyPeaks(q.peaks, library.filter((e) => e.id !== own));
  const sg = s.call && s.level !== 'none' ? s.call.species.split(' ')[0]! : null;
  if (sg === genus) row.spectralRight++;
  if (sg && sg !== genus && (s.level === 'species' || s.level === 'subspecies')) row.spectralWrongSpeciesBand++;
  table.set(key, row);
}

say('## Named real spectra (test sets: not tuned on)');
say();
say('| set | species | spectra | genus in the theoretical masses | library-free: genus right | wrong genus | genera not separated | no genus | what it answered (most common) | spectral library (built-in, own entry left out): genus right | spectral: wrong genus at ≥ 2.00 |');
say('|---|---|---:|---|---:|---:|---:|---:|---|---:|---:|');
let inRef = 0;
let inRefRight = 0;
let wrongAny = 0;
let all = 0;
let honest = 0;
for (const r of table.values()) {
  const common = [...r.labels].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([l, n]) => `${l} (${n})`).join('; ');
  say(`| ${r.set} | ${r.species} | ${r.n} | ${r.inReference ? 'yes' : 'no'} | ${r.counts.right} | ${r.counts.wrong} | ${r.counts.group} | ${r.counts.none} | ${common} | ${r.spectralRight} | ${r.spectralWrongSpeciesBand} |`);
  all += r.n;
  wrongAny += r.counts.wrong;
  if (r.inReference) {
    inRef += r.n;
    inRefRight += r.counts.right;
    honest += r.counts.right;
  } else honest += r.counts.none + r.counts.group;
}
say();
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');
say(`Genus right where the genus is in the theoretical masses: ${inRefRight}/${inRef} (${pct(inRefRight, inRef)}). Wrong genus called: ${wrongAny}/${all}. Answers that are right or honestly open (genus absent from the reference → no genus or genera not separated): ${honest}/${all} (${pct(honest, all)}).`);
say(`Published method (BacteriaMSLF, Cheng, Qiao & Horvatovich 2018, J Proteome Res): genus-level accuracy above 80 % (as reported; not re-run here: its code is Python with trained models, not in this environment).`);
const msAll = [...table.values()].flatMap((r) => r.ms).sort((a, b) => a - b);
say(`Time per spectrum (identification only, peaks given): median ${msAll[msAll.length >> 1]!.toFixed(1)} ms, max ${msAll[msAll.length - 1]!.toFixed(1)} ms.`);
say();

say('## Tuning data');
say();
const decoys = tuning.decoys.map((d) => identifyLibraryFree(d.peaks, reference));
const ev = decoys.map((r) => r.candidates[0]?.evidence ?? 0).sort((a, b) => a - b);
say(`Yang 2018 decoys (1,000 random peak lists): best evidence p50 ${ev[500]!.toFixed(2)}, p99 ${ev[990]!.toFixed(2)} → the band (1.70) set at evidence 6.0; genus called ${decoys.filter((r) => r.level === 'genus').length}, genera not separated ${decoys.filter((r) => r.level === 'genus-group').length} (the spectral library: decoys ≥ 1.70 — see the main bench, 8/1000).`);
const mix = tuning.mixtures.map((m) => ({ m, r: identifyLibraryFree(m.peaks, reference) }));
const mixGenus = mix.filter(({ m, r }) => r.level !== 'none' && r.genera.some((g) => m.species.some((s) => s.startsWith(g)))).length;
const mixWrong = mix.filter(({ m, r }) => r.level === 'genus' && !m.species.some((s) => s.startsWith(r.genus!))).length;
say(`Yang 2018 two-species mixtures (127 peak lists of the same laboratory as the Yang consensus lists): a genus of the two named ${mixGenus}, wrong genus ${mixWrong}, no genus ${mix.filter(({ r }) => r.level === 'none').length}.`);
say();
say('Notes: the Yang 2018 peak lists (consensus lists and mixtures) lack the protein ions every spectrum of their species shows elsewhere (E. coli: 4,365 / 5,381 / 7,274 / 9,536 Da); against theoretical masses only P. fluorescens reaches the band. The parameters were fixed before the final run; the handling of UniProt variants (commonest mass per gene for the genus call) was found by looking at one Christner isolate, so that set is not wholly untouched.');

const out = path.join(repo, 'bench/identify/proteome/results', `${new Date().toISOString().slice(0, 10)}-library-free.md`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, lines.join('\n') + '\n');
console.log(`\nwritten to ${path.relative(repo, out)}`);
