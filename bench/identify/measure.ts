/**
 * What the identification benchmarks (16S/18S in run.ts, ITS in its/run.ts) share: running a tool
 * under GNU time, reading the tools' TSV, and scoring hits against the held-out answers the same way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

export function need(tool: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error(`${tool} not found: apt-get install -y vsearch ncbi-blast+ time`);
  return found;
}

export interface Measured {
  wallS: number;
  peakMB: number;
  /** User + system CPU seconds: what the work costs, whatever else the shared machine runs. */
  cpuS: number;
  stdout: string;
  stderr: string;
}

/** Runs a command under GNU time in `cwd`; wall from our own clock (finer than time's), memory and CPU from time -v. */
export function timed(work: string, cwd: string, label: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv): Measured {
  const time = existsSync('/usr/bin/time') ? '/usr/bin/time' : need('time');
  const timeFile = path.join(work, `time-${label}.txt`);
  const started = performance.now();
  const run = spawnSync(time, ['-v', '-o', timeFile, cmd, ...args], { encoding: 'utf8', cwd, maxBuffer: 1 << 28, ...(env ? { env } : {}) });
  const wallS = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${label} failed (${run.status}):\n${run.stderr}\n${run.stdout.slice(0, 2000)}`);
  const report = readFileSync(timeFile, 'utf8');
  const field = (name: string) => Number(report.match(new RegExp(`${name}: ([\\d.]+)`))?.[1] ?? NaN);
  return {
    wallS,
    peakMB: field('Maximum resident set size \\(kbytes\\)') / 1024,
    cpuS: field('User time \\(seconds\\)') + field('System time \\(seconds\\)'),
    stdout: run.stdout,
    stderr: run.stderr,
  };
}

export interface Accuracy {
  queries: number;
  topSpecies: number;
  tiedSpecies: number;
  topGenus: number;
  noHit: number;
}

/** Per query, its hits ranked, each with whether it ties with the top hit. */
export type Hits = Map<string, { accession: string; tied: boolean; similarity?: number }[]>;

/** Top hit's species (or genus) equal to the expected one; "among ties": the expected species anywhere among the hits tied with the top. */
export function accuracy(expected: Map<string, string>, speciesOf: Map<string, string>, hits: Hits): Accuracy {
  const acc: Accuracy = { queries: expected.size, topSpecies: 0, tiedSpecies: 0, topGenus: 0, noHit: 0 };
  for (const [query, species] of expected) {
    const list = hits.get(query) ?? [];
    const top = list[0];
    if (!top) {
      acc.noHit++;
      continue;
    }
    const topSpecies = speciesOf.get(top.accession) ?? '';
    if (topSpecies === species) acc.topSpecies++;
    if (topSpecies.split(' ')[0] === species.split(' ')[0]) acc.topGenus++;
    if (list.some((h) => (h.tied || h === top) && speciesOf.get(h.accession) === species)) acc.tiedSpecies++;
  }
  return acc;
}

export function parseTsv(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => l.split('\t'));
}

export function readTsv(file: string): string[][] {
  return parseTsv(readFileSync(file, 'utf8'));
}

/** BLAST with -parse_seqids writes `gb|AF028688|`; vsearch the first word. Versions (`D14138.1`) are part of some accessions. */
export const accessionOf = (id: string) => id.replace(/^[a-z]+\|/i, '').replace(/\|$/, '');

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A tool's version as it prints it. */
export function version(cmd: string, args: string[], pattern: RegExp): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`.match(pattern)?.[0] ?? '?';
}

/** vsearch's --userout (query, target, …): every hit of a query tied with the top when `tiesAreAll` (--top_hits_only). */
export function vsearchHits(file: string, tiesAreAll: boolean): Hits {
  const hits: Hits = new Map();
  for (const [query, target, id] of readTsv(file)) {
    const list = hits.get(query!) ?? [];
    list.push({ accession: accessionOf(target!), tied: tiesAreAll, ...(id !== undefined ? { similarity: Number(id) } : {}) });
    hits.set(query!, list);
  }
  return hits;
}

/** blastn -outfmt '6 qseqid sseqid … bitscore' (bit score last): each subject's best HSP, tied with the top when its bit score is equal. */
export function blastHits(file: string): Hits {
  const hits = new Map<string, { accession: string; tied: boolean; similarity: number; bits: number }[]>();
  for (const row of readTsv(file)) {
    const [query, subject, pident] = row;
    const list = hits.get(query!) ?? [];
    // One line per HSP: keep each subject's best HSP only.
    if (!list.some((h) => h.accession === accessionOf(subject!))) list.push({ accession: accessionOf(subject!), tied: false, similarity: Number(pident), bits: Number(row[row.length - 1]) });
    hits.set(query!, list);
  }
  for (const list of hits.values()) for (const h of list) h.tied = h.bits === list[0]!.bits;
  return hits;
}

/** makeblastdb then blastn -task megablast on `threads` threads: the hits, and both steps measured. */
export function runBlast(work: string, cwd: string, label: string, reference: string, queries: string, threads: number): { hits: Hits; makeDb: Measured; search: Measured } {
  const db = path.join(work, `${label}-blastdb`);
  const makeDb = timed(work, cwd, `${label}-makeblastdb`, 'makeblastdb', ['-in', reference, '-dbtype', 'nucl', '-parse_seqids', '-out', db]);
  const out = path.join(work, `${label}-blastn.tsv`);
  const search = timed(work, cwd, `${label}-blastn`, 'blastn', [
    '-task',
    'megablast',
    '-query',
    queries,
    '-db',
    db,
    '-outfmt',
    '6 qseqid sseqid pident length mismatch gapopen evalue bitscore',
    '-max_target_seqs',
    '20',
    '-num_threads',
    String(threads),
    '-out',
    out,
  ]);
  return { hits: blastHits(out), makeDb, search };
}

/**
 * An esbuild plugin for the benchmarks' bundles: the WebAssembly kernels are read from
 * packages/core/assembly/wasm, named from the loader's source file, so the loader's import.meta.url
 * must stay the source's (as apps/server/build.mjs keeps it) rather than become the bundle's.
 */
export const kernelLoaderAtSource: Plugin = {
  name: 'kernel-loader-at-source',
  setup(b) {
    b.onLoad({ filter: /[\\/]rrna[\\/]wasm[\\/]instance\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/import\.meta\.url/g, JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};
