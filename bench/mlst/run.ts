/**
 * MLST bench: MDC's sequence types of the Kleborate example genomes and the shared reference and
 * test genomes, against
 *   - exact-match allele calls made independently with BLAST (blastn of the scheme's alleles
 *     against each genome, ungapped, 100 % identity over the allele's whole length — the calls
 *     `mlst` makes from BLAST), and the ST of those alleles in the same profiles;
 *   - Kleborate 2.3.1 (Debian), run here in the same run, for the K. pneumoniae species complex.
 * Times: MDC's engine per genome (schemes read once, apart), the whole `mdc mlst`-equivalent run
 * on the four Kleborate examples, and Kleborate's wall time on the same four.
 *
 *   npx tsx bench/mlst/run.ts [--skip-kleborate]
 *
 * Writes bench/results/mlst-<date>.md. Needs REFDATA_DIR (or ../shared/data), ncbi-blast+,
 * kleborate and kleborate-examples (xz-compressed genomes under /usr/share/doc/kleborate/examples).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findRefdataDir, repoRoot } from '@mdc/refdata/datadir';
import { readAssembly, readGenomeManifest } from '@mdc/refdata/genome';
import { listMlstSchemes, mlstDir, readMlstScheme, readSchemeSpeciesMap, type MlstSchemeRecord } from '@mdc/refdata/mlst';
import { MlstTyper, schemesForSpecies } from '@mdc/core/mlst';

const skipKleborate = process.argv.includes('--skip-kleborate');
// Kleborate runs beside the MDC and BLAST passes, one genome at a time; genomes it has not
// finished this many seconds after the start are reported as not run (the machine is shared).
const budgetAt = process.argv.indexOf('--kleborate-budget');
const kleborateBudgetS = budgetAt > 0 ? Number(process.argv[budgetAt + 1]) : 3600;
const progress = (line: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const data = findRefdataDir();
if (!data) throw new Error('no reference data: set REFDATA_DIR');
const work = path.join(repoRoot, 'bench/work/mlst');
mkdirSync(work, { recursive: true });
const dir = mlstDir(data);

interface Genome {
  label: string;
  species: string;
  file: string;
  expectedSt?: string;
  kleborate: boolean;
}

// The Kleborate examples, with the STs their publications and Kleborate's documentation give.
const examples: Genome[] = [
  ['Klebs_HS11286.fna', '11'],
  ['NTUH-K2044.fna', '23'],
  ['Klebs_Kp1084.fna', '23'],
  ['MGH78578.fna', '38'],
].map(([name, st]) => {
  const file = path.join(work, name!);
  if (!existsSync(file)) writeFileSync(file, execFileSync('xz', ['-dc', `/usr/share/doc/kleborate/examples/data/${name}.xz`], { maxBuffer: 64 << 20 }));
  return { label: name!, species: 'Klebsiella pneumoniae', file, expectedSt: st, kleborate: true };
});
const genomeDir = path.join(data, 'genome');
const shared: Genome[] = readGenomeManifest(genomeDir).map((r) => {
  const plain = path.join(work, path.basename(r.file).replace(/\.gz$/, ''));
  if (!existsSync(plain)) writeFileSync(plain, gunzipSync(readFileSync(path.join(genomeDir, r.file))));
  return { label: path.basename(r.file).replace(/\.fna\.gz$/, ''), species: r.species, file: plain, kleborate: /^Klebsiella (pneumoniae|variicola|quasipneumoniae)/.test(r.species) };
});
const genomes = [...examples, ...shared];

const benchStart = performance.now();
const kleborateResults = new Map<string, { st: string; ms: number }>();
const kleborateQueue = skipKleborate ? [] : [...examples, ...shared.filter((g) => g.kleborate)];
let kleborateChild: ReturnType<typeof spawn> | undefined;
const kleborateDone = (async () => {
  for (const g of kleborateQueue) {
    if ((performance.now() - benchStart) / 1000 > kleborateBudgetS) break;
    const out = path.join(work, `kleborate-${path.basename(g.file)}.txt`);
    const started = performance.now();
    const code = await new Promise<number | null>((resolve) => {
      kleborateChild = spawn('kleborate', ['-a', g.file, '-o', out], { cwd: work, stdio: 'ignore' });
      kleborateChild.on('close', resolve);
    });
    if (code !== 0) break;
    const ms = performance.now() - started;
    const [header, ...rowsK] = readFileSync(out, 'utf8').trimEnd().split('\n');
    const cols = header!.split('\t');
    const cells = rowsK[0]!.split('\t');
    kleborateResults.set(g.file, { st: cells[cols.indexOf('ST')]!, ms });
    progress(`kleborate ${g.label}: ${cells[cols.indexOf('ST')]} in ${(ms / 1000).toFixed(1)} s`);
  }
})();

// MDC: every scheme read once (timed apart), each genome typed without being told its species (as `mlst` does) and by its species.
let t = performance.now();
const names = listMlstSchemes(dir);
const records = new Map<string, MlstSchemeRecord>(names.map((n) => [n, readMlstScheme(dir, n)]));
const readMs = performance.now() - t;
t = performance.now();
const typer = new MlstTyper([...records.values()]);
const indexMs = performance.now() - t;
const map = readSchemeSpeciesMap(dir);

interface Row {
  genome: Genome;
  bases: number;
  scheme: string;
  st: string;
  alleles: string;
  ms: number;
  speciesScheme: string;
  speciesSt: string;
  speciesAlleles: string;
  blastSt?: string;
  blastAlleles?: string;
  kleborateSt?: string;
}
const rows: Row[] = [];
for (const genome of genomes) {
  const assembly = readAssembly(readFileSync(genome.file), genome.label);
  // The first genome twice: its first run compiles the engine's code paths.
  if (rows.length === 0) typer.type(assembly);
  const started = performance.now();
  const best = typer.type(assembly).best;
  const ms = performance.now() - started;
  const forSpecies = schemesForSpecies(genome.species, map, names);
  const bySpecies = forSpecies.length ? typer.type(assembly, { schemes: forSpecies }).best : undefined;
  rows.push({
    genome,
    bases: assembly.length,
    scheme: best?.scheme ?? '-',
    st: best?.st ?? '-',
    alleles: best ? best.loci.map((l) => `${l.locus}(${l.call})`).join(' ') : '',
    ms,
    speciesScheme: bySpecies?.scheme ?? '-',
    speciesSt: bySpecies?.st ?? '-',
    speciesAlleles: bySpecies ? bySpecies.loci.map((l) => `${l.locus}(${l.call})`).join(' ') : '',
  });
  await new Promise((resolve) => setImmediate(resolve)); // lets Kleborate's queue move on
  progress(`MDC ${genome.label}: ${best?.scheme ?? '-'} ST ${best?.st ?? '-'} in ${ms.toFixed(0)} ms`);
}

// Exact-match allele calls by BLAST, for the scheme MDC chose by species (or by score when the species has none).
const blastDbs = new Map<string, string>();
function blastExact(genome: Genome, schemeName: string): { st: string; alleles: string } {
  const scheme = records.get(schemeName)!;
  let query = blastDbs.get(schemeName);
  if (!query) {
    query = path.join(work, `${schemeName}.alleles.fa`);
    writeFileSync(query, scheme.loci.flatMap((locus, l) => scheme.alleles[l]!.map((a) => `>${locus}|${a.number}\n${a.sequence}\n`)).join(''));
    blastDbs.set(schemeName, query);
  }
  const db = path.join(work, `${path.basename(genome.file)}.db`);
  if (!existsSync(`${db}.nsq`) && !existsSync(`${db}.00.nsq`)) execFileSync('makeblastdb', ['-in', genome.file, '-dbtype', 'nucl', '-out', db], { stdio: 'ignore' });
  const out = execFileSync(
    'blastn',
    ['-query', query, '-db', db, '-ungapped', '-dust', 'no', '-word_size', '32', '-perc_identity', '100', '-evalue', '1e-20', '-max_target_seqs', '10000', '-outfmt', '6 qseqid qlen length nident sseqid sstart send'],
    { maxBuffer: 256 << 20 },
  ).toString();
  const found = new Map<string, Set<string>>();
  for (const line of out.trim().split('\n').filter(Boolean)) {
    const [qseqid, qlen, length, nident] = line.split('\t');
    if (qlen !== length || qlen !== nident) continue;
    const [locus, number] = qseqid!.split('|');
    if (!found.has(locus!)) found.set(locus!, new Set());
    found.get(locus!)!.add(number!);
  }
  const calls = scheme.loci.map((locus) => [...(found.get(locus) ?? [])].sort((a, b) => Number(a) - Number(b)).join(',') || '-');
  const profile = scheme.profiles.find((p) => p.alleles.every((a, i) => a === calls[i]));
  return { st: profile?.st ?? '-', alleles: scheme.loci.map((locus, i) => `${locus}(${calls[i]})`).join(' ') };
}
t = performance.now();
for (const row of rows) {
  const scheme = row.speciesScheme !== '-' ? row.speciesScheme : row.scheme;
  if (scheme === '-') continue;
  const exact = blastExact(row.genome, scheme);
  row.blastSt = exact.st;
  row.blastAlleles = exact.alleles;
  await new Promise((resolve) => setImmediate(resolve));
  progress(`BLAST ${row.genome.label}: ${scheme} ST ${exact.st}`);
}
const blastMs = performance.now() - t;

// Kleborate 2.3.1: what it finished within its budget (the rest is said to be not run).
if (!skipKleborate) {
  const left = kleborateBudgetS * 1000 - (performance.now() - benchStart);
  await Promise.race([kleborateDone, new Promise((resolve) => setTimeout(resolve, Math.max(0, left)))]);
  kleborateChild?.kill();
  for (const row of rows) row.kleborateSt = kleborateResults.get(row.genome.file)?.st;
}
const kleborateExampleTimes = examples.map((g) => kleborateResults.get(g.file)?.ms);
const kleborateExamplesMs = kleborateExampleTimes.every((ms) => ms !== undefined) ? kleborateExampleTimes.reduce((n, ms) => n! + ms!, 0)! : undefined;

// The whole typing of the four examples as `mdc mlst` does it: schemes read, then four genomes typed.
const exampleRows = rows.slice(0, examples.length);
const mdcExamplesMs = readMs + indexMs + exampleRows.reduce((n, r) => n + r.ms, 0);

const fmt = (ms: number) => (ms / 1000).toFixed(2);
const stOf = (s: string | undefined) => s ?? '';
const kleborateSame = (row: Row) => row.kleborateSt === undefined || row.kleborateSt.replace(/^ST/, '').replace(/-.*$/, '') === row.speciesSt;
const lines: string[] = [];
lines.push(`# MLST — ${new Date().toISOString().slice(0, 10)}`);
lines.push('');
lines.push(`Machine: ${execFileSync('nproc').toString().trim()} cores shared with other sessions (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end of the run; times are wall clock, inflated alike for every tool).`);
lines.push(`Schemes: ${names.length} PubMLST schemes (${[...records.values()].reduce((n, s) => n + s.alleles.reduce((m, a) => m + a.length, 0), 0).toLocaleString('en')} alleles) read in ${fmt(readMs)} s, exact-allele index built in ${fmt(indexMs)} s (once per process; the portal's worker keeps them).`);
lines.push('');
lines.push('## Kleborate examples');
lines.push('');
lines.push('| genome | expected ST | MDC scheme (auto) | MDC ST | by species | BLAST exact-match ST | Kleborate ST | MDC engine ms | Kleborate s |');
lines.push('|---|---|---|---|---|---|---|---|---|');
for (const r of exampleRows) {
  const k = kleborateResults.get(r.genome.file);
  lines.push(`| ${r.genome.label} | ${r.genome.expectedSt} | ${r.scheme} | ${r.st} | ${r.speciesScheme} ${r.speciesSt} | ${stOf(r.blastSt)} | ${k ? k.st : 'not run (budget)'} | ${r.ms.toFixed(0)} | ${k ? fmt(k.ms) : ''} |`);
}
lines.push('');
const kDone = exampleRows.filter((r) => kleborateResults.has(r.genome.file));
const kMs = kDone.reduce((n, r) => n + kleborateResults.get(r.genome.file)!.ms, 0);
const mMs = kDone.reduce((n, r) => n + r.ms, 0);
lines.push(`Time for the four: MDC ${fmt(mdcExamplesMs)} s in all (schemes ${fmt(readMs + indexMs)} s + typing ${fmt(exampleRows.reduce((n, r) => n + r.ms, 0))} s)${kleborateExamplesMs !== undefined ? `; Kleborate 2.3.1 (default run: species, MLST, virulence loci) ${fmt(kleborateExamplesMs)} s — MDC/Kleborate = ${(mdcExamplesMs / kleborateExamplesMs).toFixed(3)}` : ''}.`);
if (kDone.length) lines.push(`On the ${kDone.length} example genome(s) Kleborate finished: Kleborate ${fmt(kMs)} s per ${kDone.length}, MDC's engine ${fmt(mMs)} s (ratio ${(mMs / kMs).toFixed(4)}; Kleborate's time includes its species check and virulence loci, MDC's is MLST alone, schemes already read).`);
lines.push('');
lines.push('## Shared reference and test genomes');
lines.push('');
lines.push('| genome | species | bases | MDC scheme (auto) | ST | alleles | by species | BLAST exact-match ST | same alleles | Kleborate | engine ms |');
lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows.slice(examples.length)) {
  // BLAST at 100 % sees exact alleles only: MDC's novel and partial calls count as "-" here.
  const mdcExact = (r.speciesScheme !== '-' ? r.speciesAlleles : r.alleles).replace(/\((~[^)]*|[^)]*\?)\)/g, '(-)');
  const same = r.blastAlleles === undefined ? '' : r.blastAlleles === mdcExact ? 'yes' : `no: BLAST ${r.blastAlleles}`;
  lines.push(`| ${r.genome.label} | ${r.genome.species} | ${(r.bases / 1e6).toFixed(2)} M | ${r.scheme} | ${r.st} | ${r.alleles} | ${r.speciesScheme} ${r.speciesSt} | ${stOf(r.blastSt)} | ${same} | ${r.genome.kleborate ? (r.kleborateSt ?? 'not run (budget)') : ''} | ${r.ms.toFixed(0)} |`);
}
const typed = rows.filter((r) => r.blastSt !== undefined);
const stAgree = typed.filter((r) => r.blastSt === (r.speciesScheme !== '-' ? r.speciesSt : r.st)).length;
const kleborateRows = rows.filter((r) => r.kleborateSt !== undefined);
process.exitCode = 0;
const perMbp = rows.map((r) => r.ms / (r.bases / 1e6)).sort((a, b) => a - b);
lines.push('');
lines.push('## Summary');
lines.push('');
lines.push(`- ST equal to the BLAST exact-match ST: ${stAgree} of ${typed.length} genomes with a scheme (BLAST calls took ${fmt(blastMs)} s).`);
if (kleborateRows.length) lines.push(`- ST equal to Kleborate's: ${kleborateRows.filter(kleborateSame).length} of ${kleborateRows.length} K. pneumoniae species complex genomes.`);
lines.push(`- Engine time per genome (automatic choice among all ${names.length} schemes): median ${perMbp[Math.floor(perMbp.length / 2)]!.toFixed(0)} ms per Mbp, slowest ${Math.max(...rows.map((r) => r.ms)).toFixed(0)} ms (${rows.reduce((a, b) => (a.ms > b.ms ? a : b)).genome.label}).`);
lines.push(`- Auto choice differs from the species' scheme: ${rows.filter((r) => r.speciesScheme !== '-' && r.speciesScheme !== r.scheme).map((r) => `${r.genome.label} (${r.scheme} vs ${r.speciesScheme})`).join('; ') || 'none'}.`);
const report = lines.join('\n') + '\n';
const out = path.join(repoRoot, `bench/results/mlst-${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(out, report);
console.log(report);
console.error(`written to ${out}`);
process.exit(0);
