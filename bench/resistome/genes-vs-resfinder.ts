/**
 * Genes found by MDC's resistome engine against Debian ResFinder 4.3.0 on the same genomes, same
 * database (resfinder-db 2022-05-24, the shared copy is the same files) and thresholds (ResFinder's
 * own run used its default 80 % identity; its hits under 90 % are set aside here, as `-t 0.9` would).
 * Usage: npx tsx bench/resistome/genes-vs-resfinder.ts WORKDIR  (WORKDIR from bench/resistome/run.sh)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findResistome } from '@mdc/core/resistome';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readAssembly } from '@mdc/refdata/genome';
import { loadResistomeReference } from '../../apps/server/src/resistome/reference';

const work = process.argv[2] ?? 'bench/work/resistome';
const GENOMES: [string, string][] = [
  ['Klebs_HS11286', 'Klebsiella pneumoniae'],
  ['Klebs_Kp1084', 'Klebsiella pneumoniae'],
  ['MGH78578', 'Klebsiella pneumoniae'],
  ['NTUH-K2044', 'Klebsiella pneumoniae'],
  ['R09_Klebsiella_pneumoniae_ATCC_13883', 'Klebsiella pneumoniae'],
  ['R03_Escherichia_coli_O157_H7_Sakai', 'Escherichia coli'],
  ['R21_Acinetobacter_baumannii_ATCC_19606', 'Acinetobacter baumannii'],
  ['R06_Salmonella_enterica_Typhimurium_LT2', 'Salmonella enterica'],
  ['R33_Staphylococcus_aureus_N315', 'Staphylococcus aureus'],
];

interface RfHit { gene: string; identity: number; coverage: number; contig: string; start: number; end: number }
function resfinderHits(file: string): RfHit[] {
  const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
  return lines.map((l) => {
    const f = l.split('\t');
    const [a, b] = f[6]!.split('..').map(Number);
    return { gene: f[0]!, identity: Number(f[1]), coverage: Number(f[3]), contig: f[5]!.split(' ')[0]!, start: Math.min(a!, b!), end: Math.max(a!, b!) };
  }).filter((h) => h.identity >= 90 && h.coverage >= 60);
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) => Math.min(a.end, b.end) - Math.max(a.start, b.start) > 0.5 * Math.min(a.end - a.start, b.end - b.start);

const started = performance.now();
const ref = loadResistomeReference(findRefdataDir()!);
console.error(`reference data read and indexed in ${(performance.now() - started).toFixed(0)} ms`);
const table: string[] = ['| genome | ResFinder loci (≥ 90 % id, ≥ 60 % cov) | found by MDC, same allele | found, other allele | missed | MDC rows | also in ResFinder | MDC only | MDC CPU ms (genes + mutations) | ResFinder s (wall) |', '|---|---|---|---|---|---|---|---|---|---|'];
const notes: string[] = [];
let tot = { rf: 0, same: 0, other: 0, mdc: 0, also: 0 };
const times = new Map(existsSync(path.join(work, 'resfinder/times.tsv')) ? readFileSync(path.join(work, 'resfinder/times.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t') as [string, string]) : []);
for (const [name, organism] of GENOMES) {
  const tab = path.join(work, 'resfinder', name, 'ResFinder_results_tab.txt');
  const fna = path.join(work, 'genomes', `${name}.fna`);
  if (!existsSync(tab) || !existsSync(fna)) continue;
  const assembly = readAssembly(readFileSync(fna), `${name}.fna`);
  // Twice: the first call also compiles (JIT); the second is the engine's steady time.
  findResistome(ref.prepared, assembly, organism);
  const cpu0 = process.cpuUsage();
  const result = findResistome(ref.prepared, assembly, organism);
  const cpu = process.cpuUsage(cpu0);
  const rf = resfinderHits(tab);
  // ResFinder lists each tied allele at a locus as its own row: loci by place.
  const loci: RfHit[][] = [];
  for (const h of rf) {
    const l = loci.find((x) => x[0]!.contig === h.contig && overlap(x[0]!, h));
    if (l) l.push(h);
    else loci.push([h]);
  }
  let same = 0;
  let other = 0;
  for (const l of loci) {
    const m = result.genes.find((g) => g.contig === l[0]!.contig && overlap(g, l[0]!));
    if (m && l.some((h) => m.alleles.includes(h.gene))) same++;
    else if (m) {
      other++;
      notes.push(`${name}: ${l.map((h) => h.gene).join('/')} at ${l[0]!.contig}:${l[0]!.start}; MDC ${m.alleles.join('/')} (${m.identity} %, ${m.coverage} %)`);
    } else notes.push(`${name}: missed ${l.map((h) => `${h.gene} ${h.identity}/${h.coverage.toFixed(1)}`).join(', ')} at ${l[0]!.contig}:${l[0]!.start}`);
  }
  const also = result.genes.filter((g) => loci.some((l) => l[0]!.contig === g.contig && overlap(g, l[0]!)));
  for (const g of result.genes) if (!also.includes(g)) notes.push(`${name}: MDC only ${g.name} ${g.identity}/${g.coverage} at ${g.contig}:${g.start} ${g.notes.join(';')}`);
  tot = { rf: tot.rf + loci.length, same: tot.same + same, other: tot.other + other, mdc: tot.mdc + result.genes.length, also: tot.also + also.length };
  table.push(`| ${name} | ${loci.length} | ${same} | ${other} | ${loci.length - same - other} | ${result.genes.length} | ${also.length} | ${result.genes.length - also.length} | ${((cpu.user + cpu.system) / 1000).toFixed(0)} | ${Number(times.get(name) ?? NaN).toFixed(1)} |`);
}
table.push(`| all | ${tot.rf} | ${tot.same} (${((100 * tot.same) / tot.rf).toFixed(1)} %) | ${tot.other} | ${tot.rf - tot.same - tot.other} | ${tot.mdc} | ${tot.also} (${((100 * tot.also) / tot.mdc).toFixed(1)} %) | ${tot.mdc - tot.also} | | |`);
console.log(table.join('\n'));
console.log('\nDifferences:\n' + notes.map((n) => `- ${n}`).join('\n'));
