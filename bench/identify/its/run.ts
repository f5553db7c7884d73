/**
 * ITS identification benchmark: `mdc identify --method ITS` (the command a user runs) against
 * vsearch (--usearch_global) and blastn (-task megablast) on the same reference and the 439
 * held-out ITS2 queries, on this machine, in one run. Same metrics as bench/identify (16S/18S).
 *
 *   bash bench/identify/its/run.sh [--repeat 3] [--threads 2] [--skip-blast]
 *
 * The reference every tool reads is ITS2_reference.fasta.gz after MDC's reference filter (records
 * of at least 100 bases named to species), written once as plain FASTA. A batch this size (under
 * 1,000 reads: one thread) MDC answers by one scan of the references, without a word index; it
 * files the references' bases under MDC_HOME/cache/word-index: "cold" runs start with that cache emptied
 * (they read the FASTA, scan it and file it), "warm" runs read the filed references. The word index
 * a larger batch gets is timed too, filed beforehand ("word index filed", the peer of vsearch's
 * UDB). MDC also runs with the ITS1 reference beside it, as the server does ("as
 * served"). Work files go to bench/work/identify-its; the report is printed and written to
 * bench/results/identify-its-<date>.md.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta } from '@mdc/refdata/fasta';
import { ITS_THRESHOLDS, type ItsRegion } from '@mdc/core/identify/its';
import { ITS_DIR, ITS_FILES, readItsFile } from '../../../apps/server/src/resource/its';
import { accuracy as score, median, need, parseTsv, runBlast, timed, version, vsearchHits, type Hits, type Measured } from '../measure';

const loadAtStart = os.loadavg();
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
for (const tool of ['time', 'vsearch', ...(values['skip-blast'] ? [] : ['blastn', 'makeblastdb'])]) need(tool);

// The command as installed: bin/mdc.js runs the esbuild bundle of the sources (built at install and
// whenever a source is newer). Built here first, untimed; each timed run still checks freshness.
const { build, buildIsFresh } = (await import(path.join(repo, 'apps/server/build.mjs'))) as { build: (o: { quiet: boolean }) => Promise<void>; buildIsFresh: () => boolean };
const compileStart = performance.now();
if (!buildIsFresh()) await build({ quiet: true });
const compileS = (performance.now() - compileStart) / 1000;
const mdcBin = path.join(repo, 'apps/server/bin/mdc.js');
const home = path.join(work, 'home');
const cache = path.join(home, 'cache');
const env = { ...process.env, MDC_HOME: home };

// The filtered references, in the MDC rRNA header form, and the queries with plain ids.
async function writeReference(region: ItsRegion): Promise<{ file: string; total: number; kept: number }> {
  const file = path.join(work, `${region}.fasta`);
  const out: string[] = [];
  let total = 0;
  for await (const ref of readItsFile(path.join(dataDir!, ITS_DIR, ITS_FILES[region]), region)) {
    total++;
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

const pct = (n: number) => `${((100 * n) / expected.size).toFixed(1)} % (${n})`;
const accuracy = (hits: Hits) => score(expected, speciesOf, hits);

/**
 * MDC's TSV (the 16S/18S columns): hits in rank order; which of them tie with the top is MDC's own
 * call (`tiedWithTop`, the same differences per column to half a column), which the TSV's two
 * decimals do not show: it is read from `ties`, the same command's JSON. A pooled ITS1+ITS2 hit
 * names both records; both are of the same species.
 */
function mdcHits(tsv: string, ties?: Map<string, Set<string>>): Hits {
  const hits: Hits = new Map();
  for (const [query, rank, accession, , similarity] of parseTsv(tsv).slice(1)) {
    if (rank === '0' || rank === '') continue;
    const list = hits.get(query!) ?? [];
    list.push({ accession: accession!.split(' + ').pop()!, tied: list.length === 0 || ties?.get(query!)?.has(accession!) === true, similarity: Number(similarity) });
    hits.set(query!, list);
  }
  return hits;
}

/**
 * The hits MDC ties with the top, per query, from `--format json` of the same command (run once,
 * untimed); its listed hits must be the TSV's, in the same order.
 */
