/**
 * ITS identification benchmark: MDC's ITS pipeline against vsearch (--usearch_global) and blastn
 * (-task megablast) on the same reference and the 439 held-out ITS2 queries, on this machine, in one
 * run. Same shape and metrics as bench/identify (16S/18S).
 *
 *   bash bench/identify/its/run.sh [--repeat 3] [--threads 2] [--skip-blast]
 *
 * The reference every tool reads is ITS2_reference.fasta.gz after MDC's reference filter (records
 * of at least 100 bases named to species), written once as plain FASTA. MDC also runs with the
 * ITS1 reference beside it, as the server does ("as served"). Work files go to bench/work/identify-its;
 * the report is printed and written to bench/results/identify-its-<date>.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta } from '@mdc/refdata/fasta';
import { ITS_THRESHOLDS, itsReference, type ItsRegion } from '@mdc/core/identify/its';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '3' },
    threads: { type: 'string', default: '2' },
    'skip-blast': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const repeat = Math.max(1, Number(values.repeat));
const threads = Math.max(1, Number(values.threads));
const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
const work = path.join(repo, 'bench/work/identify-its');
mkdirSync(work, { recursive: true });
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : 'time';

const dist = path.join(work, 'dist');
const compileStart = performance.now();
await build({
  entryPoints: { mdc: path.join(here, 'mdc.ts') },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  external: ['tsx', 'tsx/*'],
  logLevel: 'error',
});
const compileS = (performance.now() - compileStart) / 1000;

interface Measured {
  wallS: number;
  peakMB: number;
  /** User + system CPU seconds: what the work costs, whatever else the shared machine runs. */
  cpuS: number;
}

function timed(label: string, cmd: string, args: string[]): Measured {
  const timeFile = path.join(work, `time-${label}.txt`);
  const started = performance.now();
  const run = spawnSync(TIME, ['-v', '-o', timeFile, cmd, ...args], { encoding: 'utf8', cwd: repo, maxBuffer: 1 << 26 });
  const wallS = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${label} failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
  const report = readFileSync(timeFile, 'utf8');
  const seconds = (name: string) => Number(report.match(new RegExp(`${name} \\(seconds\\): ([\\d.]+)`))?.[1] ?? NaN);
  return { wallS, peakMB: Number(report.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1] ?? NaN) / 1024, cpuS: seconds('User time') + seconds('System time') };
}

// The filtered references, in the MDC rRNA header form, and the queries with plain ids.
async function writeReference(region: ItsRegion): Promise<{ file: string; total: number; kept: number }> {
  const file = path.join(work, `${region}.fasta`);
  const out: string[] = [];
  let total = 0;
  for await (const record of readFasta(path.join(dataDir!, 'rrna/its', `${region}_reference.fasta.gz`))) {
    const ref = itsReference(record.header, record.sequence, region, ++total);
    if (ref.exclusion) continue;
    out.push(`>${ref.accession} ${ref.species} |taxonomy=${[...ref.lineage, ref.species].join(';')}\n${ref.sequence}`);
  }
  writeFileSync(file, out.join('\n') + '\n');
  return { file, total, kept: out.length };
}
const its2 = await writeReference('ITS2');
const its1 = await writeReference('ITS1');
const speciesOf = new Map<string, string>();
for await (const r of readFasta(its2.file)) speciesOf.set(r.accession, r.species ?? '');
for await (const r of readFasta(its1.file)) speciesOf.set(r.accession, r.species ?? '');
const expected = new Map<string, string>();
const queryLines: string[] = [];
for await (const q of readFasta(path.join(dataDir, 'rrna/its/ITS2_queries_dev.fasta.gz'))) {
  const [id, tag] = q.header.split('|expected=');
  expected.set(id!.trim(), (tag ?? '').trim());
  queryLines.push(`>${id!.trim()}\n${q.sequence}`);
}
const queryFa = path.join(work, 'queries.fasta');
writeFileSync(queryFa, queryLines.join('\n') + '\n');

interface Accuracy {
  topSpecies: number;
  tiedSpecies: number;
  topGenus: number;
}
type Hits = Map<string, { accession: string; tied: boolean; similarity: number; level?: string }[]>;

