/**
 * The cumulative antibiogram of a 55,000-isolate WHONET file: the shared SampleInputFile (622
 * isolates) repeated with each copy's collection dates shifted by a week and its patient IDs
 * suffixed (so every copy is new patients, over two calendar years), analysed by
 * `mdc antibiogram --input` in a fresh process. Beside it, on the same file and machine in the
 * same run: `mdc interpret --input` (the same interpretation, one output row per result) and the
 * independent base-R computation of the table (apps/server/test/fixtures/antibiogram/
 * hand-computation.R) over those interpreted rows. Wall, CPU and peak RSS from /usr/bin/time -v.
 *
 *   npx tsx bench/lab/antibiogram.ts [--isolates=55000]
 *
 * Work files go to bench/work/lab/, the report to bench/results/lab-antibiogram-<date>.md.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { sampleCopies } from './whonet-copies';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const found = process.argv.find((a) => a.startsWith('--isolates='));
const WANTED = found ? Number(found.split('=')[1]) : 55_000;
const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR');
const work = path.join(repo, 'bench/work/lab');
mkdirSync(work, { recursive: true });

const generate = (wanted: number) => sampleCopies(dataDir!, work, wanted);

interface Run {
  wallS: number;
  cpuS: number;
  peakMb: number;
  stdout: string;
  stderr: string;
}

function timed(command: string, args: string[], stdoutFile?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-v', command, ...args], { cwd: repo, env: { ...process.env, REFDATA_DIR: dataDir! } });
    let stdout = '';
    let stderr = '';
    const sink = stdoutFile ? createWriteStream(stdoutFile) : null;
    child.stdout.on('data', (d) => (sink ? sink.write(d) : (stdout += d)));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      sink?.end();
      const wallS = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr}`));
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
      const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
      if (!rss || !user || !system) return reject(new Error(`no /usr/bin/time figures:\n${stderr}`));
      resolve({ wallS, cpuS: Number(user[1]) + Number(system[1]), peakMb: Number(rss[1]) / 1024, stdout, stderr });
    });
  });
}

const mdcBin = path.join(repo, 'apps/server/bin/mdc.js');
const input = await generate(WANTED);
const size = (statSync(input).size / 1e6).toFixed(1);
console.log(`input: ${WANTED.toLocaleString('en')} isolates, ${size} MB (${path.relative(repo, input)})`);

// Start-up alone (reference data, knowledge base): the same command on a one-isolate file.
const oneFile = path.join(work, 'SampleInputFile.1.txt');
writeFileSync(oneFile, readFileSync(path.join(dataDir!, 'whonet/SampleInputFile.txt'), 'utf8').split(/\r?\n/).slice(0, 2).join('\n') + '\n');
const startup = await timed(process.execPath, [mdcBin, 'antibiogram', '--input', oneFile, '--guideline', 'CLSI 2022']);
console.log(`start-up (1 isolate): ${startup.wallS.toFixed(1)} s wall, ${startup.cpuS.toFixed(1)} s CPU, peak ${startup.peakMb.toFixed(0)} MB`);
const antibiogram = await timed(process.execPath, [mdcBin, 'antibiogram', '--input', input, '--guideline', 'CLSI 2022'], path.join(work, 'antibiogram.tsv'));
const cells = readFileSync(path.join(work, 'antibiogram.tsv'), 'utf8').trim().split('\n').length - 1;
const counted = /(\d+) isolates received; .*?(\d+) first isolates counted/.exec(antibiogram.stderr);
console.log(`mdc antibiogram: ${antibiogram.wallS.toFixed(1)} s wall, ${antibiogram.cpuS.toFixed(1)} s CPU, peak ${antibiogram.peakMb.toFixed(0)} MB, ${cells} cells`);
const interpretOut = path.join(work, 'antibiogram-interpret.tsv');
const interpret = await timed(process.execPath, [mdcBin, 'interpret', '--input', input, '--guideline', 'CLSI 2022', '--output', interpretOut]);
console.log(`mdc interpret: ${interpret.wallS.toFixed(1)} s wall, ${interpret.cpuS.toFixed(1)} s CPU, peak ${interpret.peakMb.toFixed(0)} MB`);
let r: Run | null = null;
try {
  r = await timed('Rscript', [path.join(repo, 'apps/server/test/fixtures/antibiogram/hand-computation.R'), input, interpretOut], path.join(work, 'antibiogram-r.tsv'));
  console.log(`R table: ${r.wallS.toFixed(1)} s wall, ${r.cpuS.toFixed(1)} s CPU, peak ${r.peakMb.toFixed(0)} MB`);
} catch (error) {
  console.log(`R not run: ${(error as Error).message.split('\n')[0]}`);
}

// The two tables must agree on every cell, or the timing compares different work.
const key = (l: string[], cols: number[]) => cols.map((c) => l[c]).join('\t');
const mine = readFileSync(path.join(work, 'antibiogram.tsv'), 'utf8').replace(/\n+$/, '').split('\n').slice(1).map((l) => key(l.split('\t'), [0, 2, 4, 5, 7, 8, 9, 10])).sort();
const agree = r ? JSON.stringify(mine) === JSON.stringify(readFileSync(path.join(work, 'antibiogram-r.tsv'), 'utf8').replace(/\n+$/, '').split('\n').slice(1).sort()) : null;

const row = (name: string, run: Run, what: string) => `| ${name} | ${what} | ${run.wallS.toFixed(1)} | ${run.cpuS.toFixed(1)} | ${run.peakMb.toFixed(0)} |`;
const report = [
  `# Lab cumulative antibiogram — ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (shared machine).`,
  '',
  `Input: the WHONET sample file repeated to ${WANTED.toLocaleString('en')} isolates (${size} MB), each copy a week later with its own patients and specimen numbers; ${counted ? `${Number(counted[2]).toLocaleString('en')} first isolates` : ''} in ${cells} organism × drug cells. CLSI 2022, M39 defaults.`,
  '',
  '| run | what it does | wall (s) | CPU user+sys (s) | peak RSS (MB) |',
  '|---|---|---:|---:|---:|',
  row('`mdc antibiogram --input` (1 isolate)', startup, 'start-up: reference data and knowledge base only'),
  row('`mdc antibiogram --input`', antibiogram, 'read, interpret every result, first isolates, table'),
  row('`mdc interpret --input --output`', interpret, 'read, interpret every result, write every result'),
  ...(r ? [row('`Rscript hand-computation.R`', r, 'first isolates and table from the interpreted rows (base R)')] : []),
  '',
  `Target: under 30 s in bounded memory. mdc antibiogram / mdc interpret CPU: ${(antibiogram.cpuS / interpret.cpuS).toFixed(2)}.` +
    (r ? ` mdc antibiogram / (mdc interpret + R) CPU: ${(antibiogram.cpuS / (interpret.cpuS + r.cpuS)).toFixed(2)}. The two tables agree on every cell: ${agree ? 'yes' : 'NO'}.` : ''),
  `Memory: ${(antibiogram.peakMb - startup.peakMb).toFixed(0)} MB above start-up for ${WANTED.toLocaleString('en')} isolates; the builder keeps one isolate per patient × organism × year (the first so far), so it grows with patients, not with rows; the file text itself is read whole (as mdc interpret does). Time above start-up: ${(antibiogram.cpuS - startup.cpuS).toFixed(1)} s CPU. Wall times on this shared machine follow its load (load average above); compare CPU seconds.`,
].join('\n');
mkdirSync(path.join(repo, 'bench/results'), { recursive: true });
const reportFile = path.join(repo, `bench/results/lab-antibiogram-${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(reportFile, report + '\n');
console.log('\n' + report + `\n→ ${path.relative(repo, reportFile)}`);