function mdcTies(json: string, tsv: string): Map<string, Set<string>> {
  const ties = new Map<string, Set<string>>();
  const listed = new Map<string, string[]>();
  for (const r of JSON.parse(json) as { ok: boolean; queryId: string; hits?: { accession: string; tiedWithTop: boolean }[] }[]) {
    if (!r.ok) continue;
    ties.set(r.queryId, new Set(r.hits!.filter((h) => h.tiedWithTop).map((h) => h.accession)));
    listed.set(r.queryId, r.hits!.map((h) => h.accession));
  }
  const fromTsv = new Map<string, string[]>();
  for (const [query, rank, accession] of parseTsv(tsv).slice(1)) if (rank !== '0' && rank !== '') fromTsv.set(query!, [...(fromTsv.get(query!) ?? []), accession!]);
  if (JSON.stringify([...fromTsv]) !== JSON.stringify([...listed])) throw new Error('MDC listed other hits in JSON than in TSV');
  return ties;
}

/** "read and indexed … in X s" and "identified … in Y s" from the command's standard error. */
function phases(stderr: string): { indexS: number; searchS: number } {
  return { indexS: Number(stderr.match(/read (?:and indexed )?.* in ([\d.]+) s/)?.[1] ?? NaN), searchS: Number(stderr.match(/identified \d+ sequences(?: on \d+ thread\(s\))? in ([\d.]+) s/)?.[1] ?? NaN) };
}

