/**
 * Agreement of `mdc interpret --input … --breakpoints-only` with the AMR package 3.0.0's own
 * as.sir() on `amr/ast_peer_dev_2023_2025.tsv` (its `expected` column), by guideline-year, with
 * every disagreement listed. Run: REFDATA_DIR=/work/shared/data npx tsx bench/ast/agreement.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';

const dataDir = findRefdataDir();
if (!dataDir) throw new Error('set REFDATA_DIR');
const input = path.join(dataDir, 'amr/ast_peer_dev_2023_2025.tsv');
const output = path.join(mkdtempSync(path.join(os.tmpdir(), 'mdc-agreement-')), 'out.tsv');
const started = performance.now();
execFileSync('node', ['apps/server/bin/mdc.js', 'interpret', '--input', input, '--output', output, '--breakpoints-only'], { stdio: 'inherit' });
const seconds = (performance.now() - started) / 1000;
const [header, ...rows] = readFileSync(output, 'utf8').trim().split('\n').map((l) => l.split('\t'));
const at = (name: string) => header!.indexOf(name);
const byGuideline = new Map<string, { n: number; agree: number }>();
const misses: string[] = [];
for (const row of rows) {
  const g = row[at('guideline')]!;
  const entry = byGuideline.get(g) ?? { n: 0, agree: 0 };
  entry.n++;
  if (row[at('expected')] === row[at('interpretation')]) entry.agree++;
  else misses.push(`| ${g} | ${row[at('organism')]} | ${row[at('antibiotic')]} | ${row[at('method')]} ${row[at('value')]} | ${row[at('expected')]} | ${row[at('interpretation')] || '—'} | ${row[at('breakpoint')]} |`);
  byGuideline.set(g, entry);
}
const total = [...byGuideline.values()].reduce((a, b) => ({ n: a.n + b.n, agree: a.agree + b.agree }), { n: 0, agree: 0 });
console.log(`\n# AST agreement with as.sir() (AMR 3.0.0)\n\n${total.agree}/${total.n} = ${((100 * total.agree) / total.n).toFixed(1)} % in ${seconds.toFixed(1)} s\n`);
console.log('| guideline | cases | agree |\n|---|---|---|');
for (const [g, e] of [...byGuideline].sort()) console.log(`| ${g} | ${e.n} | ${e.agree} (${((100 * e.agree) / e.n).toFixed(1)} %) |`);
console.log('\n| guideline | organism | drug | value | as.sir() | MDC | MDC breakpoint |\n|---|---|---|---|---|---|---|');
for (const m of misses) console.log(m);
