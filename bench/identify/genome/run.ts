// Genome identification benchmark: MDC against fastANI and mash on the shared genomes, in one run.
//   bash bench/identify/genome/run.sh [--repeat 3] [--threads 2] [--skip-fastani] [--out report.md]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { isComplexMember, TAXON_COMPLEXES } from '@mdc/core/identify/complexes';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readGenomeManifest, type GenomeManifestRow } from '@mdc/refdata/genome';
import { kernelLoaderAtSource, timed } from '../measure';

const { values } = parseArgs({ options: { repeat: { type: 'string', default: '3' }, threads: { type: 'string', default: '2' }, 'skip-fastani': { type: 'boolean', default: false }, out: { type: 'string' } } });
const repeat = Number(values.repeat);
const threads = Number(values.threads);
const root = path.resolve(import.meta.dirname, '../../..');
const data = findRefdataDir();
if (!data) throw new Error('no shared data: set REFDATA_DIR');
const dir = path.join(data, 'genome');
const work = path.join(root, 'bench/work/identify/genome');
mkdirSync(work, { recursive: true });

const rows = readGenomeManifest(dir);
const references = rows.filter((r) => r.role === 'reference');
const tests = rows.filter((r) => r.role === 'test');
const refFiles = references.map((r) => path.join(dir, r.file));
const testFiles = tests.map((r) => path.join(dir, r.file));
writeFileSync(path.join(work, 'refs.txt'), refFiles.join('\n') + '\n');
writeFileSync(path.join(work, 'queries.txt'), testFiles.join('\n') + '\n');
const speciesOfFile = new Map(references.map((r) => [path.join(dir, r.file), r.species]));
const base = (f: string) => path.basename(f);

interface Measured {
  wallMs: number;
  /** User + system CPU seconds: what the work costs, whatever else the shared machine runs. */
  cpuS: number;
  /** The machine's 1-minute load average when the run started. */
  load: number;
  peakMb: number;
  stdout: string;
  stderr: string;
}

let measured = 0;
/** A shell command under GNU time (`timed`, shared with the 16S and ITS benchmarks), with the load it started at. */
async function measure(command: string, env?: NodeJS.ProcessEnv): Promise<Measured> {
  const load = loadavg()[0]!;
  const run = timed(work, root, `genome-${++measured}`, 'bash', ['-c', command], env);
  return { wallMs: 1000 * run.wallS, cpuS: run.cpuS, load, peakMb: run.peakMB, stdout: run.stdout, stderr: run.stderr };
}

/** What the manifest expects of a test genome: a species, the E. coli/Shigella complex, or no call. */
function correct(row: GenomeManifestRow, species: string | null, level: string): boolean {
  if (/^NEGATIVE/.test(row.expected)) return level === 'none';
  if (level !== 'species' || !species) return false;
  if (/Shigella\/E\. coli complex/.test(row.expected)) return /^(Escherichia coli|Shigella )/.test(species);
  const expected = row.expected.split(/\s+/).slice(0, 2).join(' ');
  // A complex the method cannot split (E. coli / Shigella by ANI) is right when the species belongs to it.
  const complex = TAXON_COMPLEXES.find((c) => c.name === species);
  return species === expected || (complex !== undefined && isComplexMember(complex, expected));
}

/** A tool's answer per query: each reference's ANI (and query AF when the tool gives one). */
type Answers = Map<string, Map<string, { ani: number; af: number | null; species: string }>>;

function callOf(answers: Map<string, { ani: number; af: number | null; species: string }> | undefined): { species: string | null; level: string } {
  const best = [...(answers?.values() ?? [])].sort((a, b) => b.ani - a.ani)[0];
  if (!best) return { species: null, level: 'none' };
  if (best.ani >= 95 && (best.af === null || best.af >= 50)) return { species: best.species, level: 'species' };
  return { species: null, level: best.ani >= 83 ? 'genus' : 'none' };
}

