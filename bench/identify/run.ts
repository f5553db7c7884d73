/**
 * Identification benchmark: MDC against vsearch (--usearch_global) and blastn (-task megablast) on
 * the same references and held-out queries, on this machine, in one run.
 *
 *   bash bench/identify/run.sh [--markers 16S,18S] [--repeat 3] [--threads 2] [--skip-blast]
 *
 * Work files go to bench/work/identify (gitignored); the report is printed and written to
 * bench/results/identify-<date>.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFastaFile } from '@mdc/refdata/fasta';
import { build } from 'esbuild';
import { accuracy, kernelLoaderAtSource, median, need, readTsv, runBlast, timed, version, vsearchHits, type Accuracy, type Measured } from './measure';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    markers: { type: 'string', default: '16S,18S' },
    repeat: { type: 'string', default: '3' },
    threads: { type: 'string', default: '2' },
    'skip-blast': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const markers = values.markers!.split(',').map((m) => m.trim().toUpperCase());
const repeat = Math.max(1, Number(values.repeat));
const threads = Math.max(1, Number(values.threads));
const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
const work = path.join(repo, 'bench/work/identify');
mkdirSync(work, { recursive: true });

need('time');
need('vsearch');
need('blastn');
need('makeblastdb');
// MDC runs as JavaScript compiled from its TypeScript sources, as a deployment would; compiling is
// not timed (nor is compiling vsearch or BLAST).
const dist = path.join(work, 'dist');
const compileStart = performance.now();
await build({
  entryPoints: { mdc: path.join(here, 'mdc.ts'), worker: path.join(repo, 'packages/core/src/identify/rrna/parallel/worker.ts') },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  external: ['tsx', 'tsx/*'],
  logLevel: 'error',
  plugins: [kernelLoaderAtSource],
});
const compileS = (performance.now() - compileStart) / 1000;


interface Row {
  tool: string;
  settings: string;
  threads: number;
  indexS: string;
  searchS: string;
  totalS: number;
  runs: number[];
  acc: Accuracy;
  peakMB: number;
}

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} % (${n})`;

async function benchMarker(marker: string): Promise<{ rows: Row[]; notes: string[]; refs: number; queries: number }> {
  const refGz = path.join(dataDir!, 'rrna', `${marker}_reference.fasta.gz`);
  const queryGz = path.join(dataDir!, 'rrna', `${marker}_queries_dev.fasta.gz`);
  const dir = path.join(work, marker);
  mkdirSync(dir, { recursive: true });
  // Every tool reads the same plain FASTA files.
  const refFa = path.join(dir, 'reference.fasta');
  const queryFa = path.join(dir, 'queries.fasta');
  writeFileSync(refFa, gunzipSync(readFileSync(refGz)));
  writeFileSync(queryFa, gunzipSync(readFileSync(queryGz)));
  const refs = await readFastaFile(refFa);
  const queries = await readFastaFile(queryFa);
  const speciesOf = new Map(refs.map((r) => [r.accession, r.species ?? '']));
  const expected = new Map(queries.map((q) => [q.accession, q.expected ?? '']));
  const rows: Row[] = [];
  const notes: string[] = [];

  // MDC and vsearch alternate so that a busy spell on the machine hits both alike.
  const mdcRuns: { m: Measured; t: Record<string, number> }[] = [];
  const vsRuns: Measured[] = [];
  // The same search as a user types it: npx, the `mdc` command's start, its own FASTA reading.
  const npxRuns: Measured[] = [];
  const npxOut = path.join(dir, 'npx-mdc.tsv');
  const vsTieRuns: Measured[] = [];
  const mdcOut = path.join(dir, 'mdc.tsv');
  const vsOut = path.join(dir, 'vsearch.tsv');
  const vsTieOut = path.join(dir, 'vsearch-ties.tsv');
  const vsCommon = ['--usearch_global', queryFa, '--db', refFa, '--id', '0.7', '--threads', String(threads), '--userfields', 'query+target+id+alnlen+mism+opens', '--quiet'];
  for (let i = 0; i < repeat; i++) {
    const timings = path.join(dir, `mdc-timings-${i}.json`);
    const m = timed(work, repo, `${marker}-mdc-${i}`, process.execPath, [
      path.join(dist, 'mdc.mjs'),
      '--worker',
      path.join(dist, 'worker.mjs'),
      '--ref',
      refFa,
      '--queries',
      queryFa,
      '--out',
      mdcOut,
      '--marker',
      marker,
      '--threads',
      String(threads),
      '--timings',
      timings,
    ]);
    mdcRuns.push({ m, t: JSON.parse(readFileSync(timings, 'utf8')) });
    npxRuns.push(
      timed(work, repo, `${marker}-npx-mdc-${i}`, 'sh', ['-c', `npx mdc identify --method ${marker} --query '${queryFa}' --reference '${refFa}' --threads ${threads} --top 20 > '${npxOut}'`]),
    );
    vsRuns.push(timed(work, repo, `${marker}-vsearch-${i}`, 'vsearch', [...vsCommon, '--maxaccepts', '1', '--maxrejects', '32', '--userout', vsOut]));
    vsTieRuns.push(
      timed(work, repo, `${marker}-vsearch-ties-${i}`, 'vsearch', [...vsCommon, '--maxaccepts', '20', '--maxrejects', '64', '--top_hits_only', '--userout', vsTieOut]),
    );
  }

  // MDC hits.
  const mdcHits = new Map<string, { accession: string; tied: boolean }[]>();
  for (const [query, rank, accession, , , , tied] of readTsv(mdcOut).slice(1)) {
    if (rank === '0') continue;
    const list = mdcHits.get(query!) ?? [];
    list.push({ accession: accession!, tied: tied === '1' });
    mdcHits.set(query!, list);
  }
  const t = (key: string) => median(mdcRuns.map((r) => r.t[key]!)) / 1000;
  rows.push({
    tool: 'MDC',
    settings: `word index k=${mdcRuns[0]!.t.wordLength}, ${24} candidates aligned (more while tied), semi-global affine alignment, unalignable ends trimmed, ≤ 20 overhanging bases per end free, ties at 2 decimals`,
    threads: mdcRuns[0]!.t.threads!,
    indexS: `${(t('readReferencesMs') + t('buildIndexMs')).toFixed(2)} (read ${t('readReferencesMs').toFixed(2)} + build ${t('buildIndexMs').toFixed(2)})`,
    searchS: t('searchMs').toFixed(2),
    totalS: median(mdcRuns.map((r) => r.m.wallS)),
    runs: mdcRuns.map((r) => r.m.wallS),
    acc: accuracy(expected, speciesOf, mdcHits),
    peakMB: Math.max(...mdcRuns.map((r) => r.m.peakMB)),
  });

  // The command's TSV has no tie column: hits scoring as the top hit are its ties.
  const npxHits = new Map<string, { accession: string; tied: boolean; score: string }[]>();
  for (const [query, , accession, , , , , , score] of readTsv(npxOut).slice(1)) {
    const list = npxHits.get(query!) ?? [];
    list.push({ accession: accession!, tied: list.length > 0 && score === list[0]!.score, score: score! });
    npxHits.set(query!, list);
  }
  rows.push({
    tool: 'MDC as typed: `npx mdc identify`',
    settings: `the same engine through the command: npx, start, reading the FASTA, --top 20`,
    threads,
    indexS: '—',
    searchS: '—',
    totalS: median(npxRuns.map((m) => m.wallS)),
    runs: npxRuns.map((m) => m.wallS),
    acc: accuracy(expected, speciesOf, npxHits),
    peakMB: Math.max(...npxRuns.map((m) => m.peakMB)),
  });

  rows.push({
    tool: 'vsearch',
    settings: '--usearch_global --id 0.7 --maxaccepts 1 --maxrejects 32 (defaults; strand plus)',
    threads,
    indexS: 'n/a (built inside each run)',
    searchS: '—',
    totalS: median(vsRuns.map((m) => m.wallS)),
    runs: vsRuns.map((m) => m.wallS),
    acc: accuracy(expected, speciesOf, vsearchHits(vsOut, false)),
    peakMB: Math.max(...vsRuns.map((m) => m.peakMB)),
  });
  rows.push({
    tool: 'vsearch (ties)',
    settings: '--usearch_global --id 0.7 --maxaccepts 20 --maxrejects 64 --top_hits_only',
    threads,
    indexS: 'n/a (built inside each run)',
    searchS: '—',
    totalS: median(vsTieRuns.map((m) => m.wallS)),
    runs: vsTieRuns.map((m) => m.wallS),
    acc: accuracy(expected, speciesOf, vsearchHits(vsTieOut, true)),
    peakMB: Math.max(...vsTieRuns.map((m) => m.peakMB)),
  });

  if (!values['skip-blast']) {
    const { hits: blHits, makeDb: mk, search: bl } = runBlast(dir, repo, marker, refFa, queryFa, threads);
    rows.push({
      tool: 'blastn',
      settings: '-task megablast -max_target_seqs 20 (ties: equal bit score)',
      threads,
      indexS: `${mk.wallS.toFixed(2)} (makeblastdb)`,
      searchS: bl.wallS.toFixed(2),
      totalS: mk.wallS + bl.wallS,
      runs: [bl.wallS],
      acc: accuracy(expected, speciesOf, blHits),
      peakMB: Math.max(mk.peakMB, bl.peakMB),
    });
  }

  const ratios = mdcRuns.map((r, i) => r.m.wallS / vsRuns[i]!.wallS);
  const npxRatios = npxRuns.map((r, i) => r.wallS / vsRuns[i]!.wallS);
  notes.push(
    `npx mdc identify (whole command) / vsearch total (same run, each repetition): ${npxRatios.map((r) => r.toFixed(2)).join(', ')}; median ${median(npxRatios).toFixed(2)}.`,
    `MDC total / vsearch total (same run, each repetition): ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}.`,
    `MDC search only (index already in memory, as in the server) / vsearch total: ${(t('searchMs') / median(vsRuns.map((m) => m.wallS))).toFixed(2)}.`,
    `MDC index: ${(mdcRuns[0]!.t.indexBytes! / 2 ** 20).toFixed(0)} MiB of typed arrays for ${mdcRuns[0]!.t.references} references; Node.js module loading ${(t('moduleLoadMs')).toFixed(2)} s of the MDC total.`,
  );
  return { rows, notes, refs: refs.length, queries: queries.length };
}

const date = new Date().toISOString().slice(0, 10);
const cpu = os.cpus()[0]?.model ?? '?';
const out: string[] = [
  `# Identification benchmark — ${date}`,
  '',
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; Node.js ${process.version}; ${version('vsearch', ['--version'], /vsearch v[\d.]+/)}; ${version('blastn', ['-version'], /blastn: [\d.]+\+?/)}.`,
  `MDC runs as JavaScript bundled from its TypeScript sources by esbuild (${compileS.toFixed(1)} s, not timed); batches under 48 queries run on its main thread.`,
  `Every tool is given ${threads} thread(s); wall times are medians of ${repeat} alternating MDC/vsearch runs (blastn once), each a fresh process including reading the FASTA files.`,
  'Accuracy: top hit\'s species (or genus) equals the expected one; "among top ties" counts the expected species anywhere among the hits tied with the top hit (vsearch default settings report one hit only).',
  '',
];
for (const marker of markers) {
  console.error(`benchmarking ${marker} …`);
  const { rows, notes, refs, queries } = await benchMarker(marker);
  out.push(
    `## ${marker}: ${queries} held-out queries against ${refs} references`,
    '',
    '| tool | threads | index build (s) | search (s) | total wall (s) | top-hit species | species among top ties | top-hit genus | peak RSS (MB) | settings |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.tool} | ${r.threads} | ${r.indexS} | ${r.searchS} | ${r.totalS.toFixed(2)} | ${pct(r.acc.topSpecies, r.acc.queries)} | ${pct(r.acc.tiedSpecies, r.acc.queries)} | ${pct(r.acc.topGenus, r.acc.queries)} | ${r.peakMB.toFixed(0)} | ${r.settings} |`,
    ),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  );
}
const report = out.join('\n');
console.log(report);
const file = values.out ?? path.join(repo, 'bench/results', `identify-${date}.md`);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, report);
console.error(`written to ${path.relative(repo, file)}`);
