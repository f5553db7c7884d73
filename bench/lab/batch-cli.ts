/**
 * The batch CLI on a large WHONET file: the shared SampleInputFile (622 isolates) repeated 100×
 * with fresh row numbers (62,200 isolates), interpreted by `mdc interpret --input` in a fresh
 * process, as a lab would run it. Reports wall time, the CLI's own split (reference data vs
 * interpretation), results per second and peak memory (/usr/bin/time -v).
 *
 *   npx tsx bench/lab/batch-cli.ts [--scale=100] [--repeat=1]
 *
 * Work files go to bench/work/lab/, the report to bench/results/lab-batch-cli-<date>.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRefdataDir } from '@mdc/refdata/datadir';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const SCALE = arg('scale', 100);
const REPEAT = arg('repeat', 1);

const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR');
if (!existsSync('/usr/bin/time')) throw new Error('needs /usr/bin/time (apt-get install -y time) for peak memory');
const work = path.join(repo, 'bench/work/lab');
mkdirSync(work, { recursive: true });

/** The sample file repeated, each copy's rows renumbered so that every isolate is its own. */
function scaledFile(scale: number): { file: string; isolates: number } {
  const text = readFileSync(path.join(dataDir!, 'whonet/SampleInputFile.txt'), 'utf8');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const [header, ...rows] = lines;
  const file = path.join(work, `SampleInputFile.x${scale}.txt`);
  const out: string[] = [header!];
  let index = 0;
  for (let copy = 0; copy < scale; copy++) {
    for (const row of rows) out.push(String(index++) + row.slice(row.indexOf('|')));
  }
  writeFileSync(file, out.join('\n') + '\n');
  return { file, isolates: index };
}

interface Run {
  wallS: number;
  /** User + system CPU of the process: on a busy shared machine a steadier figure than wall time. */
  cpuS: number;
  peakMb: number;
  results: number;
  uninterpreted: number;
  dataS: number;
  cliS: number;
}

function runCli(input: string, output: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-v', process.execPath, path.join(repo, 'apps/server/bin/mdc.js'), 'interpret', '--input', input, '--output', output], {
      cwd: repo,
      env: { ...process.env, REFDATA_DIR: dataDir! },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      const wallS = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`mdc interpret exited with ${code}:\n${stderr}`));
      const summary = /(\d+) isolates, (\d+) results \((\d+) without interpretation\) in ([\d.]+) s \(reference data ([\d.]+) s\)/.exec(stderr);
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
      const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
      if (!summary || !rss || !user || !system) return reject(new Error(`unexpected output:\n${stderr}`));
      resolve({
        wallS,
        cpuS: Number(user[1]) + Number(system[1]),
        peakMb: Number(rss[1]) / 1024,
        results: Number(summary[2]),
        uninterpreted: Number(summary[3]),
        cliS: Number(summary[4]),
        dataS: Number(summary[5]),
      });
    });
  });
}

const base = scaledFile(1);
const big = scaledFile(SCALE);
console.log(`input: ${big.isolates.toLocaleString('en')} isolates, ${(statSync(big.file).size / 1e6).toFixed(1)} MB (${path.relative(repo, big.file)})`);

const one = await runCli(base.file, path.join(work, 'out.x1.tsv'));
console.log(`1×: ${one.results} results in ${one.wallS.toFixed(1)} s wall, ${one.cpuS.toFixed(1)} s CPU`);
const runs: Run[] = [];
for (let i = 0; i < REPEAT; i++) {
  const run = await runCli(big.file, path.join(work, `out.x${SCALE}.tsv`));
  if (run.results !== one.results * SCALE) throw new Error(`expected ${one.results * SCALE} results, got ${run.results}`);
  runs.push(run);
  console.log(
    `${SCALE}×: ${run.results.toLocaleString('en')} results in ${run.wallS.toFixed(1)} s wall, ${run.cpuS.toFixed(1)} s CPU (reference data ${run.dataS.toFixed(1)} s), peak ${run.peakMb.toFixed(0)} MB`,
  );
}
const best = runs.reduce((a, b) => (b.wallS < a.wallS ? b : a));
const interpretS = best.cliS - best.dataS;
const lines = [
  `# Lab batch CLI — ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (shared machine).`,
  '',
  `\`mdc interpret --input SampleInputFile.x${SCALE}.txt --output out.tsv\`: the WHONET sample file repeated ${SCALE}× (${big.isolates.toLocaleString('en')} isolates, ${(statSync(big.file).size / 1e6).toFixed(1)} MB), one output row per result, expert rules on.`,
  '',
  '| run | results | wall (s) | CPU user+sys (s) | reference data (s) | read + interpret + write (s) | results/s (interpretation) | peak RSS (MB) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...runs.map(
    (r, i) =>
      `| ${i + 1} | ${r.results.toLocaleString('en')} | ${r.wallS.toFixed(1)} | ${r.cpuS.toFixed(1)} | ${r.dataS.toFixed(1)} | ${(r.cliS - r.dataS).toFixed(1)} | ${Math.round(r.results / (r.cliS - r.dataS)).toLocaleString('en')} | ${r.peakMb.toFixed(0)} |`,
  ),
  '',
  `Best: ${best.wallS.toFixed(1)} s wall for ${best.results.toLocaleString('en')} results (${(best.uninterpreted / best.results * 100).toFixed(0)}% without interpretation: no breakpoint for the organism/drug, as in the original file); ${interpretS.toFixed(1)} s of it reading, interpreting and writing. The 1× file takes ${one.wallS.toFixed(1)} s wall (${one.cpuS.toFixed(1)} s CPU), mostly start-up and reference data. Wall times on this shared machine vary with the other jobs running; compare CPU seconds.`,
];
const report = lines.join('\n') + '\n';
mkdirSync(path.join(repo, 'bench/results'), { recursive: true });
const reportFile = path.join(repo, `bench/results/lab-batch-cli-${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(reportFile, report);
console.log('\n' + report + `\n→ ${path.relative(repo, reportFile)}`);