function accuracy(hits: Hits): Accuracy {
  const acc = { topSpecies: 0, tiedSpecies: 0, topGenus: 0 };
  for (const [query, species] of expected) {
    const list = hits.get(query) ?? [];
    const top = list[0];
    if (!top) continue;
    const topSpecies = speciesOf.get(top.accession) ?? '';
    if (topSpecies === species) acc.topSpecies++;
    if (topSpecies.split(' ')[0] === species.split(' ')[0]) acc.topGenus++;
    if (list.some((h) => (h.tied || h === top) && speciesOf.get(h.accession) === species)) acc.tiedSpecies++;
  }
  return acc;
}

const readTsv = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => l.split('\t'));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const accessionOf = (id: string) => id.replace(/^[a-z]+\|/i, '').replace(/\|$/, '');

function mdcHits(file: string): Hits {
  const hits: Hits = new Map();
  for (const [query, rank, accession, , similarity, , tied, confidence] of readTsv(file).slice(1)) {
    if (rank === '0') continue;
    const list = hits.get(query!) ?? [];
    // A pooled ITS1+ITS2 hit names both records; both are of the same species.
    list.push({ accession: accession!.split(' + ').pop()!, tied: tied === '1', similarity: Number(similarity), level: confidence!.split(':')[0] });
    hits.set(query!, list);
  }
  return hits;
}