interface Row {
  tool: string;
  settings: string;
  runs: Measured[];
  acc: ReturnType<typeof accuracy>;
  index?: string;
  search?: string;
  /** When the row is two commands (makeblastdb + blastn). */
  totalS?: number;
  cpuS?: number;
}
const rows: Row[] = [];
const outputs = { mdcCold: '', mdcWarm: '', servedWarm: '', vsearch: path.join(work, 'vsearch.tsv'), vsearch1: path.join(work, 'vsearch-1-thread.tsv'), vsearchUdb: path.join(work, 'vsearch-udb.tsv'), vsearchTies: path.join(work, 'vsearch-ties.tsv') };
const runs = { mdcCold: [] as Measured[], mdcCold1: [] as Measured[], mdcWarm: [] as Measured[], mdcIndexed: [] as Measured[], servedCold: [] as Measured[], servedWarm: [] as Measured[], vsearch: [] as Measured[], vsearch1: [] as Measured[], vsearchUdb: [] as Measured[], vsearchTies: [] as Measured[] };
const vsOptions = ['--id', '0.7', '--threads', String(threads), '--userfields', 'query+target+id', '--quiet'];
const vsCommon = ['--usearch_global', queryFa, '--db', its2.file, ...vsOptions];
// vsearch's own prebuilt index (as makeblastdb's database and MDC's filed word index): made once,
// its time shown apart, then searched like the FASTA — the fair peer of MDC with its word index filed.
const udb = path.join(work, 'ITS2.udb');
const makeUdb = timed(work, repo, 'vsearch-makeudb', 'vsearch', ['--makeudb_usearch', its2.file, '--output', udb, '--quiet']);
const vsUdb = ['--usearch_global', queryFa, '--db', udb, ...vsOptions];
const mdcArgs = (withIts1: boolean, threadCount = threads) => [mdcBin, 'identify', '--method', 'ITS', '--query', queryFa, '--reference', its2.file, ...(withIts1 ? ['--reference-its1', its1.file] : []), '--format', 'tsv', '--threads', String(threadCount)];
const mdc = (label: string, withIts1: boolean, cold: boolean, threadCount = threads) => {
  if (cold) rmSync(cache, { recursive: true, force: true });
  return timed(work, repo, label, process.execPath, mdcArgs(withIts1, threadCount), env);
};
// The word index as a batch searched on several threads gets it, in a home of its own: built and
// filed once (told that every read is worth a thread; its time shown apart), then read and searched
// on one thread (a filed index serves any batch).
const indexedEnv = { ...env, MDC_HOME: path.join(work, 'home-indexed') };
rmSync(indexedEnv.MDC_HOME, { recursive: true, force: true });
const makeIndex = timed(work, repo, 'mdc-make-index', process.execPath, mdcArgs(false, 2), { ...indexedEnv, MDC_READS_PER_SEARCH_THREAD: '1' });
// Alternating, so that a busy spell of the shared machine falls on every tool alike.
for (let i = 0; i < repeat; i++) {
  runs.mdcCold.push(mdc(`mdc-cold-${i}`, false, true));
  runs.vsearch.push(timed(work, repo, `vsearch-${i}`, 'vsearch', [...vsCommon, '--maxaccepts', '1', '--maxrejects', '32', '--userout', outputs.vsearch]));
  runs.mdcWarm.push(mdc(`mdc-warm-${i}`, false, false));
  runs.mdcIndexed.push(timed(work, repo, `mdc-indexed-${i}`, process.execPath, mdcArgs(false, 1), indexedEnv));
  // The same cold command on one thread: whether the second thread pays on this machine; and
  // vsearch on one thread, the same resources.
  runs.mdcCold1.push(mdc(`mdc-cold-1-thread-${i}`, false, true, 1));
  runs.vsearch1.push(timed(work, repo, `vsearch-1-thread-${i}`, 'vsearch', [...vsCommon.map((a, j) => (vsCommon[j - 1] === '--threads' ? '1' : a)), '--maxaccepts', '1', '--maxrejects', '32', '--userout', outputs.vsearch1]));
  runs.vsearchUdb.push(timed(work, repo, `vsearch-udb-${i}`, 'vsearch', [...vsUdb, '--maxaccepts', '1', '--maxrejects', '32', '--userout', outputs.vsearchUdb]));
  runs.vsearchTies.push(timed(work, repo, `vsearch-ties-${i}`, 'vsearch', [...vsCommon, '--maxaccepts', '20', '--maxrejects', '64', '--top_hits_only', '--userout', outputs.vsearchTies]));
  runs.servedCold.push(mdc(`mdc-served-cold-${i}`, true, true));
  runs.servedWarm.push(mdc(`mdc-served-warm-${i}`, true, false));
}
const same = (list: Measured[]) => list.every((m) => m.stdout === list[0]!.stdout);
if (!same([makeIndex, ...runs.mdcCold, ...runs.mdcCold1, ...runs.mdcWarm, ...runs.mdcIndexed]) || !same([...runs.servedCold, ...runs.servedWarm])) throw new Error('MDC answered differently by scan and by word index, or with and without the cache');
// Kept beside vsearch's outputs, so that two runs (before and after a change) can be compared with diff.
writeFileSync(path.join(work, 'mdc.tsv'), runs.mdcCold[0]!.stdout);
writeFileSync(path.join(work, 'mdc-served.tsv'), runs.servedCold[0]!.stdout);
// MDC's ties, from its JSON (untimed): with and without the ITS1 reference.
const json = (withIts1: boolean) => timed(work, repo, `mdc-json${withIts1 ? '-served' : ''}`, process.execPath, mdcArgs(withIts1).map((a) => (a === 'tsv' ? 'json' : a)), env).stdout;
const ties = { its2: mdcTies(json(false), runs.mdcCold[0]!.stdout), served: mdcTies(json(true), runs.servedCold[0]!.stdout) };
const mdcRow = (tool: string, settings: string, list: Measured[]): Row => {
  const p = list.map((m) => phases(m.stderr));
  return { tool, settings, runs: list, acc: accuracy(mdcHits(list[0]!.stdout, list === runs.servedCold || list === runs.servedWarm ? ties.served : ties.its2)), index: median(p.map((x) => x.indexS)).toFixed(2), search: median(p.map((x) => x.searchS)).toFixed(2) };
};
const settings = 'ITS pipeline: 5.8S located, candidates by shared words (k=10), 8 aligned (more while tied), semi-global alignment, ties to half a column (tiedSimilarity)';
rows.push(mdcRow('MDC, cold (cache empty)', `${settings}; reads the FASTA, scans it once for the batch's words, files the references`, runs.mdcCold));
rows.push(mdcRow('MDC, cold, --threads 1', `${settings}; the same as cold on one thread`, runs.mdcCold1));
rows.push(mdcRow('MDC, warm (references cached)', `${settings}; reads the filed references and scans them`, runs.mdcWarm));
rows.push({ ...mdcRow('MDC, word index filed', `${settings}; reads the filed word index and ranks by it (as a batch on several threads does), one thread`, runs.mdcIndexed), index: `${makeIndex.wallS.toFixed(2)} (built and filed) / ${median(runs.mdcIndexed.map((m) => phases(m.stderr).indexS)).toFixed(2)}` });
rows.push(mdcRow('MDC as served, cold', 'the same with the ITS1 reference beside it: a read without 5.8S is searched against both spacers and answered by the better', runs.servedCold));
rows.push(mdcRow('MDC as served, warm', 'the same, both references cached', runs.servedWarm));
rows.push({ tool: 'vsearch', settings: '--usearch_global --id 0.7 --maxaccepts 1 --maxrejects 32 (defaults; strand plus)', runs: runs.vsearch, acc: accuracy(vsearchHits(outputs.vsearch, false)) });
rows.push({ tool: 'vsearch, --threads 1', settings: 'the same on one thread (the resources of MDC --threads 1)', runs: runs.vsearch1, acc: accuracy(vsearchHits(outputs.vsearch1, false)) });
rows.push({
  tool: 'vsearch, prebuilt UDB',
  settings: 'the same, --db ITS2.udb made by --makeudb_usearch (once, time shown apart)',
  runs: runs.vsearchUdb,
  acc: accuracy(vsearchHits(outputs.vsearchUdb, false)),
  index: `${makeUdb.wallS.toFixed(2)} (makeudb_usearch)`,
});
rows.push({ tool: 'vsearch (ties)', settings: '--usearch_global --id 0.7 --maxaccepts 20 --maxrejects 64 --top_hits_only', runs: runs.vsearchTies, acc: accuracy(vsearchHits(outputs.vsearchTies, true)) });
if (!values['skip-blast']) {
  const blast = runBlast(work, repo, 'its2', its2.file, queryFa, threads);
  rows.push({
    tool: 'blastn',
    settings: '-task megablast -max_target_seqs 20 (ties: equal bit score)',
    runs: [blast.search],
    acc: accuracy(blast.hits),
    index: `${blast.makeDb.wallS.toFixed(2)} (makeblastdb)`,
    search: blast.search.wallS.toFixed(2),
    totalS: blast.makeDb.wallS + blast.search.wallS,
    cpuS: blast.makeDb.cpuS + blast.search.cpuS,
  });
}