// --- the tools ---
// MDC compiled by esbuild, as the 16S benchmark does: the genome thread goes beside the command,
// where the pool looks for it (thread.mjs). Packages other than the project's load from node_modules.
const dist = path.join(work, 'dist');
const compileStarted = performance.now();
await build({
  entryPoints: { mdc: path.join(root, 'bench/identify/genome/mdc.ts'), thread: path.join(root, 'apps/server/src/blast/genome/thread.ts') },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    kernelLoaderAtSource,
    {
      name: 'external-packages',
      setup(b) {
        // The project's own packages are TypeScript and are bundled; the rest load from node_modules.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mdc/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
const compileS = (performance.now() - compileStarted) / 1000;
const args = `--query ${testFiles.join(' ')} --reference ${dir} --threads ${threads} --format tsv --top 44`;
const mdcCommand = `node ${dist}/mdc.mjs ${args}`;
// The same, as a user types it: npx starts the `mdc` command, which runs its esbuild bundle.
const npxCommand = `npx mdc identify --method genome ${args}`;
const mashCommand = `mash sketch -p ${threads} -o ${work}/refs -l ${work}/refs.txt >/dev/null 2>&1 && mash dist -p ${threads} ${work}/refs.msh -l ${work}/queries.txt`;
const fastaniCommand = `fastANI --ql ${work}/queries.txt --rl ${work}/refs.txt -t ${threads} -o ${work}/fastani.out >/dev/null 2>&1 && cat ${work}/fastani.out`;

function parseMdc(stdout: string): { answers: Answers; calls: Map<string, { species: string | null; level: string }> } {
  const answers: Answers = new Map();
  const calls = new Map<string, { species: string | null; level: string }>();
  const [, ...lines] = stdout.trimEnd().split('\n');
  for (const line of lines) {
    const c = line.split('\t');
    const query = c[0]!;
    if (!answers.has(query)) answers.set(query, new Map());
    if (c[3] && c[3] !== 'not-comparable') answers.get(query)!.set(`${c[10]}|${c[7]}|${c[6]}`, { ani: Number(c[3]), af: Number(c[4]), species: c[10]! });
    if (c[1] === '1') calls.set(query, { species: c[5] === 'species' ? c[2]! : null, level: c[5]! });
  }
  return { answers, calls };
}

function parsePairs(stdout: string, column: 'mash' | 'fastani'): Answers {
  const answers: Answers = new Map();
  for (const line of stdout.trim().split('\n')) {
    const c = line.split('\t');
    if (c.length < 3) continue;
    const [ref, query] = column === 'mash' ? [c[0]!, c[1]!] : [c[1]!, c[0]!];
    const ani = column === 'mash' ? 100 * (1 - Number(c[2])) : Number(c[2]);
    const af = column === 'fastani' ? (100 * Number(c[3])) / Number(c[4]) : null;
    if (!answers.has(base(query))) answers.set(base(query), new Map());
    answers.get(base(query))!.set(ref, { ani, af, species: speciesOfFile.get(ref) ?? '?' });
  }
  return answers;
}

// Cold, as a user meets it after `mdc genome add` or with a new --reference folder: every MDC run
// starts from an empty MDC_HOME, so no reference sketch comes from the cache (mash sketches anew too).
const home = path.join(work, 'home');
const cold = (): NodeJS.ProcessEnv => {
  rmSync(home, { recursive: true, force: true });
  return { ...process.env, MDC_HOME: home };
};

const mdcRuns: Measured[] = [];
const npxRuns: Measured[] = [];
const mashRuns: Measured[] = [];
for (let r = 0; r < repeat; r++) {
  // Alternating, so that a busy spell on the shared machine hits all alike.
  mdcRuns.push(await measure(mdcCommand, cold()));
  mashRuns.push(await measure(mashCommand));
  npxRuns.push(await measure(npxCommand, cold()));
  process.stderr.write(
    `repetition ${r + 1}: MDC ${(mdcRuns.at(-1)!.wallMs / 1000).toFixed(2)} s, mash ${(mashRuns.at(-1)!.wallMs / 1000).toFixed(2)} s, npx mdc ${(npxRuns.at(-1)!.wallMs / 1000).toFixed(2)} s\n`,
  );
}
const fastani = values['skip-fastani'] ? undefined : await measure(fastaniCommand);

// Kept for `cmp` against another run's (a faster sketch must not change an ANI or a call).
writeFileSync(path.join(work, 'mdc.tsv'), mdcRuns.at(-1)!.stdout);
writeFileSync(path.join(work, 'npx-mdc.tsv'), npxRuns.at(-1)!.stdout);
const mdc = parseMdc(mdcRuns.at(-1)!.stdout);
const mash = parsePairs(mashRuns.at(-1)!.stdout, 'mash');
const fast = fastani ? parsePairs(fastani.stdout, 'fastani') : undefined;

// MDC lists references by species|accession|strain; fastANI and mash by file. Match through the manifest.
const keyOfFile = new Map(references.map((r) => [path.join(dir, r.file), `${r.species}|${r.accession}|${r.strain}`]));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
  console.log(line);
};

say(`# Genome identification — ${new Date().toISOString().slice(0, 10)}`);
say();
say(`${tests.length} test assemblies against ${references.length} reference genomes (../shared/data/genome), ${threads} threads each, ${repeat} alternating repetitions of MDC and mash, MDC from an empty MDC_HOME (no sketch cached); fastANI once.`);
say();
say('| tool | correct calls | wall time (median) | peak memory |');
say('|---|---|---|---|');
const score = (calls: (row: GenomeManifestRow) => { species: string | null; level: string }) => tests.filter((t) => {
  const c = calls(t);
  return correct(t, c.species, c.level);
}).length;
say(`| MDC (compiled, \`node mdc.mjs\`) | ${score((t) => mdc.calls.get(base(t.file)) ?? { species: null, level: 'none' })}/${tests.length} | ${(median(mdcRuns.map((m) => m.wallMs)) / 1000).toFixed(2)} s | ${Math.max(...mdcRuns.map((m) => m.peakMb)).toFixed(0)} MB |`);
say(`| MDC as typed, \`npx mdc identify --method genome\` (npx, then the command's esbuild bundle) | ${score((t) => parseMdc(npxRuns.at(-1)!.stdout).calls.get(base(t.file)) ?? { species: null, level: 'none' })}/${tests.length} | ${(median(npxRuns.map((m) => m.wallMs)) / 1000).toFixed(2)} s | ${Math.max(...npxRuns.map((m) => m.peakMb)).toFixed(0)} MB |`);
say(`| mash sketch + dist | ${score((t) => callOf(mash.get(base(t.file))))}/${tests.length} | ${(median(mashRuns.map((m) => m.wallMs)) / 1000).toFixed(2)} s | ${Math.max(...mashRuns.map((m) => m.peakMb)).toFixed(0)} MB |`);
if (fastani && fast) say(`| fastANI | ${score((t) => callOf(fast.get(base(t.file))))}/${tests.length} | ${(fastani.wallMs / 1000).toFixed(2)} s | ${fastani.peakMb.toFixed(0)} MB |`);
say();
say('Per repetition (alternating; wall s, CPU s = user + system, load = 1-minute load average at the start of each run):');
say();
say('| repetition | MDC (node) | mash | npx mdc | MDC / mash | npx mdc / mash | load (MDC, mash, npx) |');
say('|---|---|---|---|---|---|---|');
const cell = (m: Measured) => `${(m.wallMs / 1000).toFixed(2)} s (CPU ${m.cpuS.toFixed(2)})`;
mdcRuns.forEach((m, i) => {
  const [s, n] = [mashRuns[i]!, npxRuns[i]!];
  say(`| ${i + 1} | ${cell(m)} | ${cell(s)} | ${cell(n)} | ${(m.wallMs / s.wallMs).toFixed(2)} | ${(n.wallMs / s.wallMs).toFixed(2)} | ${[m, s, n].map((x) => x.load.toFixed(2)).join(', ')} |`);
});
say();
say(`MDC / mash wall time per repetition: ${mdcRuns.map((m, i) => (m.wallMs / mashRuns[i]!.wallMs).toFixed(2)).join(', ')} (npx mdc / mash: ${npxRuns.map((m, i) => (m.wallMs / mashRuns[i]!.wallMs).toFixed(2)).join(', ')}). MDC compiled by esbuild in ${compileS.toFixed(1)} s, not timed, as in the 16S benchmark.`);

if (fast) {
  // ANI of MDC and mash against fastANI's on the pairs fastANI reports.
  const diffs = { mdc: [] as number[], mash: [] as number[], mdcClose: [] as number[], mashClose: [] as number[] };
  let listed = 0;
  let pairs = 0;
  for (const [query, refs] of fast) {
    for (const [file, f] of refs) {
      pairs++;
      const m = mdc.answers.get(query)?.get(keyOfFile.get(file)!);
      const s = mash.get(query)?.get(file);
      if (m) {
        listed++;
        diffs.mdc.push(m.ani - f.ani);
        if (f.ani >= 90) diffs.mdcClose.push(m.ani - f.ani);
      }
      if (s) {
        diffs.mash.push(s.ani - f.ani);
        if (f.ani >= 90) diffs.mashClose.push(s.ani - f.ani);
      }
    }
  }
  const stats = (d: number[]) => {
    const abs = d.map(Math.abs);
    return `mean |Δ| ${(abs.reduce((a, b) => a + b, 0) / Math.max(1, abs.length)).toFixed(3)}, max |Δ| ${Math.max(0, ...abs).toFixed(3)}, mean Δ ${(d.reduce((a, b) => a + b, 0) / Math.max(1, d.length)).toFixed(3)} (${d.length} pairs)`;
  };
  say();
  say(`ANI against fastANI's, on the ${pairs} query–reference pairs fastANI reports (MDC listed ${listed} of them):`);
  say();
  say('| | all pairs | pairs with fastANI ANI ≥ 90 % |');
  say('|---|---|---|');
  say(`| MDC − fastANI | ${stats(diffs.mdc)} | ${stats(diffs.mdcClose)} |`);
  say(`| mash − fastANI | ${stats(diffs.mash)} | ${stats(diffs.mashClose)} |`);
}

say();
say('Per query (rank 1):');
say();
say('| query | expected | MDC | mash | fastANI |');
say('|---|---|---|---|---|');
for (const t of tests) {
  const q = base(t.file);
  const m = mdc.calls.get(q);
  const top = (a: Answers | undefined) => {
    const best = [...(a?.get(q)?.values() ?? [])].sort((x, y) => y.ani - x.ani)[0];
    return best ? `${best.species} ${best.ani.toFixed(2)}` : '—';
  };
  const mBest = [...(mdc.answers.get(q)?.values() ?? [])][0];
  say(`| ${q.replace(/\.fna\.gz$/, '')} | ${t.expected.split('(')[0]!.trim()} | ${m ? `${m.species ?? '-'} ${m.level}` : '—'}${mBest ? ` (${mBest.ani.toFixed(2)})` : ''} | ${top(mash)} | ${top(fast)} |`);
}

const stderrTimes = mdcRuns.at(-1)!.stderr.split('\n').filter((l) => /sketched|identified/.test(l));
say();
say('MDC timings (last run): ' + stderrTimes.join('; '));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const out = values.out ? path.resolve(values.out) : path.join(root, `bench/results/genome-${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(out, lines.join('\n') + '\n');
console.error(`written to ${path.relative(root, out)}`);