interface Row {
  tool: string;
  settings: string;
  totalS: number;
  cpuS: number;
  runs: number[];
  acc: Accuracy;
  peakMB: number;
  index?: string;
  search?: string;
}
const rows: Row[] = [];
const mdcRuns: { m: Measured; t: Record<string, number> }[] = [];
const servedRuns: { m: Measured; t: Record<string, number> }[] = [];
const vsRuns: Measured[] = [];
const vsTieRuns: Measured[] = [];
const mdcOut = path.join(work, 'mdc.tsv');
const servedOut = path.join(work, 'mdc-served.tsv');
const vsOut = path.join(work, 'vsearch.tsv');
const vsTieOut = path.join(work, 'vsearch-ties.tsv');
const vsCommon = ['--usearch_global', queryFa, '--db', its2.file, '--id', '0.7', '--threads', String(threads), '--userfields', 'query+target+id', '--quiet'];
const mdcArgs = (out: string, timings: string, withIts1: boolean) => [
  path.join(dist, 'mdc.mjs'),
  '--its2',
  its2.file,
  ...(withIts1 ? ['--its1', its1.file] : []),
  '--queries',
  queryFa,
  '--out',
  out,
  '--threads',
  String(threads),
  '--timings',
  timings,
];
for (let i = 0; i < repeat; i++) {
  const t1 = path.join(work, `mdc-timings-${i}.json`);
  mdcRuns.push({ m: timed(`mdc-${i}`, process.execPath, mdcArgs(mdcOut, t1, false)), t: JSON.parse(readFileSync(t1, 'utf8')) });
  vsRuns.push(timed(`vsearch-${i}`, 'vsearch', [...vsCommon, '--maxaccepts', '1', '--maxrejects', '32', '--userout', vsOut]));
  vsTieRuns.push(timed(`vsearch-ties-${i}`, 'vsearch', [...vsCommon, '--maxaccepts', '20', '--maxrejects', '64', '--top_hits_only', '--userout', vsTieOut]));
  const t2 = path.join(work, `mdc-served-timings-${i}.json`);
  servedRuns.push({ m: timed(`mdc-served-${i}`, process.execPath, mdcArgs(servedOut, t2, true)), t: JSON.parse(readFileSync(t2, 'utf8')) });
}
const t = (runs: typeof mdcRuns, key: string) => median(runs.map((r) => r.t[key]!)) / 1000;
const mdcRow = (tool: string, settings: string, runs: typeof mdcRuns, out: string): Row => ({
  tool,
  settings,
  totalS: median(runs.map((r) => r.m.wallS)),
  cpuS: median(runs.map((r) => r.m.cpuS)),
  runs: runs.map((r) => r.m.wallS),
  acc: accuracy(mdcHits(out)),
  peakMB: Math.max(...runs.map((r) => r.m.peakMB)),
  index: `${(t(runs, 'readReferencesMs') + t(runs, 'buildIndexMs')).toFixed(2)} (read ${t(runs, 'readReferencesMs').toFixed(2)} + build ${t(runs, 'buildIndexMs').toFixed(2)})`,
  search: t(runs, 'searchMs').toFixed(2),
});
rows.push(mdcRow('MDC', `ITS pipeline on the ITS2 reference alone: 5.8S located, word index k=${mdcRuns[0]!.t.wordLength}, 8 candidates aligned (more while tied), semi-global alignment, ties at 2 decimals`, mdcRuns, mdcOut));
rows.push(mdcRow('MDC (as served)', 'the same with the ITS1 reference beside it: a read without 5.8S is searched against both spacers and answered by the better', servedRuns, servedOut));
const vsHits = (file: string, tiesAreAll: boolean): Hits => {
  const hits: Hits = new Map();
  for (const [query, target, id] of readTsv(file)) {
    const list = hits.get(query!) ?? [];
    list.push({ accession: accessionOf(target!), tied: tiesAreAll, similarity: Number(id) });
    hits.set(query!, list);
  }
  return hits;
};
rows.push({ tool: 'vsearch', settings: '--usearch_global --id 0.7 --maxaccepts 1 --maxrejects 32 (defaults; strand plus)', totalS: median(vsRuns.map((m) => m.wallS)), cpuS: median(vsRuns.map((m) => m.cpuS)), runs: vsRuns.map((m) => m.wallS), acc: accuracy(vsHits(vsOut, false)), peakMB: Math.max(...vsRuns.map((m) => m.peakMB)) });
rows.push({ tool: 'vsearch (ties)', settings: '--usearch_global --id 0.7 --maxaccepts 20 --maxrejects 64 --top_hits_only', totalS: median(vsTieRuns.map((m) => m.wallS)), cpuS: median(vsTieRuns.map((m) => m.cpuS)), runs: vsTieRuns.map((m) => m.wallS), acc: accuracy(vsHits(vsTieOut, true)), peakMB: Math.max(...vsTieRuns.map((m) => m.peakMB)) });
if (!values['skip-blast']) {
  const db = path.join(work, 'blastdb');
  const mk = timed('makeblastdb', 'makeblastdb', ['-in', its2.file, '-dbtype', 'nucl', '-parse_seqids', '-out', db]);
  const blOut = path.join(work, 'blastn.tsv');
  const bl = timed('blastn', 'blastn', ['-task', 'megablast', '-query', queryFa, '-db', db, '-outfmt', '6 qseqid sseqid pident length mismatch gapopen evalue bitscore', '-max_target_seqs', '20', '-num_threads', String(threads), '-out', blOut]);
  const blHits: Hits = new Map();
  const bits = new Map<string, number[]>();
  for (const [query, subject, pident, , , , , bitscore] of readTsv(blOut)) {
    const list = blHits.get(query!) ?? [];
    if (!list.some((h) => h.accession === accessionOf(subject!))) {
      list.push({ accession: accessionOf(subject!), tied: false, similarity: Number(pident) });
      bits.set(query!, [...(bits.get(query!) ?? []), Number(bitscore)]);
    }
    blHits.set(query!, list);
  }
  for (const [query, list] of blHits) list.forEach((h, i) => (h.tied = bits.get(query)![i] === bits.get(query)![0]));
  rows.push({ tool: 'blastn', settings: '-task megablast -max_target_seqs 20 (ties: equal bit score)', totalS: mk.wallS + bl.wallS, cpuS: mk.cpuS + bl.cpuS, runs: [bl.wallS], acc: accuracy(blHits), peakMB: Math.max(mk.peakMB, bl.peakMB), index: `${mk.wallS.toFixed(2)} (makeblastdb)`, search: bl.wallS.toFixed(2) });
}