// Threshold check on the dev set: how often a name at each species threshold and margin is right.
const thresholdLines: string[] = [];
{
  const hits = mdcHits(runs.mdcWarm[0]!.stdout);
  const cases: { top: number; margin: number | null; species: boolean; genus: boolean }[] = [];
  for (const [query, species] of expected) {
    const list = hits.get(query);
    if (!list?.length) continue;
    const top = list[0]!;
    const topSpecies = speciesOf.get(top.accession) ?? '';
    const next = list.find((h) => speciesOf.get(h.accession) !== topSpecies);
    cases.push({ top: top.similarity!, margin: next ? top.similarity! - next.similarity! : null, species: topSpecies === species, genus: topSpecies.split(' ')[0] === species.split(' ')[0] });
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

const wall = (list: Measured[]) => median(list.map((m) => m.wallS));
const ratio = (list: Measured[], key: 'wallS' | 'cpuS') => {
  const each = list.map((m, i) => m[key] / runs.vsearch[i]![key]);
  return `${each.map((r) => r.toFixed(2)).join(', ')}; median ${median(each).toFixed(2)}`;
};
const faster = (list: Measured[], key: 'wallS' | 'cpuS', peer = runs.vsearch) => `${list.filter((m, i) => m[key] < peer[i]![key]).length} of ${list.length}`;
const ratioTo = (list: Measured[], peer: Measured[], key: 'wallS' | 'cpuS') => {
  const each = list.map((m, i) => m[key] / peer[i]![key]);
  return `${each.map((r) => r.toFixed(2)).join(', ')}; median ${median(each).toFixed(2)}`;
};
const versusBlast = () => {
  const blast = rows.find((r) => r.tool === 'blastn');
  const mdc = rows.find((r) => r.tool.startsWith('MDC, cold ('))!;
  if (!blast) return 'blastn not run';
  const at = (key: 'topSpecies' | 'tiedSpecies' | 'topGenus', label: string) => `${label} ${mdc.acc[key]} vs ${blast.acc[key]} (${mdc.acc[key] >= blast.acc[key] ? 'at least as many' : 'fewer'})`;
  return [at('topSpecies', 'top-hit species'), at('tiedSpecies', 'species among top ties'), at('topGenus', 'top-hit genus')].join('; ');
};
const date = new Date().toISOString().slice(0, 10);
const report = [
  `# ITS identification benchmark — ${date}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; Node.js ${process.version}; ${version('vsearch', ['--version'], /vsearch v[\d.]+/)}; ${values['skip-blast'] ? 'blastn not run' : version('blastn', ['-version'], /blastn: [\d.]+\+?/)}.`,
  `MDC is timed as the command a user runs: \`node apps/server/bin/mdc.js identify --method ITS --query queries.fasta --reference ITS2.fasta [--reference-its1 ITS1.fasta] --threads N\` (the esbuild bundle of the sources, built before timing in ${compileS.toFixed(1)} s; each run still checks that it is fresh), TSV to standard output. Every tool is given ${threads} thread(s) (MDC: \`--threads ${threads}\`, its own thread and worker threads sharing the index's memory; the machine has ${os.availableParallelism()} cores). Wall times are medians of ${repeat} alternating runs (blastn once), each a fresh process.`,
  `Cold: MDC_HOME/cache emptied before the run, so MDC reads the FASTA, scans the references once for the batch's words (no word index: the batch is searched on one thread) and files the references. Warm: the next run, reading the filed references instead of the FASTA. Word index filed: the index a batch searched on several threads gets, built and filed once, then read — as vsearch does with a UDB made by --makeudb_usearch and blastn with makeblastdb's database (their times shown apart). The honest headline is cold MDC against vsearch on the FASTA, and MDC with its word index filed against vsearch on its UDB.`,
  `Reference: ITS2_reference.fasta.gz after MDC's filter, ${its2.kept} of ${its2.total} records (≥ 100 bases, named to species); MDC as served also reads ITS1 (${its1.kept} of ${its1.total}). Queries: ITS2_queries_dev.fasta.gz, ${expected.size} held-out ITS2 records.`,
  'Accuracy: top hit\'s species (or genus) equals the expected one; "among top ties" counts the expected species anywhere among the hits tied with the top hit (MDC: its own ties, `tiedWithTop` of the same command\'s JSON: the same differences per column to half a column; blastn: the same bit score; vsearch (ties): --top_hits_only).',
  '',
  '| tool | index (s) | search (s) | total wall (s) | total CPU (s) | top-hit species | species among top ties | top-hit genus | peak RSS (MB) | settings |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.tool} | ${r.index ?? 'n/a (inside each run)'} | ${r.search ?? '—'} | ${(r.totalS ?? wall(r.runs)).toFixed(2)} | ${(r.cpuS ?? median(r.runs.map((m) => m.cpuS))).toFixed(2)} | ${pct(r.acc.topSpecies)} | ${pct(r.acc.tiedSpecies)} | ${pct(r.acc.topGenus)} | ${Math.max(...r.runs.map((m) => m.peakMB)).toFixed(0)} | ${r.settings} |`,
  ),
  '',
  'MDC\'s index and search columns are the command\'s own timings (standard error): reading the reference (or what is filed of it) and indexing it where it is indexed, then identifying (the scan included); the rest of its total is starting Node.js, loading the bundle and reading the queries.',
  '',
  `- MDC cold / vsearch, wall (same run, each repetition): ${ratio(runs.mdcCold, 'wallS')}.`,
  `- MDC cold on one thread (--threads 1) / vsearch, wall: ${ratio(runs.mdcCold1, 'wallS')}; faster in ${faster(runs.mdcCold1, 'wallS')}.`,
  `- On the same resources, one thread each (MDC cold --threads 1 / vsearch --threads 1), wall: ${ratioTo(runs.mdcCold1, runs.vsearch1, 'wallS')}; faster in ${faster(runs.mdcCold1, 'wallS', runs.vsearch1)}.`,
  `- MDC warm / vsearch, wall (same run, each repetition): ${ratio(runs.mdcWarm, 'wallS')}.`,
  `- MDC warm / vsearch with its prebuilt UDB, wall: ${ratioTo(runs.mdcWarm, runs.vsearchUdb, 'wallS')}; faster in ${faster(runs.mdcWarm, 'wallS', runs.vsearchUdb)}.`,
  `- MDC with its word index filed / vsearch with its prebuilt UDB (the fair comparison of prebuilt indexes), wall: ${ratioTo(runs.mdcIndexed, runs.vsearchUdb, 'wallS')}; CPU: ${ratioTo(runs.mdcIndexed, runs.vsearchUdb, 'cpuS')}; faster in ${faster(runs.mdcIndexed, 'wallS', runs.vsearchUdb)} (wall).`,
  `- MDC cold / vsearch, CPU: ${ratio(runs.mdcCold, 'cpuS')}; MDC warm / vsearch, CPU: ${ratio(runs.mdcWarm, 'cpuS')}.`,
  `- MDC as served, warm / vsearch, wall: ${ratio(runs.servedWarm, 'wallS')}.`,
  '- Cold, warm and word-index runs wrote the same TSV, byte for byte (checked by the runner): the scan finds the candidates the word index finds.',
  `- Faster than vsearch (wall, same repetition): cold ${faster(runs.mdcCold, 'wallS')}, warm ${faster(runs.mdcWarm, 'wallS')}; in CPU: cold ${faster(runs.mdcCold, 'cpuS')}, warm ${faster(runs.mdcWarm, 'cpuS')}.`,
  `- Accuracy against blastn megablast on the same reference: ${versusBlast()}.`,
  '',
  '## Thresholds on the dev set (MDC hits on the ITS2 reference; similarities as the TSV shows them, 2 decimals)',
  '',
  ...thresholdLines,
  '',
].join('\n');
console.log(report);
const file = values.out ?? path.join(repo, 'bench/results', `identify-its-${date}.md`);
writeFileSync(file, report);
console.error(`written to ${path.relative(repo, file)}`);