// Threshold check on the dev set: how often a name at each species threshold and margin is right.
const thresholdLines: string[] = [];
{
  const hits = mdcHits(mdcOut);
  const cases: { top: number; margin: number | null; species: boolean; genus: boolean }[] = [];
  for (const [query, species] of expected) {
    const list = hits.get(query);
    if (!list?.length) continue;
    const top = list[0]!;
    const topSpecies = speciesOf.get(top.accession) ?? '';
    const next = list.find((h) => speciesOf.get(h.accession) !== topSpecies);
    cases.push({ top: top.similarity, margin: next ? top.similarity - next.similarity : null, species: topSpecies === species, genus: topSpecies.split(' ')[0] === species.split(' ')[0] });
  }
  thresholdLines.push('| species threshold | margin | named to species | right | wrong |', '|---|---|---|---|---|');
  for (const threshold of [98.0, ITS_THRESHOLDS.species, 99.0, 99.5]) {
    for (const margin of [0.5, ITS_THRESHOLDS.speciesMargin]) {
      const named = cases.filter((c) => c.top >= threshold && (c.margin === null || c.margin >= margin - 1e-9));
      const right = named.filter((c) => c.species).length;
      thresholdLines.push(`| ${threshold} % | ${margin} | ${named.length} | ${right} | ${named.length - right} |`);
    }
  }
  const genusNamed = cases.filter((c) => c.top >= ITS_THRESHOLDS.genus);
  thresholdLines.push('', `Genus threshold ${ITS_THRESHOLDS.genus} %: reached by ${genusNamed.length} queries, the top hit's genus right for ${genusNamed.filter((c) => c.genus).length}.`);
}

const ratios = mdcRuns.map((r, i) => r.m.wallS / vsRuns[i]!.wallS);
const cpuRatios = mdcRuns.map((r, i) => r.m.cpuS / vsRuns[i]!.cpuS);
const pct = (n: number) => `${((100 * n) / expected.size).toFixed(1)} % (${n})`;
const version = (cmd: string, args: string[], pattern: RegExp) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`.match(pattern)?.[0] ?? '?';
};
const date = new Date().toISOString().slice(0, 10);
const report = [
  `# ITS identification benchmark — ${date}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; Node.js ${process.version}; ${version('vsearch', ['--version'], /vsearch v[\d.]+/)}; ${version('blastn', ['-version'], /blastn: [\d.]+\+?/)}.`,
  `MDC runs as JavaScript bundled by esbuild (${compileS.toFixed(1)} s, not timed). Every tool is given ${threads} thread(s); wall times are medians of ${repeat} alternating runs (blastn once), each a fresh process reading the FASTA files.`,
  `Reference: ITS2_reference.fasta.gz after MDC's filter, ${its2.kept} of ${its2.total} records (≥ 100 bases, named to species); MDC as served also reads ITS1 (${its1.kept} of ${its1.total}). Queries: ITS2_queries_dev.fasta.gz, ${expected.size} held-out ITS2 records.`,
  'Accuracy as for 16S/18S: top hit\'s species (or genus) equals the expected one; "among top ties" counts the expected species anywhere among the hits tied with the top hit.',
  '',
  '| tool | index build (s) | search (s) | total wall (s) | total CPU (s) | top-hit species | species among top ties | top-hit genus | peak RSS (MB) | settings |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.tool} | ${r.index ?? 'n/a (inside each run)'} | ${r.search ?? '—'} | ${r.totalS.toFixed(2)} | ${r.cpuS.toFixed(2)} | ${pct(r.acc.topSpecies)} | ${pct(r.acc.tiedSpecies)} | ${pct(r.acc.topGenus)} | ${r.peakMB.toFixed(0)} | ${r.settings} |`),
  '',
  `- MDC total / vsearch total (same run, each repetition): ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}.`,
  `- MDC CPU / vsearch CPU (same run, each repetition): ${cpuRatios.map((r) => r.toFixed(2)).join(', ')}; median ${median(cpuRatios).toFixed(2)}.`,
  `- MDC search only (indexes in memory, as in the server) / vsearch total: ${(t(mdcRuns, 'searchMs') / median(vsRuns.map((m) => m.wallS))).toFixed(2)}.`,
  '',
  '## Thresholds on the dev set (MDC hits on the ITS2 reference)',
  '',
  ...thresholdLines,
  '',
].join('\n');
console.log(report);
const file = values.out ?? path.join(repo, 'bench/results', `identify-its-${date}.md`);
writeFileSync(file, report);
console.error(`written to ${path.relative(repo, file)}`);
